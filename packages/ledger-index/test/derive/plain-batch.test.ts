/**
 * A derived batch is plain data: arrays, maps, sets, plain objects, strings, numbers, bigints and
 * booleans, nothing of the SDK's XDR classes. So it keeps no ledger's decoded tree alive while it
 * waits for its write, and crosses to another thread (a structured clone) unchanged.
 */
import { Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { deriveBatch } from '../../src/derive/batch.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';

/** The path of the first value under `value` that is not plain data, or undefined. */
function notPlain(value: unknown, path = 'batch'): string | undefined {
  if (value === null || ['string', 'number', 'bigint', 'boolean', 'undefined'].includes(typeof value))
    return undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = notPlain(item, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value instanceof Map || value instanceof Set) {
    for (const [k, v] of value instanceof Map ? value : [...value].entries()) {
      const found = notPlain(k, `${path} key`) ?? notPlain(v, `${path}.get(${String(k)})`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value)) {
      const found = notPlain(v, `${path}.${k}`);
      if (found) return found;
    }
    return undefined;
  }
  return `${path} (${(value as object).constructor?.name ?? typeof value})`;
}

describe('a derived batch', () => {
  it.skipIf(!realLedgersDir)(
    'of every real ledger is plain data, and a structured clone of one equal',
    () => {
      if (!realLedgersDir) throw new Error(NO_REAL_LEDGERS);
      const assets = new Map<string, number>();
      const { ledgers } = realLedgers();
      expect(ledgers.length).toBeGreaterThan(0);
      for (const [i, { meta, sequence }] of ledgers.entries()) {
        const batch = deriveBatch(readClosedLedger(meta.toXdr('base64'), Networks.PUBLIC), assets);
        expect(notPlain(batch), `ledger ${sequence}`).toBeUndefined();
        // The clone compared for one ledger (the sixth, a Soroban one): a deep compare of every ledger costs seconds.
        if (i === 5) expect(structuredClone(batch), `ledger ${sequence}`).toEqual(batch);
      }
    },
  );
});
