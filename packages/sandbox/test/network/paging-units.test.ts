// The pieces the faces page and count with, as stellar-rpc's Go code computes them: TOIDs and
// event ids, Go's strconv errors, the fee distribution of feewindow.go, and strkey reasons.
import { Keypair } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import {
  cursorId,
  maxCursorOf,
  parseEventId,
  parseGoInteger,
  parseToid,
  toidValue,
} from '../../src/network/cursor.js';
import { feeDistribution } from '../../src/rpc/fees.js';
import { accountStrkeyProblem, queryUnescape } from '../../src/server/friendbot/address.js';

describe('TOIDs and event ids', () => {
  it.each([
    [{ ledger: 337272, tx: 5, op: 1 }, 1448572209876993n],
    [{ ledger: 1, tx: 0, op: 0 }, 4294967296n],
    [{ ledger: 2, tx: 0xfffff, op: 0xfff }, 3n * 2n ** 32n - 1n],
  ])('%j is %s and back', (toid, value) => {
    expect(toidValue(toid)).toBe(value);
    expect(parseToid(value)).toEqual(toid);
  });

  it.each([
    [{ ledger: 1043210, tx: 0, op: 0, event: 0 }, '0004480552832860160-0000000000'],
    [{ ledger: 1043210, tx: 1, op: 0, event: 0 }, '0004480552832864256-0000000000'],
    [maxCursorOf(1043222), '0004480608667435007-4294967295'],
  ])('%j is %s and back', (cursor, id) => {
    expect(cursorId(cursor)).toBe(id);
    expect(parseEventId(id)).toEqual(cursor);
  });

  it.each([
    ['no dash', '123', 'invalid event id 123'],
    ['letters', 'abc-1', 'invalid event id abc-1: strconv.ParseInt: parsing "abc": invalid syntax'],
    [
      'an index over 32 bits',
      '1-4294967296',
      'invalid event id 1-4294967296: strconv.ParseUint: parsing "4294967296": value out of range',
    ],
  ])('a malformed id, %s', (_name, id, error) => {
    expect(parseEventId(id)).toEqual({ error });
  });

  it.each([
    ['12', 'ParseUint', 32, { value: 12n }],
    ['4294967296', 'ParseUint', 32, { error: 'strconv.ParseUint: parsing "4294967296": value out of range' }],
    ['-1', 'ParseUint', 32, { error: 'strconv.ParseUint: parsing "-1": invalid syntax' }],
    ['-1', 'ParseInt', 64, { value: -1n }],
    [
      '9223372036854775808',
      'ParseInt',
      64,
      { error: 'strconv.ParseInt: parsing "9223372036854775808": value out of range' },
    ],
    ['', 'ParseInt', 64, { error: 'strconv.ParseInt: parsing "": invalid syntax' }],
  ] as const)('Go %s of %j', (text, kind, bits, want) => {
    expect(parseGoInteger(text, kind, bits)).toEqual(want);
  });
});

describe('the fee distribution', () => {
  const zero = { max: '0', min: '0', mode: '0', transactionCount: '0', ledgerCount: 0 };
  it.each([
    ['no fees: all zero, ledger count 0 too', [], 10, { ...zero, p10: '0', p50: '0', p99: '0' }],
    [
      'one fee',
      [100n],
      3,
      { max: '100', min: '100', mode: '100', p10: '100', p99: '100', transactionCount: '1', ledgerCount: 3 },
    ],
    [
      'ten fees: percentiles by rank ceil(p * n / 100), the mode the most repeated',
      [100n, 100n, 100n, 200n, 200n, 300n, 400n, 500n, 600n, 1000n],
      10,
      {
        max: '1000',
        min: '100',
        mode: '100',
        p10: '100',
        p20: '100',
        p30: '100',
        p40: '200',
        p50: '200',
        p90: '600',
        p95: '1000',
        p99: '1000',
        transactionCount: '10',
      },
    ],
    ['a tie for the mode: the first run that was longest', [100n, 100n, 200n, 200n], 1, { mode: '100' }],
    ['the last run longest: it is the mode', [100n, 200n, 200n], 1, { mode: '200' }],
    ['all different: the smallest', [300n, 100n, 200n], 1, { mode: '100', p50: '200' }],
  ])('%s', (_name, fees, ledgers, want) => {
    expect(feeDistribution(fees, ledgers)).toMatchObject(want);
  });
});

describe('friendbot addresses', () => {
  const valid = Keypair.random().publicKey();
  it.each([
    ['a valid account', valid, undefined],
    ['four characters', 'GAAA', 'strkey is 4 bytes long; minimum valid length is 5'],
    ['a leftover character', `${valid}A`, 'non-canonical strkey; unused leftover character'],
    [
      'a character outside base32',
      `${valid.slice(0, 10)}1${valid.slice(11)}`,
      'base32 decode failed: illegal base32 data at input byte 10',
    ],
    ['a secret seed', Keypair.random().secret(), 'invalid version byte'],
  ])('%s', (_name, address, problem) => {
    expect(accountStrkeyProblem(address)).toBe(problem);
  });

  it.each([
    ['plain', 'GABC', { value: 'GABC' }],
    ['a plus', 'a+b', { value: 'a b' }],
    ['an escape', '%47A', { value: 'GA' }],
    ['a bad escape', '%4', { error: 'invalid URL escape "%4"' }],
  ])('query-unescaping %s', (_name, text, want) => {
    expect(queryUnescape(text)).toEqual(want);
  });
});
