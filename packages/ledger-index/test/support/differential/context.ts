/**
 * The differential workload's bulk part: traders holding two issued assets, and phases, each one
 * ledger in which every trader (and at times the issuer or a spare account) sends one
 * transaction. A phase says which of its transactions must fail; a run checks each landed in
 * its ledger with the outcome asked.
 */
import { accountKey, keyId } from '@starspec/sandbox';
import {
  Asset,
  AuthClawbackEnabledFlag,
  AuthRevocableFlag,
  getLiquidityPoolId,
  type Keypair,
  LiquidityPoolAsset,
  Operation,
  type xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import type { SendOptions, TestLedger } from '../ledger.js';

export interface Pool {
  asset: LiquidityPoolAsset;
  id: string;
}

export interface Context {
  t: TestLedger;
  issuer: Keypair;
  /** Each sends one transaction in (nearly) every phase. */
  traders: Keypair[];
  /** Funded, trusting nothing: fee payers, destinations without trust lines, accounts to merge. */
  spare: Keypair[];
  usd: Asset;
  eur: Asset;
  /** Issued by the issuer, trusted by nobody until a late phase. */
  nope: Asset;
  xlmUsd: Pool;
  usdEur: Pool;
  /** Claimable balance ids by the index of the trader that created them (see balances.ts). */
  balances: Map<number, string>;
  /** Accounts created in sponsorship sandwiches, by the index of their sponsor. */
  sponsored: Map<number, Keypair>;
}

/** One transaction of a phase. `fails`: it must fail when applied (`'maybe'`: either outcome). */
export interface Tx extends SendOptions {
  source: Keypair;
  ops: xdr.Operation[];
  fails?: boolean | 'maybe';
}

export interface Phase {
  name: string;
  txs(ctx: Context): Tx[] | Promise<Tx[]>;
  /** Reads what the ledger made (ids) for later phases. */
  after?(ctx: Context, hashes: string[]): void;
}

export const xlm = Asset.native();
export const WIDE = { minPrice: { n: 1, d: 2_000_000_000 }, maxPrice: { n: 2_000_000_000, d: 1 } };

/** The trader `k` places after trader `i`, round the ring. */
export const after = (ctx: Context, i: number, k = 1): Keypair =>
  ctx.traders[(i + k) % ctx.traders.length] as Keypair;

/** One transaction per trader, or none where `make` answers undefined. */
export function eachTrader(
  ctx: Context,
  make: (i: number, source: Keypair) => Omit<Tx, 'source'> | undefined,
): Tx[] {
  return ctx.traders.flatMap((source, i) => {
    const tx = make(i, source);
    return tx ? [{ source, ...tx }] : [];
  });
}

/** An account's current sequence number. */
export function sequenceOf(ctx: Context, kp: Keypair): bigint {
  const entry = ctx.t.network.ledger.entry(keyId(accountKey(kp.xdrAccountId())));
  if (entry?.data.type !== 'account') throw new Error(`no account ${kp.publicKey()}`);
  return entry.data.account.seqNum;
}

function pool(a: Asset, b: Asset): Pool {
  return {
    asset: new LiquidityPoolAsset(a, b, 30),
    id: Buffer.from(getLiquidityPoolId('constant_product', { assetA: a, assetB: b, fee: 30 })).toString(
      'hex',
    ),
  };
}

/** A transaction's result codes (a fee bump's, its inner one's) and its operations': `txFailed opInner:paymentUnderfunded`. */
export function outcome(result: xdr.TransactionResult): string {
  let inner = result.result;
  const outer: string[] = [];
  if (inner.type === 'txFeeBumpInnerSuccess' || inner.type === 'txFeeBumpInnerFailed') {
    outer.push(inner.type);
    inner = inner.innerResultPair.result.result;
  }
  const ops = inner.type === 'txSuccess' || inner.type === 'txFailed' ? inner.results : [];
  const code = (op: xdr.OperationResult) => {
    if (op.type !== 'opInner') return op.type;
    const value = Object.values(op.tr).find((v) => typeof v === 'object') as { type?: string } | undefined;
    return `${op.type}:${value?.type}`;
  };
  return [...outer, inner.type, ...ops.map(code)].join(' ');
}

/** Sends a phase's transactions, closes its ledger and checks each one's outcome. */
export async function runPhase(ctx: Context, phase: Phase): Promise<string[]> {
  const txs = await phase.txs(ctx);
  const hashes = txs.map(({ source, ops, fails: _, ...options }) => ctx.t.send(source, ops, options));
  const sequence = await ctx.t.close();
  const landed = new Map((ctx.t.network.closed.get(sequence)?.transactions ?? []).map((tx) => [tx.hash, tx]));
  txs.forEach((tx, n) => {
    const record = landed.get(hashes[n] as string);
    const label = `${phase.name} #${n}`;
    expect(record, `${label} is not in ledger ${sequence}`).toBeDefined();
    if (record && tx.fails !== 'maybe')
      expect([label, record.successful, outcome(record.result)]).toEqual([
        label,
        !tx.fails,
        expect.any(String),
      ]);
  });
  phase.after?.(ctx, hashes);
  return hashes;
}

/** Funds the traders and spare accounts, and gives the traders trust lines and the assets. */
export async function setUp(t: TestLedger, traders = 24, spare = 6): Promise<Context> {
  const [issuer, ...keys] = await t.accounts(1 + traders + spare, '10000');
  if (!issuer) throw new Error('no issuer');
  const usd = new Asset('USD', issuer.publicKey());
  const eur = new Asset('EUR', issuer.publicKey());
  const ctx: Context = {
    t,
    issuer,
    traders: keys.slice(0, traders),
    spare: keys.slice(traders),
    usd,
    eur,
    nope: new Asset('NOPE', issuer.publicKey()),
    xlmUsd: pool(xlm, usd),
    usdEur: pool(eur, usd),
    balances: new Map(),
    sponsored: new Map(),
  };
  await runPhase(ctx, {
    name: 'issuer flags',
    txs: () => [
      {
        source: issuer,
        ops: [
          Operation.setOptions({ setFlags: (AuthRevocableFlag | AuthClawbackEnabledFlag) as 2 }),
          Operation.setOptions({ homeDomain: 'issuer.example' }),
        ],
      },
    ],
  });
  await runPhase(ctx, {
    name: 'trust',
    txs: () =>
      eachTrader(ctx, () => ({
        ops: [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: eur })],
      })),
  });
  await runPhase(ctx, {
    name: 'funding',
    txs: () => [
      {
        source: issuer,
        ops: ctx.traders.flatMap((kp) =>
          [usd, eur].map((asset) =>
            Operation.payment({ destination: kp.publicKey(), asset, amount: '10000' }),
          ),
        ),
      },
    ],
  });
  return ctx;
}
