import { describe, expect, it } from 'vitest';
import {
  cursorAfterLedger,
  decodeOperationId,
  decodeToid,
  encodeOperationId,
  encodeToid,
  PagingTokenError,
  TOID_LEDGER_MAX,
  TOID_OPERATION_MAX,
  TOID_TRANSACTION_MAX,
  type Toid,
  toidKind,
  toidToBigInt,
} from '../../src/index.js';

describe('TOID examples from the reference', () => {
  it('150615114272284677 is ledger 35067814, transaction 18, operation 5', () => {
    expect(decodeToid('150615114272284677')).toEqual({ ledger: 35067814, transaction: 18, operation: 5 });
    expect(encodeOperationId({ ledger: 35067814, transaction: 18, operation: 5 })).toBe('150615114272284677');
  });

  it("a ledger's token is seq << 32 (27146933 → 116595189421703168)", () => {
    expect(encodeToid({ ledger: 27146933, transaction: 0, operation: 0 })).toBe('116595189421703168');
    expect(toidKind(decodeToid('116595189421703168'))).toBe('ledger');
  });

  it('the operation part of an effect token 12884905985 is ledger 3, transaction 1, operation 1', () => {
    expect(decodeOperationId('12884905985')).toEqual({ ledger: 3, transaction: 1, operation: 1 });
  });

  it('`now` after ledger 3 is TOID(3, 2^20 − 1, 4095)', () => {
    expect(cursorAfterLedger(3)).toBe(((3n << 32n) | (0xfffffn << 12n) | 0xfffn).toString());
  });
});

describe('round trip', () => {
  const samples: Toid[] = [
    { ledger: 0, transaction: 0, operation: 0 },
    { ledger: 1, transaction: 1, operation: 0 },
    { ledger: 1, transaction: 1, operation: 1 },
    { ledger: TOID_LEDGER_MAX, transaction: TOID_TRANSACTION_MAX, operation: TOID_OPERATION_MAX },
    { ledger: 52425760, transaction: 77, operation: 4095 },
    { ledger: 2 ** 30 + 7, transaction: 2 ** 19, operation: 2048 },
  ];
  it.each(samples)('%o', (parts) => {
    const token = encodeToid(parts);
    expect(decodeToid(token)).toEqual(parts);
    expect(decodeToid(BigInt(token))).toEqual(parts);
    expect(BigInt(token)).toBe(toidToBigInt(parts));
  });

  it('the largest TOID is the largest int64', () => {
    const max = { ledger: TOID_LEDGER_MAX, transaction: TOID_TRANSACTION_MAX, operation: TOID_OPERATION_MAX };
    expect(encodeToid(max)).toBe('9223372036854775807');
  });

  it('keeps precision above 2^53', () => {
    expect(encodeToid({ ledger: 2 ** 31 - 2, transaction: 3, operation: 1 })).toBe('9223372028264853505');
  });

  it('names what a token designates', () => {
    expect(toidKind({ ledger: 9, transaction: 0, operation: 0 })).toBe('ledger');
    expect(toidKind({ ledger: 9, transaction: 2, operation: 0 })).toBe('transaction');
    expect(toidKind({ ledger: 9, transaction: 2, operation: 1 })).toBe('operation');
  });
});

describe('bounds', () => {
  const bad: [string, Toid][] = [
    ['ledger 2^31', { ledger: 2 ** 31, transaction: 0, operation: 0 }],
    ['negative ledger', { ledger: -1, transaction: 0, operation: 0 }],
    ['transaction 2^20', { ledger: 1, transaction: 2 ** 20, operation: 0 }],
    ['operation 4096', { ledger: 1, transaction: 1, operation: 4096 }],
    ['fractional ledger', { ledger: 1.5, transaction: 0, operation: 0 }],
    ['an operation without a transaction', { ledger: 1, transaction: 0, operation: 1 }],
  ];
  it.each(bad)('refuses %s', (_name, parts) => {
    expect(() => encodeToid(parts)).toThrow(PagingTokenError);
  });

  it.each([
    ['transaction 0', { ledger: 5, transaction: 0, operation: 0 }],
    ['operation 0 (a transaction token)', { ledger: 5, transaction: 1, operation: 0 }],
    ['ledger 0', { ledger: 0, transaction: 1, operation: 1 }],
    ['transaction 2^20', { ledger: 5, transaction: 2 ** 20, operation: 1 }],
  ] as [string, Toid][])('an operation id refuses %s', (_name, parts) => {
    expect(() => encodeOperationId(parts)).toThrow(PagingTokenError);
  });

  it.each([
    '',
    '-1',
    '+5',
    '007',
    '1.0',
    ' 1',
    'abc',
    '12884905985-1',
    '9223372036854775808',
    '99999999999999999999',
  ])('decodeToid refuses %j', (token) => {
    expect(() => decodeToid(token)).toThrow(PagingTokenError);
  });

  it('decodeToid refuses negative and oversized BigInts', () => {
    expect(() => decodeToid(-1n)).toThrow(PagingTokenError);
    expect(() => decodeToid(1n << 63n)).toThrow(PagingTokenError);
  });

  it("decodeOperationId refuses a ledger's or a transaction's token", () => {
    expect(() => decodeOperationId('116595189421703168')).toThrow(PagingTokenError);
    expect(() => decodeOperationId(encodeToid({ ledger: 3, transaction: 1, operation: 0 }))).toThrow(
      PagingTokenError,
    );
  });
});
