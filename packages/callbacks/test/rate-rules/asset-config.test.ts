import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  DEFAULT_SIGNIFICANT_DECIMALS,
  defaultAssetConfig,
  isWellFormedAssetId,
  parseAssetConfig,
  significantDecimals,
} from '../../src/asset-config.js';

const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';

// Shaped like the platform's assets file: extra keys per item and at the top level.
const PLATFORM_ASSETS_YAML = `
items:
  - id: stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN
    distribution_account: GBN4NNCDGJO4XW4KQU3CBIESUJWFVBUZPOKUZHT7W7WRB7CWOA7BXVQF
    significant_decimals: 7
    sep38:
      enabled: true
      exchangeable_assets:
        - iso4217:USD
  - id: iso4217:USD
    significant_decimals: 4
    sep38:
      enabled: true
      sell_delivery_methods:
        - name: WIRE
          description: Send USD directly to the Anchor's bank account.
  - id: stellar:native
  - id: iso4217:CAD
  - id: iso4217:JPY
    significant_decimals: 0
other_top_level_key: ignored
`;

describe('parseAssetConfig', () => {
  it('reads the platform format and ignores other keys', () => {
    const config = parseAssetConfig(parse(PLATFORM_ASSETS_YAML));
    expect(significantDecimals(config, USDC)).toBe(7);
    expect(significantDecimals(config, 'iso4217:USD')).toBe(4);
    expect(significantDecimals(config, 'iso4217:JPY')).toBe(0);
  });

  it('defaults significant_decimals to 7 for stellar and 2 for iso4217', () => {
    const config = parseAssetConfig(parse(PLATFORM_ASSETS_YAML));
    expect(significantDecimals(config, 'stellar:native')).toBe(7);
    expect(significantDecimals(config, 'iso4217:CAD')).toBe(2);
    expect(DEFAULT_SIGNIFICANT_DECIMALS).toEqual({ stellar: 7, iso4217: 2 });
  });

  it('treats a null significant_decimals (empty YAML value) as missing', () => {
    const config = parseAssetConfig(parse('items:\n  - id: iso4217:EUR\n    significant_decimals:\n'));
    expect(significantDecimals(config, 'iso4217:EUR')).toBe(2);
  });

  it('reads JSON text', () => {
    const config = parseAssetConfig(
      JSON.stringify({ items: [{ id: 'iso4217:USD', significant_decimals: 3 }] }),
    );
    expect(significantDecimals(config, 'iso4217:USD')).toBe(3);
  });

  it('never quotes more than a short excerpt of what it was given', () => {
    const text = `items:\n${'  - id: iso4217:USD\n'.repeat(400)}`;
    let message = '';
    try {
      parseAssetConfig(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.length).toBeGreaterThan(0);
    expect(message.length).toBeLessThan(250);
  });

  it('accepts a bare array of items', () => {
    const config = parseAssetConfig([{ id: 'iso4217:USD', significant_decimals: 3 }, { id: USDC }]);
    expect(significantDecimals(config, 'iso4217:USD')).toBe(3);
    expect(significantDecimals(config, USDC)).toBe(7);
  });

  it('accepts an empty list: nothing is configured', () => {
    const config = parseAssetConfig({ items: [] });
    expect(significantDecimals(config, 'iso4217:USD')).toBeUndefined();
  });

  it('looks up by exact string equality', () => {
    const config = parseAssetConfig({ items: [{ id: 'iso4217:USD' }, { id: USDC }] });
    expect(significantDecimals(config, 'iso4217:usd')).toBeUndefined();
    expect(significantDecimals(config, ' iso4217:USD')).toBeUndefined();
    expect(significantDecimals(config, 'USD')).toBeUndefined();
    expect(significantDecimals(config, 'stellar:USDC')).toBeUndefined();
    expect(significantDecimals(config, USDC.toLowerCase())).toBeUndefined();
    // Well-formed but not listed: an explicit configuration does not fall back to defaults.
    expect(significantDecimals(config, 'iso4217:EUR')).toBeUndefined();
    expect(significantDecimals(config, 'stellar:native')).toBeUndefined();
  });

  it.each([
    ['null', null, /expected an object with an "items" list or an array, found null/],
    [
      'YAML text',
      PLATFORM_ASSETS_YAML,
      /found the string "\\nitems:\\n {2}- id: stellar:USDC:GA5ZSEJYB37"… \(\d+ characters\); parse YAML first/,
    ],
    [
      'a long id',
      { items: [{ id: 'x'.repeat(5000) }] },
      /items\[0\]\.id: "x{40}"… \(5000 characters\) is not an asset id/,
    ],
    ['a number', 7, /found number 7/],
    ['an object without items', { assets: [] }, /no "items" key/],
    ['items not a list', { items: { id: 'iso4217:USD' } }, /"items" to be a list, found an object/],
    ['an item that is not an object', { items: ['iso4217:USD'] }, /items\[0\]: expected an object/],
    [
      'an item without id',
      { items: [{ significant_decimals: 2 }] },
      /items\[0\]\.id: expected a non-empty string, found nothing/,
    ],
    ['an empty id', { items: [{ id: '' }] }, /items\[0\]\.id: expected a non-empty string/],
    [
      'a numeric id',
      { items: [{ id: 840 }] },
      /items\[0\]\.id: expected a non-empty string, found number 840/,
    ],
    ['an id with an unknown scheme', { items: [{ id: 'USD' }] }, /items\[0\]\.id: "USD" is not an asset id/],
    ['an id with another scheme', { items: [{ id: 'iso4218:USD' }] }, /is not an asset id/],
    [
      'a duplicate id',
      { items: [{ id: 'iso4217:USD' }, { id: 'iso4217:USD' }] },
      /items\[1\]\.id: duplicate asset id "iso4217:USD"/,
    ],
    [
      'negative decimals',
      { items: [{ id: 'iso4217:USD', significant_decimals: -1 }] },
      /significant_decimals: expected an integer from 0 to 100, found number -1/,
    ],
    [
      'fractional decimals',
      { items: [{ id: 'iso4217:USD', significant_decimals: 2.5 }] },
      /found number 2.5/,
    ],
    [
      'decimals as a string',
      { items: [{ id: 'iso4217:USD', significant_decimals: '2' }] },
      /found the string "2"/,
    ],
    [
      'absurd decimals',
      { items: [{ id: 'iso4217:USD', significant_decimals: 1e9 }] },
      /expected an integer from 0 to 100/,
    ],
  ])('throws a clear error for %s', (_label, value, message) => {
    expect(() => parseAssetConfig(value)).toThrow(message);
  });
});

describe('defaultAssetConfig', () => {
  const config = defaultAssetConfig();

  it.each([
    ['iso4217:USD', 2],
    ['iso4217:XOF', 2],
    ['stellar:native', 7],
    [USDC, 7],
    ['stellar:A:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 7],
    ['stellar:ABCDEFGHIJKL:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 7],
  ])('counts well-formed %s as configured with %i decimals', (id, decimals) => {
    expect(isWellFormedAssetId(id)).toBe(true);
    expect(significantDecimals(config, id)).toBe(decimals);
  });

  it.each([
    'USD',
    'iso4217:usd',
    'iso4217:USDC',
    'iso4217:',
    'stellar:',
    'stellar:USDC',
    'stellar:USDC:GABCD',
    'stellar:ABCDEFGHIJKLM:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
    'stellar:USDC:ga5zsejyb37jrc5avcia5mop4rhtm335x2kgx3ihojapp5re34k4kzvn',
    'stellar:USDC:CA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
    'stellar:NATIVE',
    'sep38:USD',
    ' iso4217:USD',
    '',
  ])('does not count malformed %j as configured', (id) => {
    expect(isWellFormedAssetId(id)).toBe(false);
    expect(significantDecimals(config, id)).toBeUndefined();
  });
});
