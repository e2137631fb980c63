// A seeded, bounded walk of classic payments, path payments, crossing offers and SAC transfers,
// mints, burns and clawbacks among a few holders. After every step: the classic entry and the
// SAC's simulated `balance` agree for every holder of both assets; no balance sits below its
// reserve and selling liabilities or above its limit less buying liabilities (stellar-core's
// rules, which the host's balance.rs applies to SAC transfers); the issued asset's total moves
// only by mints, burns and clawbacks, and XLM's only by the fees charged; and every balance moved
// by what the transaction's CAP-67 events (classic or SAC, and the fee events) say it moved by.
// STARSPEC_SAC_SEED and STARSPEC_SAC_STEPS replay or lengthen a run.
import { Asset, Keypair, Operation, scValToNative, type xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testVolume } from '../../../../scripts/test-volume.mjs';
import { counterWasm } from '../support/contracts/index.js';
import { signed, submit } from '../support/sandbox.js';
import { eventDeltas } from './sac-event-deltas.js';
import { randomStep, seeded, type World } from './sac-property-steps.js';
import { balanceKey, deploySac, sacBalance } from './sac-support.js';
import { type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

const SEED = Number(process.env.STARSPEC_SAC_SEED ?? 20261129);
const STEPS = Number(process.env.STARSPEC_SAC_STEPS ?? testVolume(200));
const BASE_RESERVE = 5000000n;
const I64_MAX = 2n ** 63n - 1n;
const I128_MAX = 2n ** 127n - 1n;

const random = seeded(SEED);
const keypair = () =>
  Keypair.fromRawEd25519Seed(Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256))));
const issuer = keypair();
const holders = [keypair(), keypair(), keypair()];
const usd = new Asset('USD', issuer.publicKey());
let t: SdkSandbox;
let world: World;

interface Holding {
  balance: bigint;
  /** The least the balance may fall to (reserve + selling liabilities, or selling liabilities). */
  floor: bigint;
  /** The most it may rise to (limit less buying liabilities). */
  ceiling: bigint;
}

/** A balance entry read back: an account, a trustline, or the contract's Balance (none: 0). */
function holdingOf(data: xdr.LedgerEntryData | undefined): Holding {
  if (data?.type === 'account') {
    const a = data.account;
    const v1 = a.ext.type === 'v1' ? a.ext.v1 : undefined;
    const v2 = v1?.ext.type === 'v2' ? v1.ext.v2 : undefined;
    const reserves =
      2n + BigInt(a.numSubEntries) + BigInt(v2?.numSponsoring ?? 0) - BigInt(v2?.numSponsored ?? 0);
    const selling = BigInt(v1?.liabilities.selling ?? 0n);
    const buying = BigInt(v1?.liabilities.buying ?? 0n);
    return {
      balance: BigInt(a.balance),
      floor: reserves * BASE_RESERVE + selling,
      ceiling: I64_MAX - buying,
    };
  }
  if (data?.type === 'trustline') {
    const line = data.trustLine;
    const v1 = line.ext.type === 'v1' ? line.ext.v1 : undefined;
    const selling = BigInt(v1?.liabilities.selling ?? 0n);
    const buying = BigInt(v1?.liabilities.buying ?? 0n);
    return { balance: BigInt(line.balance), floor: selling, ceiling: BigInt(line.limit) - buying };
  }
  if (data?.type === 'contractData') {
    const { amount } = scValToNative(data.contractData.val) as { amount: bigint };
    return { balance: amount, floor: 0n, ceiling: I128_MAX };
  }
  return { balance: 0n, floor: 0n, ceiling: I128_MAX };
}

/** The balances the walk follows: both assets of every holder and the contract, and the issuer's XLM. */
function trackedBalances(): { asset: Asset; contractId: string; holder: string }[] {
  const holderIds = [...holders.map((h) => h.publicKey()), world.contract];
  return [
    ...[issuer.publicKey(), ...holderIds].map((holder) => ({
      asset: Asset.native(),
      contractId: world.xlmSac,
      holder,
    })),
    ...holderIds.map((holder) => ({ asset: usd, contractId: world.usdSac, holder })),
  ];
}

interface Totals {
  xlm: bigint;
  usd: bigint;
  /** Every tracked balance by `${contractId} ${address}` (the issuer's unbounded USD is not one). */
  balances: Map<string, bigint>;
}

/**
 * Checks every tracked balance's two views (one getLedgerEntries of all the entries, and the
 * SAC's `balance` of each) and its bounds; answers the totals of both assets.
 */
async function checkedTotals(context: string): Promise<Totals> {
  const totals: Totals = { xlm: 0n, usd: 0n, balances: new Map() };
  const tracked = trackedBalances();
  const keys = tracked.map(({ asset, contractId, holder }) => balanceKey(asset, contractId, holder));
  const { entries } = await t.server.getLedgerEntries(...keys);
  const byKey = new Map(entries.map((e) => [e.key.toXDR('base64'), e.val]));
  const reader = issuer.publicKey();
  const sacViews = await Promise.all(tracked.map((b) => sacBalance(t, reader, b.contractId, b.holder)));
  tracked.forEach(({ asset, contractId, holder }, i) => {
    const what = `${context}: ${asset.code} of ${holder}`;
    const h = holdingOf(byKey.get(keys[i]?.toXDR('base64') ?? ''));
    expect(sacViews[i], `${what}, the SAC's balance`).toBe(h.balance);
    expect(h.balance, `${what} under its floor`).toBeGreaterThanOrEqual(h.floor);
    expect(h.balance, `${what} over its ceiling`).toBeLessThanOrEqual(h.ceiling);
    totals[asset.isNative() ? 'xlm' : 'usd'] += h.balance;
    totals.balances.set(`${contractId} ${holder}`, h.balance);
  });
  return totals;
}

async function classic(source: Keypair, operations: xdr.Operation[]) {
  expect((await submit(t, await signed(t, source, operations))).status).toBe('SUCCESS');
}

beforeAll(async () => {
  t = await sdkSandbox([issuer, ...holders]);
  // AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED before the trustlines: each line and contract balance can be clawed back.
  await classic(issuer, [Operation.setOptions({ setFlags: (2 | 8) as never })]);
  for (const h of holders) {
    await classic(h, [Operation.changeTrust({ asset: usd, limit: '1000000' })]);
    await classic(issuer, [Operation.payment({ asset: usd, destination: h.publicKey(), amount: '1000' })]);
  }
  const contract = await uploadAndDeploy(t, holders[0] as Keypair, counterWasm());
  const xlmSac = await deploySac(t, issuer, Asset.native());
  const usdSac = await deploySac(t, issuer, usd);
  world = {
    t,
    issuer,
    holders,
    contract,
    usd,
    xlmSac,
    usdSac,
    async spendable(holder, asset) {
      const { entries } = await t.server.getLedgerEntries(balanceKey(asset, '', holder));
      const h = holdingOf(entries[0]?.val);
      return h.balance - h.floor;
    },
  };
});
afterAll(() => stopSandbox(t));

it(`classic and SAC views of every balance agree over ${STEPS} steps (seed ${SEED})`, async () => {
  let totals = await checkedTotals('at the start');
  const kinds = new Map<string, number>();
  for (let step = 0; step < STEPS; step++) {
    const outcome = await randomStep(world, random);
    const context = `seed ${SEED} step ${step}: ${outcome.label}${outcome.landed ? '' : ' (failed)'}`;
    const next = await checkedTotals(context);
    expect(next.usd - totals.usd, `${context}: USD total`).toBe(outcome.supplyChange);
    expect(totals.xlm - next.xlm, `${context}: XLM total`).toBe(outcome.fee);
    const told = eventDeltas(outcome.events, world.xlmSac);
    for (const [key, balance] of next.balances)
      expect(balance - (totals.balances.get(key) ?? 0n), `${context}: events of ${key}`).toBe(
        told.get(key) ?? 0n,
      );
    const untracked = [...told.keys()].filter(
      (key) => !next.balances.has(key) && key !== `${world.usdSac} ${issuer.publicKey()}`,
    );
    expect(untracked, `${context}: events of untracked holders`).toEqual([]);
    totals = next;
    const kind = `${outcome.label.split(' ').slice(0, 2).join(' ')}${outcome.landed ? '' : ' x'}`;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  // The walk reached both sides of the rules: SAC calls landed, and some were refused.
  const landedSac = [...kinds].filter(([k]) => k.startsWith('SAC') && !k.endsWith(' x'));
  const refusedSac = [...kinds].filter(([k]) => k.startsWith('SAC') && k.endsWith(' x'));
  expect(landedSac.length, JSON.stringify([...kinds])).toBeGreaterThan(2);
  expect(refusedSac.length, JSON.stringify([...kinds])).toBeGreaterThan(0);
});
