// How Horizon writes prices and claim predicate times: Go's big.Rat.FloatString(7) and
// stellar/go `xdr/json.go`.
import { Keypair, StrKey } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { goTimestamp } from '../../src/derive/claim-predicate.js';
import { ed25519Address, price, timestamp } from '../../src/derive/format.js';

describe('price', () => {
  it.each([
    [1, 1, '1.0000000'],
    [1, 2, '0.5000000'],
    [2, 3, '0.6666667'],
    [1, 3, '0.3333333'],
    // Halves are rounded away from zero.
    [1, 20_000_000, '0.0000001'],
    [1, 20_000_001, '0.0000000'],
    [1, 2_000_000_000, '0.0000000'],
    [2_147_483_647, 1, '2147483647.0000000'],
    [2_147_483_647, 3, '715827882.3333333'],
  ])('%i/%i is %s', (n, d, want) => {
    expect(price(n, d)).toBe(want);
  });

  it('refuses a zero denominator', () => {
    expect(() => price(1, 0)).toThrow(RangeError);
  });
});

describe('predicate times', () => {
  it.each([
    [0n, '1970-01-01T00:00:00Z'],
    [2_000_000_000n, '2033-05-18T03:33:20Z'],
    [951_782_400n, '2000-02-29T00:00:00Z'],
    [253_402_300_799n, '9999-12-31T23:59:59Z'],
    // Past year 9999 Go writes a `+` and every digit of the year.
    [253_402_300_800n, '+10000-01-01T00:00:00Z'],
    [9_223_372_036_854_775_807n, '+292277026596-12-04T15:30:07Z'],
  ])('%s is %s', (seconds, want) => {
    expect(goTimestamp(seconds)).toBe(want);
  });
});

describe('account addresses', () => {
  // The cache keeps an address in a slot picked by the key's first two bytes.
  const sharingASlot = (last: number) => Uint8Array.from({ length: 32 }, (_, i) => (i < 2 ? 7 : last));

  it.each([
    ['a key', [Keypair.random().rawPublicKey()]],
    ['two keys in one slot, in turn', [sharingASlot(1), sharingASlot(2), sharingASlot(1), sharingASlot(2)]],
    [
      'a key, then the same bytes at an offset',
      [sharingASlot(3), Buffer.concat([Buffer.alloc(5), sharingASlot(3)]).subarray(5)],
    ],
  ])("%s: each address is its own key's", (_, keys) => {
    for (const key of keys) expect(ed25519Address(key)).toBe(StrKey.encodeEd25519PublicKey(Buffer.from(key)));
  });
});

describe('close times', () => {
  it.each([
    [
      [0, 0],
      ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00Z'],
    ],
    [
      [1_700_000_000n, 1_700_000_001n, 1_700_000_000],
      ['2023-11-14T22:13:20Z', '2023-11-14T22:13:21Z', '2023-11-14T22:13:20Z'],
    ],
  ])('%s are %s, each written again when it changes', (given, want) => {
    expect(given.map((seconds) => timestamp(seconds))).toEqual(want);
  });
});
