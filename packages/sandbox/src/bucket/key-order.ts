/**
 * The order of entries in a bucket: stellar-core's LedgerEntryIdCmp (bucket/LedgerCmp.h), the
 * entry type first, then the key's fields compared as xdrpp compares values (unions by arm then
 * value, fixed opaques bytewise, strings and vectors bytewise then shorter first, integers by
 * value). Keys whose fields are all fixed-size compare as their XDR bytes do; data names and
 * contract data keys (SCVals) are compared field by field.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { compareBytes, keyBytes } from '../core/keys.js';

const sign = (n: number | bigint): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareVectors<T>(a: readonly T[], b: readonly T[], cmp: (x: T, y: T) => number): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = cmp(a[i] as T, b[i] as T);
    if (d !== 0) return d;
  }
  return sign(a.length - b.length);
}

/** Absent before present, as xdrpp orders optional values. */
function compareOptional<T>(a: T | null | undefined, b: T | null | undefined, cmp: (x: T, y: T) => number) {
  if (a == null || b == null) return (a == null ? 0 : 1) - (b == null ? 0 : 1);
  return cmp(a, b);
}

const byXdr = (a: { toXdr(): Uint8Array }, b: { toXdr(): Uint8Array }) =>
  sign(compareBytes(a.toXdr(), b.toXdr()));

type Parts = { hi: bigint | number; lo: bigint | number };
const compareParts = (a: Parts, b: Parts) =>
  sign(BigInt(a.hi) - BigInt(b.hi)) || sign(BigInt(a.lo) - BigInt(b.lo));

/** xdrpp's order of two SCVals: the arm, then the value. */
export function compareScVal(a: xdr.ScVal, b: xdr.ScVal): number {
  const arm = xdr.ScValType.fromName(a.type).value - xdr.ScValType.fromName(b.type).value;
  if (arm !== 0) return sign(arm);
  switch (a.type) {
    case 'scvU32':
    case 'scvI32':
    case 'scvU64':
    case 'scvI64':
    case 'scvTimepoint':
    case 'scvDuration':
      return sign(BigInt(a.value as number | bigint) - BigInt(b.value as number | bigint));
    case 'scvU128':
    case 'scvI128':
      return compareParts(a.value as Parts, b.value as Parts);
    case 'scvBytes':
    case 'scvString':
    case 'scvSymbol': {
      // The contents as encoded (the SDK hands strings and symbols out as JS strings, which may
      // not round-trip arbitrary bytes): after the arm and the length, `length` bytes.
      const bytes = (v: xdr.ScVal) => {
        const encoded = Buffer.from(v.toXDR());
        return encoded.subarray(8, 8 + encoded.readUInt32BE(4));
      };
      return sign(compareBytes(bytes(a), bytes(b)));
    }
    case 'scvVec':
      return compareOptional(a.value as xdr.ScVal[] | null, b.value as xdr.ScVal[] | null, (x, y) =>
        compareVectors(x, y, compareScVal),
      );
    case 'scvMap':
      return compareOptional(a.value as xdr.ScMapEntry[] | null, b.value as xdr.ScMapEntry[] | null, (x, y) =>
        compareVectors(x, y, (p, q) => compareScVal(p.key, q.key) || compareScVal(p.val, q.val)),
      );
    default:
      // Void, booleans, errors, 256-bit integers, addresses, nonces and instances: compared by
      // their encoding (exact for the fixed-size ones, a stand-in for instances).
      return byXdr(a, b);
  }
}

/** LedgerEntryIdCmp: negative when `a` sorts before `b`, 0 for the same entry. */
export function compareLedgerKeys(a: xdr.LedgerKey, b: xdr.LedgerKey): number {
  const type = xdr.LedgerEntryType.fromName(a.type).value - xdr.LedgerEntryType.fromName(b.type).value;
  if (type !== 0) return sign(type);
  if (a.type === 'data' && b.type === 'data')
    return (
      byXdr(a.data.accountId, b.data.accountId) ||
      sign(compareBytes(a.data.dataName.bytes, b.data.dataName.bytes))
    );
  if (a.type === 'contractData' && b.type === 'contractData') {
    const [x, y] = [a.contractData, b.contractData];
    return (
      byXdr(x.contract, y.contract) ||
      compareScVal(x.key, y.key) ||
      sign(x.durability.value - y.durability.value)
    );
  }
  // Every other key is fixed-size (offer ids are never negative): its XDR orders it.
  return sign(compareBytes(keyBytes(a), keyBytes(b)));
}
