/**
 * The functions of protocols 25 and 26 through the env modules (the host's own tests:
 * soroban-env-host v26.0.0 src/test/address.rs muxed strkeys, num.rs checked arithmetic,
 * poseidon/poseidon2.rs through the host function), and their protocol gating.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { address } from '../../../src/host/functions/address.js';
import { cryptoModule } from '../../../src/host/functions/crypto.js';
import { int, read256 } from '../../../src/host/functions/int.js';
import { dispatchProtocolError, hostFunctionByName, importError } from '../../../src/interface/index.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import { Tag, type TagNumber } from '../../../src/values/tags.js';
import { fromU32, smallNumber, tagOf, type Val, VOID } from '../../../src/values/val.js';
import { harness, outcome } from './support.js';

const U256_MAX = (1n << 256n) - 1n;

describe('checked 256-bit arithmetic (protocol 26)', () => {
  it('answers Void where the unchecked function fails, still charging the operation', () => {
    const h = harness({ vm: false });
    const max = h.host.objects.add({ kind: 'U256', value: U256_MAX });
    const one = smallNumber(1n, Tag.U256Small) as Val;
    expect(h.call(int, 'u256_checked_add', max, one)).toBe(VOID);
    expect(outcome(() => h.call(int, 'u256_add', max, one))).toBe('Error(Object, ArithDomain)');
    expect(h.charges.filter((c) => c.costType === 'Int256AddSub')).toHaveLength(2);
  });
  it.each([
    { name: 'u256_checked_sub', kind: 'U256', lhs: 5n, rhs: 7n, want: undefined },
    { name: 'u256_checked_sub', kind: 'U256', lhs: 7n, rhs: 5n, want: 2n },
    { name: 'u256_checked_mul', kind: 'U256', lhs: 1n << 200n, rhs: 1n << 56n, want: undefined },
    { name: 'i256_checked_add', kind: 'I256', lhs: -5n, rhs: 3n, want: -2n },
    { name: 'i256_checked_mul', kind: 'I256', lhs: -(1n << 128n), rhs: 1n << 127n, want: -(1n << 255n) },
    { name: 'i256_checked_mul', kind: 'I256', lhs: 1n << 128n, rhs: 1n << 127n, want: undefined },
    { name: 'i256_checked_sub', kind: 'I256', lhs: -(1n << 255n), rhs: 1n, want: undefined },
  ] as const)('$name($lhs, $rhs)', ({ name, kind, lhs, rhs, want }) => {
    const h = harness({ vm: false });
    const val = (v: bigint) => h.host.objects.add({ kind, value: v });
    const got = h.call(int, name, val(lhs), val(rhs));
    if (want === undefined) expect(got).toBe(VOID);
    else expect(read256(h.context, got, kind)).toBe(want);
  });
  it('pow: 2^255 fits a U256 but not an I256', () => {
    const h = harness({ vm: false });
    const two = (tag: TagNumber) => smallNumber(2n, tag) as Val;
    const u = h.call(int, 'u256_checked_pow', two(Tag.U256Small), fromU32(255));
    expect(read256(h.context, u, 'U256')).toBe(1n << 255n);
    expect(h.call(int, 'i256_checked_pow', two(Tag.I256Small), fromU32(255))).toBe(VOID);
    expect(h.call(int, 'u256_checked_pow', two(Tag.U256Small), fromU32(256))).toBe(VOID);
  });
});

describe('muxed strkeys (protocol 26)', () => {
  const KEY = Buffer.from('3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a', 'hex');
  const M = 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ';
  const G = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
  const muxed = (id: bigint) =>
    xdr.ScAddress.scAddressTypeMuxedAccount(new xdr.MuxedEd25519Account({ id, ed25519: KEY }));
  const text = (h: ReturnType<typeof harness>, kind: 'String' | 'Bytes', value: string) =>
    h.host.objects.add({ kind, value: Buffer.from(value) });

  it('writes a muxed address as its M strkey and reads it back, from a String or Bytes', () => {
    for (const id of [0n, 12345678901234567890n]) {
      const h = harness({ vm: false });
      const obj = h.host.objects.add({ kind: 'MuxedAddress', value: muxed(id) });
      const strkey = h.call(address, 'muxed_address_to_strkey', obj);
      const written = Buffer.from(h.host.objects.expect(strkey, 'String').value).toString();
      if (id === 0n) expect(written).toBe(M);
      for (const kind of ['String', 'Bytes'] as const) {
        const back = h.call(address, 'strkey_to_muxed_address', text(h, kind, written));
        expect(tagOf(back)).toBe(Tag.MuxedAddressObject);
        expect(h.host.objects.expect(back, 'MuxedAddress').value.toXDR('hex')).toBe(muxed(id).toXDR('hex'));
      }
    }
  });
  it('makes an Address of a G or C strkey, and writes an Address as strkey_to_address does', () => {
    const h = harness({ vm: false });
    const back = h.call(address, 'strkey_to_muxed_address', text(h, 'String', G));
    expect(tagOf(back)).toBe(Tag.AddressObject);
    const again = h.call(address, 'muxed_address_to_strkey', back);
    expect(Buffer.from(h.host.objects.expect(again, 'String').value).toString()).toBe(G);
  });
  it.each([
    { name: 'a non-object', arg: () => VOID, want: 'Error(Value, UnexpectedType)' },
    {
      name: 'a Vec',
      arg: (h: ReturnType<typeof harness>) => h.host.objects.add({ kind: 'Vec', value: [] }),
      want: 'Error(Value, UnexpectedType)',
    },
    {
      name: 'a too short strkey',
      arg: (h: ReturnType<typeof harness>) => text(h, 'String', G.slice(0, -1)),
      want: 'Error(Value, InvalidInput)',
    },
    {
      name: 'a bad checksum',
      arg: (h: ReturnType<typeof harness>) => text(h, 'String', `${M.slice(0, -1)}A`),
      want: 'Error(Value, InvalidInput)',
    },
  ])('refuses $name', ({ arg, want }) => {
    const h = harness({ vm: false });
    expect(outcome(() => h.call(address, 'strkey_to_muxed_address', arg(h)))).toBe(want);
  });
  it('keeps strkey_to_address refusing an M strkey, and muxed_address_to_strkey refusing a non-address', () => {
    const h = harness({ vm: false });
    expect(outcome(() => h.call(address, 'strkey_to_address', text(h, 'String', M)))).toBe(
      'Error(Value, InvalidInput)',
    );
    expect(outcome(() => h.call(address, 'muxed_address_to_strkey', VOID))).toBe(
      'Error(Value, UnexpectedType)',
    );
  });
});

describe('poseidon through the host (protocol 25)', () => {
  // poseidon2.rs test_poseidon2_bn254_hostfn_success's parameters are long; a t = 2 toy instance
  // checks the plumbing (symbols, vectors of U256, errors) against the same permutation over scalars.
  const u256 = (h: ReturnType<typeof harness>, v: bigint) =>
    smallNumber(v, Tag.U256Small) ?? h.host.objects.add({ kind: 'U256', value: v });
  const vec = (h: ReturnType<typeof harness>, items: Val[]) =>
    h.host.objects.add({ kind: 'Vec', value: items });
  const call = (h: ReturnType<typeof harness>, field: Val, input: Val[], rows = 2) =>
    h.call(
      cryptoModule,
      'poseidon2_permutation',
      vec(h, input),
      field,
      2,
      5,
      2,
      0,
      vec(h, [u256(h, 1n), u256(h, 2n)]),
      vec(
        h,
        Array.from({ length: rows }, () => vec(h, [u256(h, 3n), u256(h, 4n)])),
      ),
    );
  it('names the field by symbol and answers a Vec of U256', () => {
    const h = harness({ vm: false });
    const out = call(h, smallSymbol('BN254') as Val, [u256(h, 0n), u256(h, 1n)]);
    const items = h.host.objects.expect(out, 'Vec').value;
    expect(items).toHaveLength(2);
    for (const item of items) expect([Tag.U256Small, Tag.U256Object]).toContain(tagOf(item));
    const bls = call(h, smallSymbol('BLS12_381') as Val, [u256(h, 0n), u256(h, 1n)]);
    expect(h.host.objects.expect(bls, 'Vec').value).not.toEqual(items);
  });
  it.each([
    {
      name: 'an unknown field',
      field: 'BN256',
      input: (h: ReturnType<typeof harness>) => [u256(h, 0n), u256(h, 1n)],
    },
    { name: 'an element that is not a U256', field: 'BN254', input: () => [fromU32(0), fromU32(1)] },
  ])('refuses $name with (Crypto, InvalidInput)', ({ field, input }) => {
    const h = harness({ vm: false });
    expect(outcome(() => call(h, smallSymbol(field) as Val, input(h)))).toBe('Error(Crypto, InvalidInput)');
  });
});

describe('protocol gating', () => {
  it.each([
    ['bn254_g1_add', 25],
    ['poseidon_permutation', 25],
    ['bn254_g1_msm', 26],
    ['u256_checked_add', 26],
    ['strkey_to_muxed_address', 26],
    ['extend_contract_data_ttl_v2', 26],
    ['bls12_381_g1_is_on_curve', 26],
  ] as const)('%s exists from protocol %i on', (name, from) => {
    const fn = hostFunctionByName(name);
    if (!fn) throw new Error(`no ${name}`);
    expect(dispatchProtocolError(fn, 23)?.short).toBe('Error(Context, IndexBounds)');
    expect(dispatchProtocolError(fn, from - 1)?.short).toBe('Error(Context, IndexBounds)');
    expect(dispatchProtocolError(fn, from)).toBeUndefined();
    expect(importError(fn.moduleLetter, fn.export, 23, 23)?.short).toBe('Error(WasmVm, InvalidAction)');
    expect(importError(fn.moduleLetter, fn.export, from, from)).toBeUndefined();
  });
});
