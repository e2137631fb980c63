import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import {
  i256FromBeBytes,
  i256ToBeBytes,
  i256ToPieces,
  i256ValFromBytesError,
  u256FromBeBytes,
  u256ToBeBytes,
  u256ToPieces,
} from '../../src/int/index.js';
import { recordingMeter } from './recording-meter.js';

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const words = (high: bigint, low: bigint) => (BigInt.asUintN(128, high) << 128n) | BigInt.asUintN(128, low);

describe('256-bit numbers and big-endian bytes', () => {
  // test/num.rs, test_u256_bytes_roundtrip and test_i256_bytes_roundtrip; the pieces are what
  // their traces show the host building from the bytes.
  const roundtrips = [
    {
      kind: 'u256',
      value: words(4353239472894n, 6576786237846n),
      pieces: { hiHi: 0n, hiLo: 4353239472894n, loHi: 0n, loLo: 6576786237846n },
    },
    {
      kind: 'i256',
      value: BigInt.asIntN(256, words(-4353239472894n, 6576786237846n)),
      pieces: { hiHi: -1n, hiLo: 18446739720470078722n, loHi: 0n, loLo: 6576786237846n },
    },
  ] as const;
  it.each(roundtrips)('$kind $value goes to bytes and back', ({ kind, value, pieces }) => {
    const meter = recordingMeter();
    const bytes = kind === 'u256' ? u256ToBeBytes(meter, value) : i256ToBeBytes(meter, value);
    expect(bytes).toHaveLength(32);
    const back = kind === 'u256' ? u256FromBeBytes(meter, bytes) : i256FromBeBytes(meter, bytes);
    expect(back).toBe(value);
    expect(kind === 'u256' ? u256ToPieces(back) : i256ToPieces(back)).toEqual(pieces);
    expect(meter.charges).toEqual(['MemCpy(24)', 'MemAlloc(32)', 'MemCpy(32)', 'MemCpy(32)']);
  });

  const values = [
    { bytes: `${'00'.repeat(31)}01`, u256: 1n, i256: 1n },
    { bytes: 'ff'.repeat(32), u256: 2n ** 256n - 1n, i256: -1n },
    { bytes: `80${'00'.repeat(31)}`, u256: 2n ** 255n, i256: -(2n ** 255n) },
    { bytes: `7f${'ff'.repeat(31)}`, u256: 2n ** 255n - 1n, i256: 2n ** 255n - 1n },
  ];
  it.each(values)('$bytes is u256 $u256 and i256 $i256', ({ bytes, u256, i256 }) => {
    const meter = recordingMeter();
    expect(u256FromBeBytes(meter, hex(bytes))).toBe(u256);
    expect(i256FromBeBytes(meter, hex(bytes))).toBe(i256);
    expect(Buffer.from(u256ToBeBytes(meter, u256)).toString('hex')).toBe(bytes);
    expect(Buffer.from(i256ToBeBytes(meter, i256)).toString('hex')).toBe(bytes);
  });

  it.each([0, 1, 31, 33, 64])(
    'refuses %i bytes with (Object, UnexpectedSize), charging nothing',
    (length) => {
      const meter = recordingMeter();
      for (const read of [u256FromBeBytes, i256FromBeBytes]) {
        let error: unknown;
        try {
          read(meter, new Uint8Array(length));
        } catch (caught) {
          error = caught;
        }
        expect(error).toBeInstanceOf(HostError);
        expect((error as HostError).short).toBe('Error(Object, UnexpectedSize)');
      }
      expect(meter.charges).toEqual([]);
    },
  );

  it('reports a failure to make the i256 result a Val as (Value, UnexpectedType)', () => {
    const cause = new HostError('Budget', 'ExceededLimit');
    expect(i256ValFromBytesError(cause).short).toBe('Error(Value, UnexpectedType)');
  });
});
