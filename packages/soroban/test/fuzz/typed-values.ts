/**
 * Arguments of the declared type (from a contract's `contractspecv0` interface) so fuzzed calls
 * get past the SDK's argument conversion into the contract's body: edge values of the right kind,
 * addresses of contracts that exist, and containers of such.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { anyScVal, type Random, randomScVal } from '../support/scval-fuzz.js';

const U32_EDGES = [0, 1, 2, 3, 7, 10, 100, 1_000, 100_000, 0x7fffffff, 0xffffffff];
const I64_EDGES = [0n, 1n, -1n, 100n, (1n << 63n) - 1n, -(1n << 63n)];

/**
 * Mostly a small number, else undefined (for an edge value): a count or a size that runs a loop
 * to the budget's end costs the most wall time, and a few such calls show all they can.
 */
const small = (r: Random): bigint | undefined => (r.chance(0.85) ? BigInt(r.int(8)) : undefined);

function i128(value: bigint): xdr.ScVal {
  return xdr.ScVal.scvI128(
    new xdr.Int128Parts({ hi: BigInt.asIntN(64, value >> 64n), lo: BigInt.asUintN(64, value) }),
  );
}

/** An edge value: zero, one, small amounts, the extremes of the type and off by one from them. */
function amount(r: Random, bits: bigint, signed: boolean): bigint {
  const max = signed ? (1n << (bits - 1n)) - 1n : (1n << bits) - 1n;
  const min = signed ? -(1n << (bits - 1n)) : 0n;
  return r.pick([0n, 1n, 10n, 1_000_000n, max, max - 1n, min, signed ? -1n : 2n, BigInt(r.int(1 << 30))]);
}

/** A value of `type`, mostly; one time in twenty any value at all (a wrong type on purpose). */
export function typedScVal(
  r: Random,
  type: xdr.ScSpecTypeDef,
  addresses: readonly xdr.ScAddress[],
  depth = 2,
): xdr.ScVal {
  if (r.chance(0.05)) return anyScVal(r, depth);
  const t = type as unknown as {
    type: string;
    vec?: { elementType: xdr.ScSpecTypeDef };
    option?: { valueType: xdr.ScSpecTypeDef };
    map?: { keyType: xdr.ScSpecTypeDef; valueType: xdr.ScSpecTypeDef };
    bytesN?: { n: number };
  };
  switch (t.type) {
    case 'scSpecTypeBool':
      return xdr.ScVal.scvBool(r.chance(0.5));
    case 'scSpecTypeU32':
      return xdr.ScVal.scvU32(Number(small(r) ?? r.pick(U32_EDGES)));
    case 'scSpecTypeI32':
      return xdr.ScVal.scvI32(r.pick([0, 1, -1, 2, 0x7fffffff, -0x80000000, 1_000]));
    case 'scSpecTypeU64':
      return xdr.ScVal.scvU64(BigInt.asUintN(64, small(r) ?? r.pick(I64_EDGES)));
    case 'scSpecTypeI64':
      return xdr.ScVal.scvI64(small(r) ?? r.pick(I64_EDGES));
    case 'scSpecTypeI128':
      return i128(amount(r, 128n, true));
    case 'scSpecTypeU128': {
      const v = amount(r, 128n, false);
      return xdr.ScVal.scvU128(new xdr.Uint128Parts({ hi: v >> 64n, lo: BigInt.asUintN(64, v) }));
    }
    case 'scSpecTypeSymbol':
      return xdr.ScVal.scvSymbol(r.pick(['k', 'key', 'a_longer_key_9', 'x'.repeat(32)]));
    case 'scSpecTypeBytes':
    case 'scSpecTypeBytesN':
      return xdr.ScVal.scvBytes(Buffer.alloc(t.bytesN?.n ?? r.pick([0, 1, 32, 1_000]), r.int(256)));
    case 'scSpecTypeString':
      return xdr.ScVal.scvString(r.pick(['', 'hello', 'x'.repeat(1_000)]));
    case 'scSpecTypeAddress':
      return addresses.length > 0 && r.chance(0.9)
        ? xdr.ScVal.scvAddress(r.pick(addresses))
        : randomScVal(r, 0);
    case 'scSpecTypeVec': {
      const element = t.vec?.elementType as xdr.ScSpecTypeDef;
      const n = depth <= 0 ? 0 : r.int(5);
      return xdr.ScVal.scvVec(Array.from({ length: n }, () => typedScVal(r, element, addresses, depth - 1)));
    }
    case 'scSpecTypeOption':
      return r.chance(0.3)
        ? xdr.ScVal.scvVoid()
        : typedScVal(r, t.option?.valueType as xdr.ScSpecTypeDef, addresses, depth);
    default:
      // Val, user-defined types, maps, tuples, results: anything, the contract decides.
      return anyScVal(r, depth);
  }
}
