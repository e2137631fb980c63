/**
 * Claimable balances and clawbacks: balances of lumens and USD for one or two claimants with
 * predicates, claimed, clawed back, and USD clawed back from trust lines; failing ones without a
 * trust line, underfunded, claimed by a non-claimant, clawed back by a non-issuer, and a clawback
 * of more than the holder has.
 */
import { Claimant, type Keypair, Operation } from '@stellar/stellar-sdk';
import { created } from '../state-workload.js';
import { after, type Context, eachTrader, type Phase, xlm } from './context.js';

/** Balances made by these traders are claimed by no one: the issuer claws back the USD ones. */
const unclaimed = (i: number) => i % 5 === 3;

const create: Phase = {
  name: 'claimable balances created',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      if (i % 8 === 7)
        return {
          fails: true,
          ops: [
            Operation.createClaimableBalance({
              asset: ctx.nope,
              amount: '1',
              claimants: [new Claimant(after(ctx, i).publicKey())],
            }),
          ],
        };
      if (i % 8 === 6)
        return {
          fails: true,
          ops: [
            Operation.createClaimableBalance({
              asset: xlm,
              amount: '1000000',
              claimants: [new Claimant(after(ctx, i).publicKey())],
            }),
          ],
        };
      const claimants = [new Claimant(after(ctx, i).publicKey(), Claimant.predicateUnconditional())];
      if (i % 3 === 0)
        claimants.push(
          new Claimant(
            after(ctx, i, 2).publicKey(),
            Claimant.predicateOr(
              Claimant.predicateNot(Claimant.predicateBeforeRelativeTime('60')),
              Claimant.predicateBeforeAbsoluteTime('4102444800'),
            ),
          ),
        );
      return {
        ops: [
          Operation.createClaimableBalance({
            asset: i % 2 ? xlm : ctx.usd,
            amount: `${7 + i}.125`,
            claimants,
          }),
        ],
      };
    }),
  after: (ctx, hashes) => {
    // One transaction per trader, in order; those of i % 8 ≥ 6 failed.
    ctx.traders.forEach((_, i) => {
      if (i % 8 < 6) ctx.balances.set(i, created(ctx.t, hashes[i] as string, 0).balanceId());
    });
  },
};

/** The balance a trader may claim: the one its predecessor made for it. */
const mine = (ctx: Context, i: number) => ctx.balances.get((i + ctx.traders.length - 1) % ctx.traders.length);

const claim: Phase = {
  name: 'claimable balances claimed',
  txs: (ctx) => {
    const txs = eachTrader(ctx, (i) => {
      const predecessor = (i + ctx.traders.length - 1) % ctx.traders.length;
      if (unclaimed(predecessor)) {
        // Claims a balance it is no claimant of (it may be gone already: either fails).
        const theirs = ctx.balances.get((i + 3) % ctx.traders.length);
        return theirs
          ? { fails: true, ops: [Operation.claimClaimableBalance({ balanceId: theirs })] }
          : undefined;
      }
      const balanceId = mine(ctx, i);
      return balanceId ? { ops: [Operation.claimClaimableBalance({ balanceId })] } : undefined;
    });
    const usdUnclaimed = [...ctx.balances].filter(([i]) => unclaimed(i) && i % 2 === 0).map(([, id]) => id);
    const xlmUnclaimed = [...ctx.balances].filter(([i]) => unclaimed(i) && i % 2 === 1).map(([, id]) => id);
    return [
      ...txs,
      {
        source: ctx.issuer,
        ops: usdUnclaimed.map((balanceId) => Operation.clawbackClaimableBalance({ balanceId })),
      },
      {
        source: ctx.spare[3] as Keypair,
        fails: true,
        ops: xlmUnclaimed.slice(0, 1).map((balanceId) => Operation.clawbackClaimableBalance({ balanceId })),
      },
    ];
  },
};

/** USD clawed back from trust lines: the issuer's one transaction, then one clawing too much. */
const clawbacks = (fails: boolean): Phase => ({
  name: fails ? 'clawback of too much' : 'clawbacks',
  txs: (ctx) => [
    {
      source: ctx.issuer,
      fails,
      ops: ctx.traders.slice(0, 4).map((kp, i) =>
        Operation.clawback({
          asset: ctx.usd,
          from: kp.publicKey(),
          amount: fails && i === 3 ? '1000000' : `${1 + i}`,
        }),
      ),
    },
  ],
});

export const balancePhases: Phase[] = [create, claim, clawbacks(false), clawbacks(true)];
