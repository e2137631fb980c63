// Stellar addresses: checksums, and muxed accounts split into account and id (SEP-23 vectors).
import { describe, expect, it } from 'vitest';
import { encodeAccountId, encodeMuxedAccount, isAccountId, parseAddress } from '../../src/strkey.js';

describe('strkey', () => {
  it('reads the SEP-23 muxed account example', () => {
    expect(parseAddress('MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ')).toEqual({
      kind: 'muxed',
      account: 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
      id: '0',
    });
  });

  it('round-trips muxed ids up to 2^64 - 1', () => {
    const account = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';
    for (const id of [0n, 1n, 1234567890123n, 2n ** 63n, 2n ** 64n - 1n]) {
      expect(parseAddress(encodeMuxedAccount(account, id))).toEqual({
        kind: 'muxed',
        account,
        id: id.toString(),
      });
    }
  });

  it('checks checksums and kinds', () => {
    expect(isAccountId('GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX')).toBe(true);
    expect(isAccountId('GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEA')).toBe(false);
    expect(isAccountId('GBLRB4TAZSOK3BTA4K7SLXSRQTCIAFNCE4H3OQ33X6MIQ4FYAXPKAFMC')).toBe(false);
    expect(parseAddress('CA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGAXE')?.kind).toBe('contract');
    expect(parseAddress('SBGWSG6BTNCKCOB3DIFBGCVMUPQFYPA2G4O34RMTB343OYPXU5DJDVMN')).toBeUndefined();
    expect(parseAddress('not an address')).toBeUndefined();
  });

  it('writes the G… address of a public key', () => {
    expect(encodeAccountId(new Uint8Array(32))).toBe(
      'GAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWHF',
    );
    expect(() => encodeAccountId(new Uint8Array(31))).toThrow(RangeError);
  });
});
