/**
 * The steps of the SAC balance property test, drawn from a seeded generator: classic payments,
 * path payments and crossing offers among a few holders, and SAC transfers, mints, burns and
 * clawbacks, some sized to the exact spendable amount (or one stroop past it) so that reserves
 * and selling liabilities decide them. Each step is landed through the RPC as a dApp lands it;
 * what it answers is what the invariants need: the fee charged and how it changed the issued
 * asset's supply.
 */
import {
  Asset,
  BASE_FEE,
  type Keypair,
  Operation,
  rpc,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import { signed, submit } from '../support/sandbox.js';
import { sacCall } from './sac-support.js';
import type { SdkSandbox } from './support.js';

/** mulberry32: a small seeded generator, the same steps for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

export interface World {
  t: SdkSandbox;
  issuer: Keypair;
  holders: Keypair[];
  /** A contract holding SAC balances (a C-address). */
  contract: string;
  usd: Asset;
  xlmSac: string;
  usdSac: string;
  /** What a G-holder could spend of each asset now (balance less reserve and selling liabilities). */
  spendable(holder: string, asset: Asset): Promise<bigint>;
}

export interface StepOutcome {
  /** What the step did, for the failure message. */
  label: string;
  /** XLM the step's transaction charged (0 when it was refused before submission). */
  fee: bigint;
  /** How the step changed the issued asset's total (mint +, burn and clawback −). */
  supplyChange: bigint;
  landed: boolean;
  /** The transaction's events (none when it was refused before submission). */
  events?: rpc.Api.TransactionEvents;
}

const stroopsText = (amount: bigint): string =>
  `${amount / 10_000_000n}.${(amount % 10_000_000n).toString().padStart(7, '0')}`;

/** A classic transaction; its fee and whether it succeeded. */
async function classicStep(
  w: World,
  source: Keypair,
  op: xdr.Operation,
  label: string,
): Promise<StepOutcome> {
  const final = await submit(w.t, await signed(w.t, source, [op]));
  return {
    label,
    fee: BigInt(final.resultXdr.feeCharged),
    supplyChange: 0n,
    landed: final.status === 'SUCCESS',
    events: final.events,
  };
}

/**
 * An SAC call prepared by simulation; a simulation error refuses it before submission (no fee).
 * A prepared call may still fail when applied (the fee is taken first): it lands as failed.
 */
async function sacStep(
  w: World,
  source: Keypair,
  op: xdr.Operation,
  label: string,
  supplyChange: bigint,
): Promise<StepOutcome> {
  const { t } = w;
  const built = new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.passphrase,
  })
    .addOperation(op)
    .setTimeout(300)
    .build();
  const sim = await t.server.simulateTransaction(built);
  if (!rpc.Api.isSimulationSuccess(sim)) {
    expect(sim, label).toHaveProperty(
      'error',
      expect.stringMatching(/^HostError: Error\(Contract, #(10|11|13)\)/),
    );
    return { label: `${label} (refused)`, fee: 0n, supplyChange: 0n, landed: false };
  }
  const prepared = rpc.assembleTransaction(built, sim).build();
  prepared.sign(source);
  const final = await submit(t, prepared);
  const landed = final.status === 'SUCCESS';
  return {
    label,
    fee: BigInt(final.resultXdr.feeCharged),
    supplyChange: landed ? supplyChange : 0n,
    landed,
    events: final.events,
  };
}

/** One random step. */
export async function randomStep(w: World, random: () => number): Promise<StepOutcome> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const from = pick(w.holders);
  const to = pick(w.holders.filter((h) => h !== from));
  const asset = random() < 0.5 ? Asset.native() : w.usd;
  const name = asset.isNative() ? 'XLM' : 'USD';
  const small = BigInt(1 + Math.floor(random() * 20_0000000));
  /** Small, all of what is spendable, or one stroop more. */
  const sized = async (holder: Keypair, what: Asset) => {
    const roll = random();
    if (roll < 0.7) return small;
    const room = await w.spendable(holder.publicKey(), what);
    return roll < 0.85 ? room : room + 1n;
  };
  const kind = pick([
    'payment',
    'pathSend',
    'offer',
    'offer',
    'sacTransfer',
    'sacTransfer',
    'sacToContract',
    'mint',
    'burn',
    'clawback',
  ] as const);
  switch (kind) {
    case 'payment': {
      const amount = await sized(from, asset);
      if (amount <= 0n) return { label: 'payment of nothing', fee: 0n, supplyChange: 0n, landed: false };
      const op = Operation.payment({ asset, destination: to.publicKey(), amount: stroopsText(amount) });
      return classicStep(w, from, op, `payment ${name} ${amount}`);
    }
    case 'pathSend': {
      const destAsset = asset.isNative() ? w.usd : Asset.native();
      const op = Operation.pathPaymentStrictSend({
        sendAsset: asset,
        sendAmount: stroopsText(small),
        destination: to.publicKey(),
        destAsset,
        destMin: '0.0000001',
        path: [],
      });
      return classicStep(w, from, op, `path payment ${name} ${small}`);
    }
    case 'offer': {
      const buying = asset.isNative() ? w.usd : Asset.native();
      const price = pick(['0.9', '1', '1.1']);
      const op = Operation.manageSellOffer({ selling: asset, buying, amount: stroopsText(small), price });
      return classicStep(w, from, op, `offer selling ${name} ${small} at ${price}`);
    }
    case 'sacTransfer': {
      const amount = await sized(from, asset);
      const contract = asset.isNative() ? w.xlmSac : w.usdSac;
      const op = sacCall(contract, 'transfer', [from.publicKey(), to.publicKey(), amount]);
      return sacStep(w, from, op, `SAC transfer ${name} ${amount}`, 0n);
    }
    case 'sacToContract': {
      const contract = asset.isNative() ? w.xlmSac : w.usdSac;
      const op = sacCall(contract, 'transfer', [from.publicKey(), w.contract, small]);
      return sacStep(w, from, op, `SAC transfer ${name} ${small} to the contract`, 0n);
    }
    case 'mint': {
      const target = random() < 0.8 ? to.publicKey() : w.contract;
      const op = sacCall(w.usdSac, 'mint', [target, small]);
      return sacStep(w, w.issuer, op, `SAC mint ${small}`, small);
    }
    case 'burn': {
      const amount = await sized(from, w.usd);
      const op = sacCall(w.usdSac, 'burn', [from.publicKey(), amount]);
      return sacStep(w, from, op, `SAC burn ${amount}`, -amount);
    }
    case 'clawback': {
      const target = random() < 0.8 ? from.publicKey() : w.contract;
      const op = sacCall(w.usdSac, 'clawback', [target, small]);
      return sacStep(w, w.issuer, op, `SAC clawback ${small}`, -small);
    }
  }
}
