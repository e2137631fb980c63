/**
 * Drive scripts for soroban-env-host/src/test/bytes.rs at v23.0.0: the XDR round trips of
 * `serialize_to_bytes` / `deserialize_from_bytes`, and byte strings that do not decode. The bytes
 * the Rust test encodes itself (`ScVal::to_xdr`) are encoded here with the SDK's XDR.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Literal } from '../script-types.js';
import {
  account,
  bool,
  bytes,
  contract,
  err,
  i32,
  map,
  muxed,
  repeatByte,
  type Sequence,
  scriptsOf,
  sequence,
  sym,
  u32,
  u64,
  VOID,
  vec,
} from './build.js';

const U32_MAX = 0xffff_ffff;
const hex = (value: xdr.ScVal): string => value.toXDR('hex');
const scU32 = (v: number) => xdr.ScVal.scvU32(v);
const scU64 = (v: bigint) => xdr.ScVal.scvU64(v);
const entry = (key: xdr.ScVal, val: xdr.ScVal) => new xdr.ScMapEntry({ key, val });
const scMap = (...entries: xdr.ScMapEntry[]) => xdr.ScVal.scvMap(entries);
const INSTANCE_KEY = xdr.ScVal.scvLedgerKeyContractInstance();

/** `roundtrip`: to a Val, serialized, deserialized, and the two Vals compared. */
function roundtrip(s: Sequence, lit: Literal): void {
  const rv = s.make(lit);
  const back = s.call('deserialize_from_bytes', s.call('serialize_to_bytes', rv));
  s.compare(rv, back);
}

/** `deser_fails_scv` (and `run_test`): the bytes added as an object, then refused by `deserialize_from_bytes`. */
function deserializeFails(s: Sequence, bytesHex: string): void {
  s.call('deserialize_from_bytes', s.object(bytes(bytesHex)));
}

/** `bytes` with the byte at `at` set to `value`, or with one byte more or less at the end. */
function withByte(bytesHex: string, at: number, value: number): string {
  const b = Buffer.from(bytesHex, 'hex');
  b[at] = value;
  return b.toString('hex');
}

const VEC_XDR = hex(xdr.ScVal.scvVec([scU32(100), scU32(101)]));
const ADDRESS_XDR = hex(
  xdr.ScVal.scvAddress(
    xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, 255))),
  ),
);

export default scriptsOf('bytes', {
  bytes_xdr_roundtrip: sequence((s) => {
    roundtrip(s, u64(5n));
    roundtrip(s, u32(23));
    roundtrip(s, i32(-3));
    roundtrip(s, bool(true));
    roundtrip(s, VOID);
    roundtrip(s, vec(err('Contract', '#123'), u32(U32_MAX), sym('abc')));
    deserializeFails(s, hex(xdr.ScVal.scvMap(null)));
    deserializeFails(s, hex(xdr.ScVal.scvVec([scU32(4321), xdr.ScVal.scvVec([INSTANCE_KEY])])));
    roundtrip(s, map([VOID, u32(123)], [u64(222n), u32(123)], [u64(333n), u32(123)]));
    // A duplicate key, no body, keys out of order, a key or a value no Val can be.
    deserializeFails(
      s,
      hex(scMap(entry(xdr.ScVal.scvVoid(), scU32(123)), entry(xdr.ScVal.scvVoid(), scU32(234)))),
    );
    deserializeFails(s, hex(xdr.ScVal.scvMap(null)));
    deserializeFails(s, hex(scMap(entry(scU64(222n), scU32(123)), entry(xdr.ScVal.scvVoid(), scU32(123)))));
    deserializeFails(s, hex(scMap(entry(scU64(222n), scU32(123)), entry(INSTANCE_KEY, scU32(123)))));
    deserializeFails(s, hex(scMap(entry(scU64(222n), scU32(123)), entry(scU64(333n), INSTANCE_KEY))));
    roundtrip(s, sym('_a_B_Z_d123456'));
    roundtrip(s, sym(''));
    deserializeFails(s, hex(xdr.ScVal.scvSymbol('a ')));
    roundtrip(s, err('Context', 'InternalError'));
    roundtrip(s, account(repeatByte(255, 32)));
    roundtrip(s, contract(repeatByte(255, 32)));
    roundtrip(s, muxed(repeatByte(12, 32), 123_456_789_012n));
    // Addresses no object holds: a liquidity pool's and a claimable balance's.
    deserializeFails(
      s,
      hex(
        xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeLiquidityPool(new xdr.PoolId(Buffer.alloc(32, 1)))),
      ),
    );
    deserializeFails(
      s,
      hex(
        xdr.ScVal.scvAddress(
          xdr.ScAddress.scAddressTypeClaimableBalance(
            xdr.ClaimableBalanceId.claimableBalanceIdTypeV0(Buffer.alloc(32, 3)),
          ),
        ),
      ),
    );
    deserializeFails(s, hex(INSTANCE_KEY));
  }),
  test_malformed_xdr_decoding: sequence((s) => {
    deserializeFails(s, '');
    deserializeFails(s, '0102030405');
    // Void's type with an invalid first byte.
    deserializeFails(s, withByte(hex(xdr.ScVal.scvVoid()), 0, 1));
    // The vector's length too short, too long, far too long.
    deserializeFails(s, withByte(VEC_XDR, 11, 1));
    deserializeFails(s, withByte(VEC_XDR, 11, 3));
    deserializeFails(s, withByte(VEC_XDR, 8, 0xff));
    // The address with a byte added, a byte removed, the wrong variant.
    deserializeFails(s, `${ADDRESS_XDR}ff`);
    deserializeFails(s, ADDRESS_XDR.slice(0, -2));
    deserializeFails(s, withByte(ADDRESS_XDR, 7, 1));
  }),
});
