/**
 * The writer generated from the SDK's schemas writes the bytes the SDK's own `toXdr` writes, and
 * refuses what it refuses: on every type and union arm (values drawn at random), on every
 * real pubnet ledger's meta and the entries and keys of its changes, and on values out of their
 * bounds.
 */
import { readFileSync } from 'node:fs';
import { xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { WRITER_PATH, writerSource } from '../../scripts/generate-xdr-writer.mjs';
import * as writers from '../../src/generated/xdr-writer.gen.js';
import { writeXdr, writeXdrAs, XdrWriter } from '../../src/meta/xdr-writer.js';
import { entryKey } from '../../src/store/entry-state.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';
import { encodedSamples } from '../support/xdr-samples.js';

type Write = (w: XdrWriter, value: unknown) => void;
// biome-ignore lint/suspicious/noExplicitAny: the SDK's classes, looked up by name
const sdk = xdr as any;

const writerOf = (type: string) => (writers as Record<string, Write>)[`write${type}`] as Write;

/** Says how the two encodings of `value` differ, or nothing when both refuse it or agree byte for byte. */
function disagreement(type: string, value: { toXdr(): Uint8Array }): string | undefined {
  const outcome = (encode: () => Uint8Array) => {
    try {
      return { bytes: Buffer.from(encode()).toString('hex') };
    } catch (error) {
      if (!(error instanceof xdr.XdrError)) throw error;
      return { refused: error.message };
    }
  };
  const want = outcome(() => value.toXdr());
  const got = outcome(() => writeXdr(writerOf(type), value));
  if ('refused' in want) return 'refused' in got ? undefined : `wrote what the SDK refuses (${want.refused})`;
  if ('refused' in got) return `refused what the SDK writes (${got.refused})`;
  return got.bytes === want.bytes ? undefined : `wrote ${got.bytes} where ${want.bytes}`;
}

const types = Object.keys(writers).map((name) => name.slice('write'.length));

describe('the writer generated from the SDK', () => {
  it('is what the installed SDK generates', () => {
    expect(readFileSync(WRITER_PATH, 'utf8')).toBe(writerSource());
  });

  it.each(types)('writes %s as the SDK encodes it, on every arm', (type) => {
    for (const bytes of encodedSamples(sdk[type].schema, type, 11))
      expect(disagreement(type, sdk[type].fromXdr(bytes))).toBeUndefined();
  });

  it('gives base64, hex, and bytes of their own', () => {
    const key = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: xdr.PublicKey.publicKeyTypeEd25519(new Uint8Array(32).fill(7)) }),
    );
    const first = writeXdr(writers.writeLedgerKey, key);
    expect(writeXdrAs(writers.writeLedgerKey, key, 'base64')).toBe(key.toXdr('base64'));
    writeXdr(writers.writeScVal, xdr.ScVal.scvU32(1));
    expect(Buffer.from(first).toString('base64')).toBe(key.toXdr('base64'));
    expect(Object.getPrototypeOf(first)).toBe(Uint8Array.prototype);
    expect(writeXdrAs(writers.writeLedgerKey, key, 'hex')).toBe(key.toXdr('hex'));
  });

  it('grows its buffer as a value needs', () => {
    const big = xdr.ScVal.scvVec(
      Array.from({ length: 300 }, (_, i) => xdr.ScVal.scvBytes(new Uint8Array(i % 40).fill(i))),
    );
    const w = new XdrWriter();
    writers.writeScVal(w, big);
    expect(Buffer.from(w.written).toString('hex')).toBe(Buffer.from(big.toXdr()).toString('hex'));
  });

  it.each([
    ['a uint32 below zero', () => xdr.ScVal.scvU32(-1)],
    ['an int32 over its range', () => xdr.ScVal.scvI32(2 ** 31)],
    ['an int64 over its range', () => xdr.ScVal.scvI64(2n ** 63n)],
    ['a uint64 below zero', () => xdr.ScVal.scvU64(-1n)],
    ['a symbol over 32 bytes', () => xdr.ScVal.scvSymbol('s'.repeat(33))],
    [
      'an opaque of the wrong size',
      () => {
        const hash = xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32)));
        (hash.contractId as { value: Uint8Array }).value = new Uint8Array(31);
        return xdr.ScVal.scvAddress(hash);
      },
    ],
  ])('refuses %s, as the SDK does', (_, make) => {
    expect(disagreement('ScVal', make())).toBeUndefined();
    expect(() => writeXdr(writers.writeScVal, make())).toThrow(xdr.XdrError);
  });
});

const data = realLedgersDir ? realLedgers() : { ledgers: [], skipped: [] };

/** Every entry a ledger's changes name, and each classic entry's key. */
function changedEntries(meta: xdr.LedgerCloseMeta): xdr.LedgerEntry[] {
  const entries: xdr.LedgerEntry[] = [];
  const visit = (value: unknown): void => {
    if (value instanceof xdr.LedgerEntry) entries.push(value);
    else if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object') for (const field of Object.values(value)) visit(field);
  };
  visit(meta);
  return entries;
}

describe.skipIf(!realLedgersDir)(
  realLedgersDir
    ? 'the writer on real pubnet ledgers'
    : `the writer on real ledgers: skipped, ${NO_REAL_LEDGERS}`,
  () => {
    it.each(data.ledgers.map((ledger) => [ledger.sequence, ledger.file] as const))(
      'ledger %i (%s): the whole meta, each changed entry and its key as the SDK encodes them',
      (sequence) => {
        const { meta } = data.ledgers.find((l) => l.sequence === sequence) as { meta: xdr.LedgerCloseMeta };
        const found: string[] = [];
        const whole = disagreement('LedgerCloseMeta', meta);
        if (whole) found.push(`LedgerCloseMeta: ${whole.slice(0, 200)}`);
        for (const entry of changedEntries(meta)) {
          const key = entryKey(entry);
          for (const [type, value] of [
            ['LedgerEntry', entry],
            ['LedgerKey', key],
          ] as const) {
            const difference = value && disagreement(type, value);
            if (difference) found.push(`${type}: ${difference}`);
          }
        }
        expect(found).toEqual([]);
      },
    );
  },
);
