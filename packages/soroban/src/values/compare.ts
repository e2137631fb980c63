/**
 * The host's total order of Vals (`soroban-env-common/src/compare.rs`): equal words are equal; a
 * comparison that involves an object is the host's (`obj_cmp`, given as `compareObjects`); other
 * small values order by tag, then by what they hold.
 */
import { smallSymbolText } from './symbol.js';
import { Tag } from './tags.js';
import { isObject, isSmallNumberTag, majorOf, minorOf, smallNumberOf, tagOf, type Val } from './val.js';

export type Ordering = -1 | 0 | 1;

const sign = (a: bigint | number | string, b: bigint | number | string): Ordering =>
  a < b ? -1 : a > b ? 1 : 0;

export function compareVals(a: Val, b: Val, compareObjects: (a: Val, b: Val) => Ordering): Ordering {
  if (a === b) return 0;
  if (isObject(a) || isObject(b)) return compareObjects(a, b);
  const tagA = tagOf(a);
  const tagB = tagOf(b);
  if (tagA !== tagB) return sign(tagA, tagB);
  return compareSameSmallTag(a, b, tagA);
}

function compareSameSmallTag(a: Val, b: Val, tag: number): Ordering {
  switch (tag) {
    case Tag.Error:
      // (type, code): the order ScError has.
      return sign(minorOf(a), minorOf(b)) || sign(majorOf(a), majorOf(b));
    case Tag.U32Val:
      return sign(majorOf(a), majorOf(b));
    case Tag.I32Val:
      return sign(majorOf(a) | 0, majorOf(b) | 0);
    case Tag.SymbolSmall:
      return sign(smallSymbolText(a), smallSymbolText(b));
    default:
      // Bool and void carry nothing more; a bad tag compares equal, as the host's does.
      return isSmallNumberTag(tag) ? sign(smallNumberOf(a), smallNumberOf(b)) : 0;
  }
}
