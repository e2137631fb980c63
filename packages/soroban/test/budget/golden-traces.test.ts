/**
 * The default budget against the Rust host's golden traces (observations-23: CPU and memory after
 * every host call of the host's own tests). Host-only calls are sums of charges, so charging what
 * the Rust host function charges, with `Budget.default()`, must land on the traced totals.
 *
 * Charges of the host code these calls run (soroban-env-host at v23.0.0):
 * - add_host_object (host_object.rs): MemAlloc(64), the declared size of one HostObject.
 * - host-function arguments and results that are objects are checked by `check_obj_integrity`
 *   (env.rs `CheckedEnvArg`, host.rs): one VisitObject each; u32/i64 arguments are not.
 * - visit_obj: VisitObject.
 * - metered_slice_to_vec(n bytes) (conversion.rs, `charge_bulk_init_cpy`): MemCpy(24) for the
 *   Vec header, MemAlloc(n), MemCpy(n).
 * - a u64 object's metered_clone: MemCpy(8).
 * - comparing two byte objects (comparison.rs): MemCmp(min of the two lengths).
 * - Host::test_host_with_recording_footprint sets the test PRNG seed, which runs it through
 *   HMAC-SHA256 (crypto/mod.rs `unbias_prng_seed`): bulk_charge(ComputeSha256Hash, 2, 64).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/budget.js';
import type { CostType } from '../../src/budget/cost-types.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

type Charge = readonly [CostType, bigint?] | readonly [CostType, bigint | undefined, bigint];

interface Step {
  /** The number of the trace line whose totals follow these charges. */
  readonly line: number;
  readonly charges: readonly Charge[];
}

/** CPU and memory after each numbered trace line (a line without `mem:` keeps the last one). */
function traceTotals(file: string): Map<number, { cpu: bigint; mem: bigint }> {
  const trace = JSON.parse(readSoroban(`observations-23/${file}`).toString('utf8')) as Record<string, string>;
  const totals = new Map<number, { cpu: bigint; mem: bigint }>();
  let cpu = 0n;
  let mem = 0n;
  for (const [key, value] of Object.entries(trace)) {
    cpu = BigInt(/cpu:(\d+)/.exec(value)?.[1] ?? cpu);
    mem = BigInt(/mem:(\d+)/.exec(value)?.[1] ?? mem);
    totals.set(Number.parseInt(key, 10), { cpu, mem });
  }
  return totals;
}

function apply(budget: Budget, [type, input, iterations]: Charge): void {
  budget.chargeBulk(type, iterations ?? 1n, input);
}

const ADD_HOST_OBJECT: Charge = ['MemAlloc', 64n];
const CHECK_OBJECT: Charge = ['VisitObject'];
const VISIT: Charge = ['VisitObject'];
const sliceToVec = (bytes: bigint): Charge[] => [
  ['MemCpy', 24n],
  ['MemAlloc', bytes],
  ['MemCpy', bytes],
];

const CASES: readonly { readonly file: string; readonly steps: readonly Step[] }[] = [
  {
    // test/basic.rs u64_roundtrip on Host::test_host(): nothing charged before the first call.
    file: 'test__basic__u64_roundtrip.json',
    steps: [
      { line: 0, charges: [] },
      // obj_from_u64(u64::MAX): a U64 object, then the integrity check of the returned object.
      { line: 2, charges: [ADD_HOST_OBJECT, CHECK_OBJECT] },
      // obj_to_u64(obj): check the argument, visit it, clone the u64.
      { line: 4, charges: [CHECK_OBJECT, VISIT, ['MemCpy', 8n]] },
    ],
  },
  {
    // test/bytes.rs bytes_slice_start_equal_len.
    file: 'test__bytes__bytes_slice_start_equal_len.json',
    steps: [
      // bytes_new_from_slice(4 bytes): an EnvBase call, its result not integrity-checked.
      { line: 2, charges: [...sliceToVec(4n), ADD_HOST_OBJECT] },
      // bytes_slice(obj, 4, 4): check obj, visit it, copy the 0 bytes, a new object, check it.
      { line: 4, charges: [CHECK_OBJECT, VISIT, ...sliceToVec(0n), ADD_HOST_OBJECT, CHECK_OBJECT] },
      // bytes_new(): an empty Vec costs nothing; a new object, check it.
      { line: 6, charges: [ADD_HOST_OBJECT, CHECK_OBJECT] },
      // obj_cmp(a, b): check both, visit both, compare 0 bytes; an i64 result is not checked.
      { line: 8, charges: [CHECK_OBJECT, CHECK_OBJECT, VISIT, VISIT, ['MemCmp', 0n]] },
    ],
  },
  {
    // Host::test_host_with_recording_footprint: every trace of such a test begins at cpu 14488.
    file: 'test__budget_metering__xdr_object_conversion.json',
    steps: [{ line: 0, charges: [['ComputeSha256Hash', 64n, 2n]] }],
  },
];

describe.skipIf(!sorobanData)(
  `golden traces, host calls without a VM (${sorobanData ? 'observations-23' : NO_SOROBAN_DATA})`,
  () => {
    it.each(CASES)('$file: the default budget after each call', ({ file, steps }) => {
      const totals = traceTotals(file);
      const budget = Budget.default();
      for (const { line, charges } of steps) {
        for (const charge of charges) apply(budget, charge);
        expect({ line, cpu: budget.cpuUsed, mem: budget.memUsed }).toEqual({ line, ...totals.get(line) });
      }
    });

    it('every trace begins with nothing charged or with the PRNG seed charged, but three that set up storage', () => {
      const seeded = Budget.default();
      seeded.chargeBulk('ComputeSha256Hash', 2n, 64n);
      const starts = new Map<string, number>();
      for (const file of readdirSync(join(sorobanData as string, 'observations-23'))) {
        const begin = traceTotals(file).get(0);
        const kind =
          begin?.cpu === 0n && begin.mem === 0n
            ? 'nothing'
            : begin?.cpu === seeded.cpuUsed && begin.mem === seeded.memUsed
              ? 'seed'
              : 'other';
        starts.set(kind, (starts.get(kind) ?? 0) + 1);
      }
      expect(Object.fromEntries(starts)).toEqual({ nothing: 108, seed: 380, other: 3 });
    });
  },
);
