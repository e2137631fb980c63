/**
 * The linear cost model of one cost type in one dimension (CPU or memory), evaluated with the
 * host's u64 arithmetic (budget/model.rs, `MeteredCostComponent::evaluate`):
 *
 *   cost = iterations * constTerm + ((linTerm * input * iterations) >> 7)
 *
 * `linTerm` is kept scaled by 2^7 (`ScaledU64`), as the ledger's cost parameters are; every
 * product saturates at u64::MAX, and without an input only the constant term counts.
 */

/** The linear term's scale: it is stored multiplied by 2^7. */
export const LIN_TERM_SCALE_BITS = 7n;

export const U64_MAX = (1n << 64n) - 1n;

export interface LinearModel {
  readonly constTerm: bigint;
  /** Scaled by 2^LIN_TERM_SCALE_BITS. */
  readonly linTerm: bigint;
}

/** A model per cost type (index = XDR value) for each dimension; missing types cost nothing. */
export interface CostParams {
  readonly cpu: readonly LinearModel[];
  readonly mem: readonly LinearModel[];
}

export function saturatingAddU64(a: bigint, b: bigint): bigint {
  const sum = a + b;
  return sum > U64_MAX ? U64_MAX : sum;
}

export function saturatingMulU64(a: bigint, b: bigint): bigint {
  const product = a * b;
  return product > U64_MAX ? U64_MAX : product;
}

export function saturatingSubU64(a: bigint, b: bigint): bigint {
  return a > b ? a - b : 0n;
}

/** A whole number of units scaled as a linear term (`ScaledU64::from_unscaled_u64`). */
export function scaleLinTerm(unscaled: bigint): bigint {
  return (unscaled << LIN_TERM_SCALE_BITS) & U64_MAX;
}

/** The cost of `iterations` charges of one input each (undefined input: the constant part alone). */
export function evaluateModel(model: LinearModel, iterations: bigint, input: bigint | undefined): bigint {
  const constant = saturatingMulU64(model.constTerm, iterations);
  if (input === undefined || model.linTerm === 0n) return constant;
  const linear = saturatingMulU64(saturatingMulU64(model.linTerm, input), iterations);
  return saturatingAddU64(constant, linear >> LIN_TERM_SCALE_BITS);
}

/** Models from rows of [cpu const, cpu linear, mem const, mem linear], linear terms already scaled. */
export function costParamsFromRows(rows: readonly (readonly [number, number, number, number])[]): CostParams {
  const column = (constAt: number, linAt: number): LinearModel[] =>
    rows.map((row) => ({ constTerm: BigInt(row[constAt] as number), linTerm: BigInt(row[linAt] as number) }));
  return { cpu: column(0, 1), mem: column(2, 3) };
}
