/**
 * The margins simulation adds (soroban-simulation simulation.rs `SimulationAdjustmentConfig`,
 * resources.rs `adjust_u32` / `adjust_i64`): a value becomes max(value x factor, value + addend),
 * rounded down, and 0 stays 0 (an unused resource needs no margin).
 */
export interface AdjustmentFactor {
  readonly multiplicative: number;
  readonly additive: number;
}

export interface AdjustmentConfig {
  readonly instructions: AdjustmentFactor;
  readonly readBytes: AdjustmentFactor;
  readonly writeBytes: AdjustmentFactor;
  readonly txSize: AdjustmentFactor;
  readonly refundableFee: AdjustmentFactor;
}

const NONE: AdjustmentFactor = { multiplicative: 1, additive: 0 };

export const NO_ADJUSTMENT: AdjustmentConfig = {
  instructions: NONE,
  readBytes: NONE,
  writeBytes: NONE,
  txSize: NONE,
  refundableFee: NONE,
};

/** `default_adjustment`: what stellar-rpc's simulateTransaction applies. */
export const DEFAULT_ADJUSTMENT: AdjustmentConfig = {
  instructions: { multiplicative: 1.04, additive: 50_000 },
  readBytes: NONE,
  writeBytes: NONE,
  txSize: { multiplicative: 1.1, additive: 500 },
  refundableFee: { multiplicative: 1.15, additive: 0 },
};

const U32_MAX = 0xffff_ffff;
const I64_MAX = (1n << 63n) - 1n;

export function adjustU32(value: number, factor: AdjustmentFactor): number {
  if (value === 0) return 0;
  const added = Math.min(value + factor.additive, U32_MAX);
  const scaled = Math.floor(Math.min(Math.max(value * factor.multiplicative, 0), U32_MAX));
  return Math.max(added, scaled);
}

export function adjustI64(value: bigint, factor: AdjustmentFactor): bigint {
  if (value === 0n) return 0n;
  const sum = value + BigInt(factor.additive);
  const added = sum > I64_MAX ? I64_MAX : sum;
  // As the Rust code: through f64, clamped, truncated.
  const product = Math.min(Math.max(Number(value) * factor.multiplicative, 0), Number(I64_MAX));
  const scaledRaw = BigInt(Math.floor(product));
  const scaled = scaledRaw > I64_MAX ? I64_MAX : scaledRaw;
  return added > scaled ? added : scaled;
}
