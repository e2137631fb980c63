import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { HostState } from '../../src/host/state.js';
import { isObject, Tag, tagOf } from '../../src/values/index.js';

const sym = (text: string) => xdr.ScVal.scvSymbol(text);
const entry = (key: xdr.ScVal, val: xdr.ScVal) => new xdr.ScMapEntry({ key, val });
const account = Address.fromString(Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1)).publicKey()).toScAddress();

describe('ScVal to Val and back', () => {
  const cases = [
    { given: 'u32', scval: xdr.ScVal.scvU32(7), tag: Tag.U32Val },
    { given: 'small u64', scval: xdr.ScVal.scvU64(5n), tag: Tag.U64Small },
    { given: 'u64 past 56 bits', scval: xdr.ScVal.scvU64(1n << 60n), tag: Tag.U64Object },
    { given: 'negative i64', scval: xdr.ScVal.scvI64(-3n), tag: Tag.I64Small },
    {
      given: 'i128 -1',
      scval: xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: -1n, lo: (1n << 64n) - 1n })),
      tag: Tag.I128Small,
    },
    {
      given: 'i128 min',
      scval: xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: -(1n << 63n), lo: 0n })),
      tag: Tag.I128Object,
    },
    {
      given: 'u256 max',
      scval: xdr.ScVal.scvU256(
        new xdr.Uint256Parts({
          hiHi: (1n << 64n) - 1n,
          hiLo: (1n << 64n) - 1n,
          loHi: (1n << 64n) - 1n,
          loLo: (1n << 64n) - 1n,
        }),
      ),
      tag: Tag.U256Object,
    },
    { given: 'short symbol', scval: sym('hello'), tag: Tag.SymbolSmall },
    { given: 'long symbol', scval: sym('a_rather_long_symbol'), tag: Tag.SymbolObject },
    { given: 'string', scval: xdr.ScVal.scvString('héllo'), tag: Tag.StringObject },
    { given: 'bytes', scval: xdr.ScVal.scvBytes(new Uint8Array([1, 2, 3])), tag: Tag.BytesObject },
    { given: 'vec', scval: xdr.ScVal.scvVec([xdr.ScVal.scvU32(1), sym('x')]), tag: Tag.VecObject },
    {
      given: 'map',
      scval: xdr.ScVal.scvMap([
        entry(sym('a'), xdr.ScVal.scvVoid()),
        entry(sym('b'), xdr.ScVal.scvBool(true)),
      ]),
      tag: Tag.MapObject,
    },
    { given: 'account address', scval: xdr.ScVal.scvAddress(account), tag: Tag.AddressObject },
    { given: 'contract error', scval: xdr.ScVal.scvError(xdr.ScError.sceContract(4)), tag: Tag.Error },
    {
      given: 'host error',
      scval: xdr.ScVal.scvError(xdr.ScError.sceBudget(xdr.ScErrorCode.scecExceededLimit)),
      tag: Tag.Error,
    },
  ];
  it.each(cases)('$given', ({ scval, tag }) => {
    const host = new HostState();
    const val = host.converter.toVal(scval);
    expect(tagOf(val)).toBe(tag);
    expect(host.converter.toScVal(val).toXdr('base64')).toBe(scval.toXdr('base64'));
  });

  const refused = [
    {
      given: 'a map out of order',
      scval: xdr.ScVal.scvMap([entry(sym('b'), xdr.ScVal.scvVoid()), entry(sym('a'), xdr.ScVal.scvVoid())]),
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'a map with a duplicate key',
      scval: xdr.ScVal.scvMap([entry(sym('a'), xdr.ScVal.scvVoid()), entry(sym('a'), xdr.ScVal.scvVoid())]),
      want: 'Error(Object, InvalidInput)',
    },
    {
      given: 'a symbol with a bad character',
      scval: sym('no spaces here'),
      want: 'Error(Value, InvalidInput)',
    },
    // convert.rs: what no Val can be is a ConversionError, (Value, UnexpectedType), at any depth.
    { given: 'a vec with no body', scval: xdr.ScVal.scvVec(null), want: 'Error(Value, UnexpectedType)' },
    { given: 'a map with no body', scval: xdr.ScVal.scvMap(null), want: 'Error(Value, UnexpectedType)' },
    {
      given: 'a contract-instance key',
      scval: xdr.ScVal.scvLedgerKeyContractInstance(),
      want: 'Error(Value, UnexpectedType)',
    },
    {
      given: 'a nonce key inside a vec',
      scval: xdr.ScVal.scvVec([xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce: 1n }))]),
      want: 'Error(Value, UnexpectedType)',
    },
  ];
  it.each(refused)('refuses $given with $want', ({ scval, want }) => {
    expect(() => new HostState().converter.toVal(scval)).toThrow(want);
  });

  it('orders a map by the host order across types (u32 before symbols, objects after)', () => {
    const host = new HostState();
    const scval = xdr.ScVal.scvMap([
      entry(xdr.ScVal.scvU32(9), xdr.ScVal.scvVoid()),
      entry(sym('a'), xdr.ScVal.scvVoid()),
      entry(sym('a_rather_long_symbol'), xdr.ScVal.scvVoid()),
      entry(xdr.ScVal.scvVec([]), xdr.ScVal.scvVoid()),
    ]);
    expect(isObject(host.converter.toVal(scval))).toBe(true);
  });

  it('stops at the depth limit', () => {
    let deep: xdr.ScVal = xdr.ScVal.scvVoid();
    for (let i = 0; i < 100; i++) deep = xdr.ScVal.scvVec([deep]);
    expect(() => new HostState().converter.toVal(deep)).toThrow('Error(Context, ExceededLimit)');
  });
});
