/**
 * Payments: lumens and issued assets round the ring with every kind of memo, muxed accounts, fee
 * bumps and preconditions; failing ones underfunded, to no account, without a trust line (either
 * side), and a fee bump whose inner transaction fails.
 */
import { Account, Keypair, Memo, MuxedAccount, Operation } from '@stellar/stellar-sdk';
import type { SendOptions } from '../ledger.js';
import { after, type Context, eachTrader, type Phase, sequenceOf, xlm } from './context.js';

const nobody = () => Keypair.random().publicKey();
const muxed = (kp: Keypair, id: string) => new MuxedAccount(new Account(kp.publicKey(), '0'), id).accountId();
/** A day after now: the sandbox's close times run ahead of the clock when closing fast. */
const later = () => Math.floor(Date.now() / 1000) + 86_400;

const lumens: Phase = {
  name: 'lumen payments',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const memo = Memo.text(`payment ${i}`);
      if (i % 8 === 7)
        return {
          memo,
          fails: true,
          ops: [Operation.payment({ destination: after(ctx, i).publicKey(), asset: xlm, amount: '100000' })],
        };
      if (i % 8 === 3)
        return {
          memo,
          fails: true,
          ops: [Operation.payment({ destination: nobody(), asset: xlm, amount: '1' })],
        };
      return {
        memo,
        ops: [
          Operation.payment({
            destination: after(ctx, i).publicKey(),
            asset: xlm,
            amount: `${1 + (i % 5)}.5`,
          }),
        ],
      };
    }),
};

const credit: Phase = {
  name: 'credit payments',
  txs: (ctx) =>
    eachTrader(ctx, (i, source) => {
      const memo = Memo.id(String(1000 + i));
      const asset = i % 2 ? ctx.eur : ctx.usd;
      const to = after(ctx, i, 2);
      switch (i % 8) {
        case 5:
          return {
            memo,
            fails: true,
            ops: [Operation.payment({ destination: to.publicKey(), asset: ctx.nope, amount: '1' })],
          };
        case 1:
          return {
            memo,
            fails: true,
            ops: [
              Operation.payment({ destination: (ctx.spare[1] as Keypair).publicKey(), asset, amount: '1' }),
            ],
          };
        case 2:
          return {
            memo,
            ops: [
              Operation.payment({
                source: muxed(source, String(i)),
                destination: muxed(to, '18446744073709551615'),
                asset,
                amount: '3.1415926',
              }),
            ],
          };
        default:
          return {
            memo,
            ops: [
              Operation.payment({ destination: to.publicKey(), asset, amount: `${10 + i}` }),
              Operation.payment({
                destination: after(ctx, i, 3).publicKey(),
                asset: xlm,
                amount: '0.0000001',
              }),
            ],
          };
      }
    }),
};

/** Fee bumps paid by a spare account, with hash and return memos and each kind of precondition. */
const feeBumped: Phase = {
  name: 'fee-bumped payments',
  txs: (ctx) => {
    const latest = ctx.t.network.ledger.latestSequence;
    return eachTrader(ctx, (i, source) => {
      const conditions: SendOptions['conditions'][] = [
        { timebounds: { minTime: 1, maxTime: later() } },
        { ledgerbounds: { minLedger: latest, maxLedger: latest + 1000 } },
        { minAccountSequence: sequenceOf(ctx, source).toString() },
        { minAccountSequenceAge: 0n, minAccountSequenceLedgerGap: 1 },
      ];
      const memo =
        i % 3 === 0
          ? Memo.hash(Buffer.alloc(32, i).toString('hex'))
          : Memo.return(Buffer.alloc(32, 255 - i).toString('hex'));
      const fails = i % 6 === 5;
      return {
        memo,
        conditions: conditions[i % 4],
        feeSource: ctx.spare[0],
        fails,
        ops: [
          Operation.payment({
            destination: after(ctx, i, 5).publicKey(),
            asset: i % 2 ? ctx.usd : xlm,
            amount: fails ? '1000000' : '2',
          }),
        ],
      };
    });
  },
};

/** Payments to themselves, to muxed ids of their own, and the issuer paying and being paid. */
const circular: Phase = {
  name: 'payments to self and issuer',
  txs: (ctx: Context) => [
    ...eachTrader(ctx, (i, source) => ({
      ops:
        i % 3 === 0
          ? [Operation.payment({ destination: source.publicKey(), asset: xlm, amount: '1' })]
          : i % 3 === 1
            ? [Operation.payment({ destination: ctx.issuer.publicKey(), asset: ctx.usd, amount: '1' })]
            : [Operation.payment({ destination: muxed(source, String(i * 7)), asset: ctx.eur, amount: '4' })],
    })),
    {
      source: ctx.issuer,
      memo: Memo.text('from the issuer'),
      ops: ctx.traders
        .slice(0, 6)
        .map((kp) => Operation.payment({ destination: kp.publicKey(), asset: ctx.eur, amount: '5' })),
    },
  ],
};

export const paymentPhases: Phase[] = [lumens, credit, feeBumped, circular];
