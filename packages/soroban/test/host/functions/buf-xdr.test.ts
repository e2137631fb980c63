import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { buf } from '../../../src/host/functions/buf.js';
import type { Val } from '../../../src/values/val.js';
import { type Harness, harness, outcome } from './support.js';

const bytesVal = (h: Harness, data: number[]): Val =>
  h.host.objects.add({ kind: 'Bytes', value: Uint8Array.from(data) });
const dataOf = (h: Harness, v: Val): number[] => [...(h.host.objects.get(v).value as Uint8Array)];

describe('buf module: XDR', () => {
  const roundtrip = [
    xdr.ScVal.scvU64(5n),
    xdr.ScVal.scvI32(-3),
    xdr.ScVal.scvBool(true),
    xdr.ScVal.scvVoid(),
    xdr.ScVal.scvVec([
      xdr.ScVal.scvError(xdr.ScError.sceContract(123)),
      xdr.ScVal.scvU32(0xffff_ffff),
      xdr.ScVal.scvSymbol('abc'),
    ]),
    xdr.ScVal.scvString('héllo'),
    xdr.ScVal.scvMap([
      new xdr.ScMapEntry({
        key: xdr.ScVal.scvSymbol('k'),
        val: xdr.ScVal.scvBytes(Buffer.from([1, 2, 3, 4, 5])),
      }),
    ]),
  ];
  it.each(roundtrip.map((scval) => ({ given: scval.type, scval })))(
    '$given goes to bytes and back',
    ({ scval }) => {
      const h = harness();
      const bytes = h.call(buf, 'serialize_to_bytes', h.host.converter.toVal(scval));
      expect(Buffer.from(dataOf(h, bytes)).toString('base64')).toBe(scval.toXdr('base64'));
      const back = h.call(buf, 'deserialize_from_bytes', bytes);
      expect(h.host.converter.toScVal(back).toXdr('base64')).toBe(scval.toXdr('base64'));
    },
  );

  it('charges ValSer once per write of the encoder', () => {
    const h = harness();
    h.call(
      buf,
      'serialize_to_bytes',
      h.host.converter.toVal(xdr.ScVal.scvBytes(Buffer.from([1, 2, 3, 4, 5]))),
    );
    expect(h.charges.filter((c) => c.costType === 'ValSer').map((c) => c.input)).toEqual([4n, 4n, 5n, 3n]);
  });

  const vecXdr = xdr.ScVal.scvVec([xdr.ScVal.scvU32(100), xdr.ScVal.scvU32(101)]).toXdr();
  const addressXdr = xdr.ScVal.scvAddress(
    xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, 255))),
  ).toXdr();
  const edit = (bytes: Uint8Array, at: number, value: number) =>
    Uint8Array.from(bytes, (b, i) => (i === at ? value : b));
  // The inputs of the host's test_malformed_xdr_decoding and bytes_xdr_roundtrip, with the errors its trace records.
  const malformed: { given: string; bytes: Uint8Array; want: string }[] = [
    { given: 'nothing', bytes: new Uint8Array(0), want: 'Error(Context, ExceededLimit)' },
    { given: 'an unknown type', bytes: Uint8Array.of(1, 2, 3, 4, 5), want: 'Error(Value, InvalidInput)' },
    {
      given: 'a bad arm',
      bytes: edit(xdr.ScVal.scvVoid().toXdr(), 0, 1),
      want: 'Error(Value, InvalidInput)',
    },
    { given: 'a vec shorter than its items', bytes: edit(vecXdr, 11, 1), want: 'Error(Value, InvalidInput)' },
    {
      given: 'a vec longer than its items',
      bytes: edit(vecXdr, 11, 3),
      want: 'Error(Context, ExceededLimit)',
    },
    {
      given: 'a vec far longer than the input',
      bytes: edit(vecXdr, 8, 0xff),
      want: 'Error(Context, ExceededLimit)',
    },
    {
      given: 'a trailing byte',
      bytes: Uint8Array.from([...addressXdr, 255]),
      want: 'Error(Value, InvalidInput)',
    },
    {
      given: 'a missing byte',
      bytes: addressXdr.subarray(0, addressXdr.length - 1),
      want: 'Error(Context, ExceededLimit)',
    },
    { given: 'another address arm', bytes: edit(addressXdr, 7, 1), want: 'Error(Value, InvalidInput)' },
    {
      given: 'a map with no body',
      bytes: xdr.ScVal.scvMap(null).toXdr(),
      want: 'Error(Value, UnexpectedType)',
    },
    {
      given: 'a contract-instance key inside a vec',
      bytes: xdr.ScVal.scvVec([xdr.ScVal.scvLedgerKeyContractInstance()]).toXdr(),
      want: 'Error(Value, UnexpectedType)',
    },
    {
      given: 'a symbol with a bad character',
      bytes: xdr.ScVal.scvSymbol('a b').toXdr(),
      want: 'Error(Value, InvalidInput)',
    },
  ];
  it.each(malformed)('deserialize_from_bytes of $given: $want', ({ bytes, want }) => {
    const h = harness();
    expect(outcome(() => h.call(buf, 'deserialize_from_bytes', bytesVal(h, [...bytes])))).toBe(want);
  });
});
