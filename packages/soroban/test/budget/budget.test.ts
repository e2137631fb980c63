/**
 * The budget against the host's own budget tests (soroban-env-host/src/test/budget_metering.rs and
 * budget/model.rs at v23.0.0): per-type tallies after one bulk charge of every cost type, the
 * rounding of the scaled linear term, limits, input checks and shadow mode.
 */
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/budget.js';
import { COST_TYPES, type CostType, costTypeCountAt } from '../../src/budget/cost-types.js';
import { DEFAULT_COST_PARAMS } from '../../src/budget/default-params.js';
import { evaluateModel, U64_MAX } from '../../src/budget/model.js';
import { HostError } from '../../src/errors/host-error.js';

// budget_metering.rs `total_amount_charged_from_random_inputs`: [type, iterations, input, cpu, mem]
// after one `bulk_charge(type, iterations, input)` per type on `Host::default()`'s budget.
const RANDOM_INPUTS: readonly (readonly [CostType, bigint, bigint | undefined, bigint, bigint])[] = [
  ['WasmInsnExec', 246n, undefined, 984n, 0n],
  ['MemAlloc', 1n, 152n, 453n, 168n],
  ['MemCpy', 1n, 65n, 50n, 0n],
  ['MemCmp', 1n, 74n, 53n, 0n],
  ['DispatchHostFunction', 176n, undefined, 54560n, 0n],
  ['VisitObject', 97n, undefined, 5917n, 0n],
  ['ValSer', 1n, 49n, 241n, 389n],
  ['ValDeser', 1n, 103n, 62271n, 309n],
  ['ComputeSha256Hash', 1n, 193n, 14310n, 0n],
  ['ComputeEd25519PubKey', 226n, undefined, 9097178n, 0n],
  ['VerifyEd25519Sig', 1n, 227n, 384738n, 0n],
  ['VmInstantiation', 1n, 147n, 503770n, 135880n],
  ['VmCachedInstantiation', 1n, 147n, 41870n, 70869n],
  ['InvokeVmFunction', 47n, undefined, 91556n, 658n],
  ['ComputeKeccak256Hash', 1n, 1n, 3812n, 0n],
  ['DecodeEcdsaCurve256Sig', 1n, undefined, 710n, 0n],
  ['RecoverEcdsaSecp256k1Key', 1n, undefined, 2315295n, 181n],
  ['Int256AddSub', 1n, undefined, 4404n, 99n],
  ['Int256Mul', 1n, undefined, 4947n, 99n],
  ['Int256Div', 1n, undefined, 4911n, 99n],
  ['Int256Pow', 1n, undefined, 4286n, 99n],
  ['Int256Shift', 1n, undefined, 913n, 99n],
  ['ChaCha20DrawBytes', 1n, 1n, 1061n, 0n],
  ['ParseWasmInstructions', 1n, 1n, 73275n, 17614n],
  ['ParseWasmFunctions', 1n, 1n, 4224n, 370n],
  ['ParseWasmGlobals', 1n, 1n, 1377n, 104n],
  ['ParseWasmTableEntries', 1n, 1n, 234n, 49n],
  ['ParseWasmTypes', 1n, 1n, 8292n, 505n],
  ['ParseWasmDataSegments', 1n, 1n, 1854n, 227n],
  ['ParseWasmElemSegments', 1n, 1n, 2566n, 375n],
  ['ParseWasmImports', 1n, 1n, 5483n, 806n],
  ['ParseWasmExports', 1n, 1n, 3354n, 284n],
  ['ParseWasmDataSegmentBytes', 1n, 1n, 0n, 2n],
  ['InstantiateWasmInstructions', 1n, undefined, 43030n, 70704n],
  ['InstantiateWasmFunctions', 1n, 1n, 59n, 114n],
  ['InstantiateWasmGlobals', 1n, 1n, 83n, 53n],
  ['InstantiateWasmTableEntries', 1n, 1n, 25n, 8n],
  ['InstantiateWasmTypes', 1n, undefined, 0n, 0n],
  ['InstantiateWasmDataSegments', 1n, 1n, 179n, 1012n],
  ['InstantiateWasmElemSegments', 1n, 1n, 331n, 106n],
  ['InstantiateWasmImports', 1n, 1n, 6476n, 762n],
  ['InstantiateWasmExports', 1n, 1n, 2321n, 71n],
  ['InstantiateWasmDataSegmentBytes', 1n, 1n, 0n, 0n],
  ['Sec1DecodePointUncompressed', 1n, undefined, 1882n, 0n],
  ['VerifyEcdsaSecp256r1Sig', 1n, undefined, 3000906n, 0n],
  ['Bls12381EncodeFp', 1n, undefined, 661n, 0n],
  ['Bls12381DecodeFp', 1n, undefined, 985n, 0n],
  ['Bls12381G1CheckPointOnCurve', 1n, undefined, 1934n, 0n],
  ['Bls12381G1CheckPointInSubgroup', 1n, undefined, 730510n, 0n],
  ['Bls12381G2CheckPointOnCurve', 1n, undefined, 5921n, 0n],
  ['Bls12381G2CheckPointInSubgroup', 1n, undefined, 1057822n, 0n],
  ['Bls12381G1ProjectiveToAffine', 1n, undefined, 92642n, 0n],
  ['Bls12381G2ProjectiveToAffine', 1n, undefined, 100742n, 0n],
  ['Bls12381G1Add', 1n, undefined, 7689n, 0n],
  ['Bls12381G1Mul', 1n, undefined, 2458985n, 0n],
  ['Bls12381G1Msm', 1n, 1n, 3179828n, 112264n],
  ['Bls12381MapFpToG1', 1n, undefined, 1541554n, 5552n],
  ['Bls12381HashToG1', 1n, 1n, 3211243n, 9424n],
  ['Bls12381G2Add', 1n, undefined, 25207n, 0n],
  ['Bls12381G2Mul', 1n, undefined, 7873219n, 0n],
  ['Bls12381G2Msm', 1n, 1n, 10455244n, 222424n],
  ['Bls12381MapFp2ToG2', 1n, undefined, 2420202n, 3344n],
  ['Bls12381HashToG2', 1n, 1n, 7050617n, 6816n],
  ['Bls12381Pairing', 1n, 1n, 15503174n, 75176n],
  ['Bls12381FrFromU256', 1n, undefined, 1994n, 0n],
  ['Bls12381FrToU256', 1n, undefined, 1155n, 248n],
  ['Bls12381FrAddSub', 1n, undefined, 74n, 0n],
  ['Bls12381FrMul', 1n, undefined, 332n, 0n],
  ['Bls12381FrPow', 1n, 1n, 1273n, 1n],
  ['Bls12381FrInv', 1n, undefined, 35421n, 0n],
];

function hostError(run: () => unknown): HostError {
  try {
    run();
  } catch (error) {
    if (error instanceof HostError) return error;
    throw error;
  }
  throw new Error('expected a HostError');
}

describe('Budget.default() charges as the host', () => {
  it('tallies one bulk charge of every cost type (total_amount_charged_from_random_inputs)', () => {
    const budget = Budget.default();
    // The inputs cover protocol 23's types; v26.0.0's test leaves the BN254 ones uncharged too.
    expect(RANDOM_INPUTS.map(([type]) => type)).toEqual(COST_TYPES.slice(0, costTypeCountAt(23)));
    for (const [type, iterations, input] of RANDOM_INPUTS) budget.chargeBulk(type, iterations, input);
    for (const [type, iterations, input, cpu, mem] of RANDOM_INPUTS) {
      expect({ type, ...budget.tally(type) }).toEqual({ type, iterations, input, cpu, mem });
    }
    expect(budget.cpuUsed).toBe(71_512_669n);
    expect(budget.memUsed).toBe(737_364n);
    expect(budget.cpuLimit).toBe(100_000_000n);
    expect(budget.memLimit).toBe(41_943_040n);
    expect(budget.meterCount).toBe(70);

    // The same charges in shadow mode count only towards the shadow totals.
    for (const [type, iterations, input] of RANDOM_INPUTS) {
      budget.withShadowMode(() => budget.chargeBulk(type, iterations, input));
    }
    expect(budget.shadowCpuUsed).toBe(71_512_669n);
    expect(budget.shadowMemUsed).toBe(737_364n);
    expect(budget.cpuUsed).toBe(71_512_669n);
    expect(budget.meterCount).toBe(70);
    expect(budget.tally('WasmInsnExec').iterations).toBe(246n);
  });

  // budget/model.rs `test_model_evaluation_with_rounding`: const 3, linear 5 (scaled by 2^7).
  it.each([
    { iterations: 1n, input: 1n, want: 3n },
    { iterations: 1n, input: 26n, want: 4n },
    { iterations: 26n, input: 1n, want: 79n },
  ])(
    'rounds the linear term after multiplying: $iterations x input $input = $want',
    ({ iterations, input, want }) => {
      expect(evaluateModel({ constTerm: 3n, linTerm: 5n }, iterations, input)).toBe(want);
    },
  );

  it('saturates at u64::MAX and ignores the linear term without an input', () => {
    const model = { constTerm: 3n, linTerm: 5n };
    expect(evaluateModel(model, U64_MAX, 1n)).toBe(U64_MAX);
    expect(evaluateModel(model, 1n, U64_MAX)).toBe(3n + (U64_MAX >> 7n));
    expect(evaluateModel(model, 2n, undefined)).toBe(6n);
  });
});

describe('Budget limits', () => {
  it('fails with (Budget, ExceededLimit) past the CPU limit, counting the charge, before charging memory', () => {
    const budget = new Budget(DEFAULT_COST_PARAMS, { cpu: 1000n, mem: 1000n });
    budget.charge('MemAlloc', 64n); // cpu 442, mem 80
    budget.charge('MemAlloc', 64n); // cpu 884: at most the limit is fine
    expect(budget.cpuRemaining).toBe(116n);
    const error = hostError(() => budget.charge('MemAlloc', 64n));
    expect(error.short).toBe('Error(Budget, ExceededLimit)');
    expect(budget.cpuUsed).toBe(1326n);
    expect(budget.cpuRemaining).toBe(0n);
    expect(budget.memUsed).toBe(160n);
  });

  it('fails past the memory limit after charging CPU', () => {
    const budget = new Budget(DEFAULT_COST_PARAMS, { cpu: 1_000_000n, mem: 100n });
    expect(hostError(() => budget.charge('MemAlloc', 100n)).is('Budget', 'ExceededLimit')).toBe(true);
    expect(budget.cpuUsed).toBe(434n + 12n);
    expect(budget.memUsed).toBe(116n);
    expect(budget.memRemaining).toBe(0n);
  });

  it.each([
    { given: 'VisitObject with an input', run: (b: Budget) => b.charge('VisitObject', 1n) },
    { given: 'MemCpy without an input', run: (b: Budget) => b.charge('MemCpy') },
    { given: 'an unknown cost type', run: (b: Budget) => b.charge('NotACostType' as CostType) },
  ])('refuses $given with (Budget, InternalError)', ({ run }) => {
    expect(hostError(() => run(Budget.default())).short).toBe('Error(Budget, InternalError)');
  });

  it('refuses negative parameters and more parameters than cost types, as try_from_configs does', () => {
    const negative = { cpu: [{ constTerm: -1n, linTerm: 0n }], mem: [] };
    expect(hostError(() => new Budget(negative, { cpu: 1n, mem: 1n })).short).toBe(
      'Error(Context, InvalidInput)',
    );
    const tooMany = { cpu: [...DEFAULT_COST_PARAMS.cpu, { constTerm: 1n, linTerm: 0n }], mem: [] };
    expect(hostError(() => new Budget(tooMany, { cpu: 1n, mem: 1n })).short).toBe(
      'Error(Budget, InternalError)',
    );
  });

  it('leaves the cost types a short parameter list lacks free', () => {
    const budget = new Budget({ cpu: [{ constTerm: 35n, linTerm: 36n }], mem: [] }, { cpu: 100n, mem: 100n });
    budget.charge('MemAlloc', 1000n);
    expect([budget.cpuUsed, budget.memUsed]).toEqual([0n, 0n]);
  });
});

describe('Budget shadow mode', () => {
  it('swallows the errors of shadow work and skips it once the shadow budget is spent', () => {
    const budget = new Budget(DEFAULT_COST_PARAMS, { cpu: 1000n, mem: 1000n, shadowCpu: 500n });
    let runs = 0;
    const work = () => {
      runs += 1;
      budget.charge('MemAlloc', 64n);
    };
    budget.withShadowMode(work); // 442 of 500
    budget.withShadowMode(work); // 884: over, error swallowed
    budget.withShadowMode(work); // already over: not run
    expect(runs).toBe(2);
    expect(budget.shadowCpuUsed).toBe(884n);
    expect(budget.cpuUsed).toBe(0n);
    expect(budget.inShadowMode).toBe(false);
    expect(hostError(() => budget.withObservableShadowMode(() => 1)).short).toBe(
      'Error(Budget, ExceededLimit)',
    );
  });

  it('returns the result of observable shadow work', () => {
    const budget = Budget.default();
    expect(budget.withObservableShadowMode(() => budget.inShadowMode)).toBe(true);
    expect(budget.inShadowMode).toBe(false);
  });
});

describe('Budget depth limit', () => {
  it('allows 100 nested levels and fails the 101st with (Context, ExceededLimit), then recovers', () => {
    const budget = Budget.default();
    const nest = (levels: number): number =>
      levels === 0 ? 0 : budget.withLimitedDepth(() => 1 + nest(levels - 1));
    expect(nest(100)).toBe(100);
    expect(hostError(() => nest(101)).short).toBe('Error(Context, ExceededLimit)');
    expect(nest(100)).toBe(100);
  });
});

it('serves as the meter other layers take', () => {
  const meter: { charge(costType: string, input?: bigint): void } = Budget.default();
  const asProperty: { charge: (costType: string, input?: bigint) => void } = Budget.default();
  meter.charge('ComputeSha256Hash', 32n);
  asProperty.charge('VisitObject');
  expect(hostError(() => meter.charge('NoSuchCost')).short).toBe('Error(Budget, InternalError)');
});
