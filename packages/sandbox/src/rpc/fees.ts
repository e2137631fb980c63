/**
 * getFeeStats from the fees the retained ledgers actually charged, as stellar-rpc's fee windows
 * (`feewindow/feewindow.go`) compute them: per ledger, each classic transaction's fee charged
 * divided by its operations; over the last 10 ledgers (classic) and 50 (Soroban: not yet
 * counted from the sandbox's Soroban transactions, so empty).
 */
import type { GetFeeStatsResult } from '@starspec/ledger-rpc';
import type { LedgerRecord } from '../network/records.js';
import { ledgerRange, type RpcContext } from './common.js';

/** stellar-rpc `classic-fee-stats-retention-window` and `soroban-fee-stats-retention-window`. */
export const CLASSIC_FEE_WINDOW = 10;
export const SOROBAN_FEE_WINDOW = 50;

type FeeDistribution = GetFeeStatsResult['inclusionFee'];

const PERCENTILES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99] as const;

/** feewindow.computeFeeDistribution, its mode included (the last of the most repeated values). */
export function feeDistribution(fees: bigint[], ledgerCount: number): FeeDistribution {
  if (fees.length === 0) {
    const zero = { max: '0', min: '0', mode: '0', transactionCount: '0', ledgerCount: 0 };
    return { ...zero, ...Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, '0'])) } as FeeDistribution;
  }
  const sorted = [...fees].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let mode = sorted[0] as bigint;
  let last = mode;
  let most = 0;
  let run = 0;
  for (const fee of sorted.slice(1)) {
    if (fee === last) {
      run++;
      continue;
    }
    if (run > most) {
      most = run;
      mode = last;
    }
    last = fee;
    run = 0;
  }
  if (run > most) mode = sorted.at(-1) as bigint;
  const count = BigInt(sorted.length);
  const percentile = (p: number) => String(sorted[Number((BigInt(p) * count + 99n) / 100n) - 1]);
  return {
    max: String(sorted.at(-1)),
    min: String(sorted[0]),
    mode: String(mode),
    ...Object.fromEntries(PERCENTILES.map((p) => [`p${p}`, percentile(p)])),
    transactionCount: String(sorted.length),
    ledgerCount,
  } as FeeDistribution;
}

/** The classic inclusion fees of some ledgers: fee charged per operation, rounded down. */
export function classicFees(ledgers: readonly LedgerRecord[]): bigint[] {
  return ledgers.flatMap((ledger) =>
    ledger.transactions
      .filter((tx) => tx.operationCount > 0)
      .map((tx) => tx.result.feeCharged / BigInt(tx.operationCount)),
  );
}

export function getFeeStats(context: RpcContext): GetFeeStatsResult {
  const { latest } = ledgerRange(context);
  const classic = context.network.closed.range(latest.sequence - CLASSIC_FEE_WINDOW + 1, latest.sequence);
  return {
    sorobanInclusionFee: feeDistribution([], 0),
    inclusionFee: feeDistribution(classicFees(classic), classic.length),
    latestLedger: latest.sequence,
  };
}
