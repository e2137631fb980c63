/**
 * Claim predicates in the JSON stellar/go `xdr/json.go` gives them (`claimPredicateJSON`):
 * `{"unconditional":true}`, `{"and":[…]}`, `{"or":[…]}`, `{"not":…}`,
 * `{"abs_before":"<RFC 3339>","abs_before_epoch":"<seconds>"}` or `{"rel_before":"<seconds>"}`.
 */
import type { components } from '@starspec/ledger-api';
import type { xdr } from '@stellar/stellar-sdk/base';

export type ClaimPredicateJson = components['schemas']['ClaimPredicate'];

const SECONDS_PER_DAY = 86_400n;

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Days since 1970-01-01 to a proleptic Gregorian date (H. Hinnant's civil_from_days), any range. */
function civilFromDays(days: bigint): { year: bigint; month: bigint; day: bigint } {
  const z = days + 719_468n;
  const era = floorDiv(z, 146_097n);
  const doe = z - era * 146_097n;
  const yoe = (doe - doe / 1_460n + doe / 36_524n - doe / 146_096n) / 365n;
  const doy = doe - (365n * yoe + yoe / 4n - yoe / 100n);
  const mp = (5n * doy + 2n) / 153n;
  const day = doy - (153n * mp + 2n) / 5n + 1n;
  const month = mp < 10n ? mp + 3n : mp - 9n;
  return { year: yoe + era * 400n + (month <= 2n ? 1n : 0n), month, day };
}

function pad(value: bigint, width: number): string {
  return value.toString().padStart(width, '0');
}

/**
 * Unix seconds as Go's `time.Unix(s, 0).UTC().Format(time.RFC3339)`, with the `+` that
 * `iso8601Time` puts before years past 9999 (`+292277026596-12-04T15:30:07Z` for the largest
 * int64). Exact for any int64, where a JavaScript Date stops at year 275760.
 */
export function goTimestamp(unixSeconds: bigint): string {
  const days = floorDiv(unixSeconds, SECONDS_PER_DAY);
  const seconds = unixSeconds - days * SECONDS_PER_DAY;
  const { year, month, day } = civilFromDays(days);
  const yearText = year < 0n ? `-${pad(-year, 4)}` : `${year > 9999n ? '+' : ''}${pad(year, 4)}`;
  const time = `${pad(seconds / 3600n, 2)}:${pad((seconds % 3600n) / 60n, 2)}:${pad(seconds % 60n, 2)}`;
  return `${yearText}-${pad(month, 2)}-${pad(day, 2)}T${time}Z`;
}

export function claimPredicateJson(predicate: xdr.ClaimPredicate): ClaimPredicateJson {
  switch (predicate.type) {
    case 'claimPredicateUnconditional':
      return { unconditional: true };
    case 'claimPredicateAnd':
      return { and: predicate.andPredicates.map(claimPredicateJson) };
    case 'claimPredicateOr':
      return { or: predicate.orPredicates.map(claimPredicateJson) };
    case 'claimPredicateNot':
      if (!predicate.notPredicate) throw new TypeError('a not predicate without its operand');
      return { not: claimPredicateJson(predicate.notPredicate) };
    case 'claimPredicateBeforeAbsoluteTime':
      return {
        abs_before: goTimestamp(predicate.absBefore),
        abs_before_epoch: predicate.absBefore.toString(),
      };
    case 'claimPredicateBeforeRelativeTime':
      return { rel_before: predicate.relBefore.toString() };
  }
}
