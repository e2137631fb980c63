/**
 * No balance is created or destroyed outside mint, burn and clawback: 600 random SAC operations
 * (transfer, transfer_from, approve, mint, burn, burn_from, clawback, set_authorized) among
 * accounts (trustlines authorized or not, one with a low limit, one without a trustline) and
 * contracts, with edge amounts; after each, the sum of all balances + burned − minted − clawed
 * back is what it was, and a call that failed left every balance and allowance as it found them.
 * The issuer is no holder: what reaches it leaves circulation as a burn would.
 */

import { random } from '@starspec/http-fuzz';
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { testVolume } from '../../../../scripts/test-volume.mjs';
import { allowanceKey, balanceKey } from '../../src/builtin/sac/storage-types.js';
import { HostError } from '../../src/errors/host-error.js';
import {
  addr,
  bool,
  contractId,
  defaultSac,
  I64_MAX,
  i128,
  keypair,
  putAccount,
  putTrustline,
  type Sac,
  sacEnv,
  scAddress,
  trustlineKey,
  u32,
} from '../builtin/sac/support.js';
import { fuzzSeed, type Random } from '../support/scval-fuzz.js';

const OPERATIONS = testVolume(600);
const I128_MAX = (1n << 127n) - 1n;

type Holder = Keypair | Uint8Array;

/** Mostly an amount a holder may have; else zero, an extreme of i64 or i128, or negative. */
function amount(r: Random): bigint {
  if (r.chance(0.6)) return BigInt(1 + r.int(5_000));
  return r.pick([0n, 1n, 7n, 100n, 12_345n, 1_000_000n, I64_MAX, I64_MAX + 1n, I128_MAX, -1n, -(1n << 127n)]);
}

/** One random operation: its name, arguments and what it mints (+) or destroys (−) if it succeeds. */
function operation(
  r: Random,
  holders: readonly Holder[],
  approved: ReadonlyArray<[Holder, Holder]>,
): { fn: string; args: xdr.ScVal[]; minted: bigint; holders: [Holder, Holder] } {
  // A spender mostly spends what it was approved for, so transfer_from and burn_from get through.
  const [a, c] = approved.length > 0 && r.chance(0.7) ? r.pick(approved) : [r.pick(holders), r.pick(holders)];
  const b = r.pick(holders);
  const n = amount(r);
  switch (r.int(8)) {
    case 0:
      return { fn: 'transfer', args: [addr(a), addr(b), i128(n)], minted: 0n, holders: [a, c] };
    case 1:
      return { fn: 'transfer_from', args: [addr(c), addr(a), addr(b), i128(n)], minted: 0n, holders: [a, c] };
    case 2:
      return {
        fn: 'approve',
        args: [addr(a), addr(c), i128(n), u32(r.pick([0, 200, 10_000]))],
        minted: 0n,
        holders: [a, c],
      };
    case 3:
      return { fn: 'mint', args: [addr(a), i128(n)], minted: n, holders: [a, c] };
    case 4:
      return { fn: 'burn', args: [addr(a), i128(n)], minted: -n, holders: [a, c] };
    case 5:
      return { fn: 'burn_from', args: [addr(c), addr(a), i128(n)], minted: -n, holders: [a, c] };
    case 6:
      return { fn: 'clawback', args: [addr(a), i128(n)], minted: -n, holders: [a, c] };
    default:
      return { fn: 'set_authorized', args: [addr(a), bool(r.chance(0.6))], minted: 0n, holders: [a, c] };
  }
}

const contractDataKey = (sac: Sac, key: xdr.ScVal, durability: xdr.ContractDataDurability) =>
  xdr.LedgerKey.contractData(new xdr.LedgerKeyContractData({ contract: scAddress(sac.id), key, durability }));

/** What holds balances and allowances, as stored: trustlines, Balance and Allowance entries. */
function storedKeys(sac: Sac, value: xdr.Asset, holders: readonly Holder[]): xdr.LedgerKey[] {
  return holders.flatMap((holder) => [
    holder instanceof Uint8Array
      ? contractDataKey(sac, balanceKey(scAddress(holder)), xdr.ContractDataDurability.persistent)
      : trustlineKey(holder, value),
    ...holders.map((spender) =>
      contractDataKey(
        sac,
        allowanceKey(scAddress(holder), scAddress(spender)),
        xdr.ContractDataDurability.temporary,
      ),
    ),
  ]);
}

/** The sum of the holders' balances (as `balance` answers), and every stored entry that holds them. */
function state(
  sac: Sac,
  holders: readonly Holder[],
  keys: readonly xdr.LedgerKey[],
): { total: bigint; stored: string } {
  let total = 0n;
  for (const holder of holders) {
    try {
      total += sac.balance(holder);
    } catch (error) {
      // An account without a trustline has no balance to read.
      if (!(error instanceof HostError)) throw error;
    }
  }
  const stored = keys.map((key) => {
    const found = sac.env.snapshot.get(key);
    return found ? `${found.entry.toXDR('base64')}@${found.liveUntil}` : '-';
  });
  return { total, stored: stored.join(',') };
}

describe('SAC conservation of balances', () => {
  it(`${OPERATIONS} random operations: balances + burned − minted stay constant, failures change nothing`, () => {
    const seed = fuzzSeed(0xba1a);
    const r = random(seed);
    const env = sacEnv();
    const { sac, asset } = defaultSac(env);
    const [trusted, deauthorized, limited, untrusted] = [keypair(2), keypair(3), keypair(4), keypair(5)];
    for (const holder of [trusted, deauthorized, limited, untrusted])
      putAccount(env, holder, { balance: 50_000_000n });
    putTrustline(env, trusted, asset);
    putTrustline(env, deauthorized, asset, { flags: 0 });
    putTrustline(env, limited, asset, { limit: 10_000n });
    for (const holder of [trusted, limited, contractId(11)]) sac.call('mint', addr(holder), i128(10_000n));
    const holders: Holder[] = [
      trusted,
      deauthorized,
      limited,
      untrusted,
      contractId(11),
      contractId(12),
      contractId(13),
    ];

    const keys = storedKeys(sac, asset, holders);
    /** Minted less burned and clawed back, by the operations that succeeded. */
    let minted = 0n;
    let before = state(sac, holders, keys);
    const initial = before.total;
    const counts: Record<string, number> = {};
    const approved: Array<[Holder, Holder]> = [];
    for (let i = 0; i < OPERATIONS; i++) {
      const op = operation(r, holders, approved);
      let outcome = 'ok';
      try {
        sac.invoke(op.fn, ...op.args);
        minted += op.minted;
        if (op.fn === 'approve') approved.push([op.holders[0], op.holders[1]]);
      } catch (error) {
        if (!(error instanceof HostError)) throw new Error(`seed ${seed}, operation ${i} ${op.fn}: ${error}`);
        outcome = error.message.split(':')[0] as string;
      }
      const after = state(sac, holders, keys);
      const where = `seed ${seed} (SOROBAN_FUZZ_SEED), operation ${i}: ${op.fn} ${outcome}`;
      // Sum of balances + burned + clawed back − minted, as it was before the first operation.
      expect(after.total - minted, where).toBe(initial);
      if (outcome !== 'ok') expect(after.stored, where).toBe(before.stored);
      before = after;
      counts[`${op.fn} ${outcome}`] = (counts[`${op.fn} ${outcome}`] ?? 0) + 1;
    }
    console.log(
      `SAC conservation (seed ${seed}):\n${Object.entries(counts)
        .sort()
        .map(([k, n]) => `${String(n).padStart(5)}  ${k}`)
        .join('\n')}`,
    );
  }, 1_200_000);
});
