/**
 * Claim predicates as JSON, as stellar/go `xdr.ClaimPredicate.MarshalJSON` writes them:
 * `{"unconditional": true}`, `{"and": […]}`, `{"or": […]}`, `{"not": …}`,
 * `{"abs_before": "<RFC 3339>", "abs_before_epoch": "<seconds>"}`, `{"rel_before": "<seconds>"}`.
 */
import type { xdr } from '@stellar/stellar-sdk/base';

const SECONDS_PER_DAY = 86_400n;

function pad(value: bigint, width: number): string {
  return value.toString().padStart(width, '0');
}

/**
 * Unix seconds as Go's `time.Unix(s, 0).UTC().Format(time.RFC3339)`, with stellar/go's `+`
 * before years past 9999. Any int64 is a valid `abs_before`, far beyond what `Date` holds, so
 * the calendar is computed here (days to civil date, H. Hinnant's algorithm).
 */
export function goRfc3339(seconds: bigint): string {
  let days = seconds / SECONDS_PER_DAY;
  let rest = seconds % SECONDS_PER_DAY;
  if (rest < 0n) {
    rest += SECONDS_PER_DAY;
    days -= 1n;
  }
  const z = days + 719_468n;
  const era = (z >= 0n ? z : z - 146_096n) / 146_097n;
  const dayOfEra = z - era * 146_097n;
  const yearOfEra = (dayOfEra - dayOfEra / 1_460n + dayOfEra / 36_524n - dayOfEra / 146_096n) / 365n;
  const dayOfYear = dayOfEra - (365n * yearOfEra + yearOfEra / 4n - yearOfEra / 100n);
  const shiftedMonth = (5n * dayOfYear + 2n) / 153n;
  const day = dayOfYear - (153n * shiftedMonth + 2n) / 5n + 1n;
  const month = shiftedMonth < 10n ? shiftedMonth + 3n : shiftedMonth - 9n;
  const year = yearOfEra + era * 400n + (month <= 2n ? 1n : 0n);
  const yearText = year < 0n ? `-${pad(-year, 4)}` : `${year > 9999n ? '+' : ''}${pad(year, 4)}`;
  const time = [rest / 3600n, (rest % 3600n) / 60n, rest % 60n].map((v) => pad(v, 2)).join(':');
  return `${yearText}-${pad(month, 2)}-${pad(day, 2)}T${time}Z`;
}

export type PredicateJson = { [key: string]: boolean | string | PredicateJson | PredicateJson[] };

export function predicateJson(predicate: xdr.ClaimPredicate): PredicateJson {
  switch (predicate.type) {
    case 'claimPredicateUnconditional':
      return { unconditional: true };
    case 'claimPredicateAnd':
      return { and: predicate.andPredicates.map(predicateJson) };
    case 'claimPredicateOr':
      return { or: predicate.orPredicates.map(predicateJson) };
    case 'claimPredicateNot':
      if (!predicate.notPredicate) throw new Error('a "not" claim predicate without its predicate');
      return { not: predicateJson(predicate.notPredicate) };
    case 'claimPredicateBeforeAbsoluteTime':
      return {
        abs_before: goRfc3339(predicate.absBefore),
        abs_before_epoch: predicate.absBefore.toString(),
      };
    case 'claimPredicateBeforeRelativeTime':
      return { rel_before: predicate.relBefore.toString() };
  }
}
