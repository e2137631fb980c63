/**
 * The XDR the index stores is the bytes the ledger held, found by the skipper generated from the
 * SDK's schemas: on every real pubnet ledger, each stored XDR field and hash is what the SDK's
 * own encoding and hashing of its decoded values give, byte for byte, and deriving the rows
 * encodes none of those values again. And the skipper is what the installed SDK generates.
 */
import { readFileSync } from 'node:fs';
import { FeeBumpTransaction, Networks, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it, vi } from 'vitest';
import { SKIPPER_PATH, skipperSource } from '../../scripts/generate-xdr-skipper.mjs';
import { deriveBatch } from '../../src/derive/batch.js';
import { readClosedLedger } from '../../src/meta/closed-ledger.js';
import { NO_REAL_LEDGERS, realLedgers, realLedgersDir } from '../support/real-ledgers.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** What the SDK alone says the stored fields of each transaction are, by hash. */
function sdkFields(meta: xdr.LedgerCloseMeta) {
  const ledger = readClosedLedger(meta, Networks.PUBLIC);
  return new Map(
    ledger.transactions.map((tx) => {
      const outer = TransactionBuilder.fromXDR(tx.envelope, Networks.PUBLIC);
      const fields = {
        hash: hex(outer.hash()),
        envelope_xdr: tx.envelope.toXdr('base64'),
        result_xdr: tx.result.toXdr('base64'),
        result_meta_xdr: tx.meta.toXdr('base64'),
        fee_meta_xdr: xdr.encodeArray(xdr.LedgerEntryChange, tx.feeChanges, 'base64'),
        operation_count: (outer instanceof FeeBumpTransaction ? outer.innerTransaction : outer).operations
          .length,
        inner_hash: outer instanceof FeeBumpTransaction ? hex(outer.innerTransaction.hash()) : undefined,
      };
      return [fields.hash, fields];
    }),
  );
}

const data = realLedgersDir ? realLedgers() : { ledgers: [], skipped: [] };

describe('the skipper generated from the SDK', () => {
  it('is what the installed SDK generates', () => {
    expect(readFileSync(SKIPPER_PATH, 'utf8')).toBe(skipperSource());
  });

  it('refuses what is not base64, as the SDK does', () => {
    expect(() => readClosedLedger('AAAA*AAA', Networks.PUBLIC)).toThrow(/invalid base64/);
    expect(() => readClosedLedger('AAAAA', Networks.PUBLIC)).toThrow(/invalid base64/);
  });
});

describe.skipIf(!realLedgersDir)(
  realLedgersDir ? 'stored XDR of real pubnet ledgers' : `stored XDR: skipped, ${NO_REAL_LEDGERS}`,
  () => {
    it.each(data.ledgers.map((ledger) => [ledger.sequence, ledger.file] as const))(
      'ledger %i (%s): header, envelopes, results, metas, fee changes and hashes as the SDK encodes them',
      (sequence) => {
        const { meta } = data.ledgers.find((l) => l.sequence === sequence) as { meta: xdr.LedgerCloseMeta };
        const want = sdkFields(meta);
        const batch = deriveBatch(readClosedLedger(meta.toXdr('base64'), Networks.PUBLIC));
        const header = (meta.type === 'v0' ? meta.v0 : meta.type === 'v1' ? meta.v1 : meta.v2).ledgerHeader;
        expect(batch.ledger.body.header_xdr).toBe(header.header.toXdr('base64'));
        expect(batch.transactions.map((tx) => tx.hash)).toEqual([...want.keys()]);
        let operations = 0;
        for (const { body } of batch.transactions) {
          const fields = want.get(body.hash);
          expect({
            hash: body.hash,
            envelope_xdr: body.envelope_xdr,
            result_xdr: body.result_xdr,
            result_meta_xdr: body.result_meta_xdr,
            fee_meta_xdr: body.fee_meta_xdr,
            operation_count: body.operation_count,
            inner_hash: body.inner_transaction?.hash,
          }).toEqual(fields);
          operations += body.operation_count;
        }
        expect(batch.ledger.body.tx_set_operation_count).toBe(operations);
      },
    );

    it('derives their rows without encoding a header, envelope, transaction, result or meta again', () => {
      const stored = [
        xdr.LedgerHeader,
        xdr.TransactionEnvelope,
        xdr.Transaction,
        xdr.TransactionV0,
        xdr.FeeBumpTransaction,
        xdr.TransactionResult,
        xdr.TransactionMeta,
      ];
      const base64 = data.ledgers.map(({ meta }) => meta.toXdr('base64'));
      const toXdr = vi.spyOn(xdr.XdrValue.prototype, 'toXdr');
      try {
        const assets = new Map();
        const transactions = base64.reduce(
          (n, meta) => n + deriveBatch(readClosedLedger(meta, Networks.PUBLIC), assets).transactions.length,
          0,
        );
        expect(transactions).toBeGreaterThan(1000);
        const encodedAgain = toXdr.mock.contexts.filter((value) =>
          stored.some((type) => value instanceof type),
        );
        expect(encodedAgain.length).toBe(0);
      } finally {
        toXdr.mockRestore();
      }
    });

    it('holds fee bumps and v0 envelopes among them', () => {
      const types = new Set(
        data.ledgers.flatMap(({ meta }) =>
          readClosedLedger(meta, Networks.PUBLIC).transactions.map((tx) => tx.envelope.type),
        ),
      );
      expect([...types].sort()).toEqual(['envelopeTypeTx', 'envelopeTypeTxFeeBump', 'envelopeTypeTxV0']);
    });
  },
);
