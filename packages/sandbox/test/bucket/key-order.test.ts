// Contract data keys in a bucket sort as stellar-core's LedgerEntryIdCmp sorts their SCVals
// (xdrpp: the arm, then the value; bytes, strings and symbols bytewise, then shorter first).
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { compareScVal } from '../../src/bucket/key-order.js';

const sym = (s: string) => xdr.ScVal.scvSymbol(s);
const str = (s: string) => xdr.ScVal.scvString(s);
const bytes = (...b: number[]) => xdr.ScVal.scvBytes(Buffer.from(b));
const vec = (...v: xdr.ScVal[]) => xdr.ScVal.scvVec(v);
const account = (seed: number) =>
  xdr.ScVal.scvAddress(
    xdr.ScAddress.scAddressTypeAccount(Keypair.fromRawEd25519Seed(Buffer.alloc(32, seed)).xdrAccountId()),
  );

const cases: { given: string; a: xdr.ScVal; b: xdr.ScVal; want: -1 | 0 | 1 }[] = [
  { given: 'two symbols, bytewise', a: sym('Allowance'), b: sym('Balance'), want: -1 },
  { given: 'a symbol and its prefix: shorter first', a: sym('Balance'), b: sym('Bal'), want: 1 },
  { given: 'equal symbols', a: sym('Admin'), b: sym('Admin'), want: 0 },
  { given: 'two strings', a: str('b'), b: str('a'), want: 1 },
  { given: 'bytes', a: bytes(1, 2), b: bytes(1, 3), want: -1 },
  { given: 'a string and a symbol: by arm', a: str('z'), b: sym('a'), want: -1 },
  {
    given: 'SAC keys: Vec[Symbol, Address], the symbol deciding',
    a: vec(sym('Balance'), account(1)),
    b: vec(sym('Allowance'), account(1)),
    want: 1,
  },
  {
    given: 'SAC keys: Vec[Symbol, Address], the address deciding',
    a: vec(sym('Balance'), account(1)),
    b: vec(sym('Balance'), account(1)),
    want: 0,
  },
];

describe('compareScVal', () => {
  it.each(cases)('$given', ({ a, b, want }) => {
    expect(compareScVal(a, b)).toBe(want);
    expect(compareScVal(b, a)).toBe(-want || 0);
  });
});
