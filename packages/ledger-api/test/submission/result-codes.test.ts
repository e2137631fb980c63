import { readFileSync } from 'node:fs';
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  decodeTransactionResult,
  document,
  operationCodeName,
  SubmissionError,
  TRANSACTION_RESULT_CODES,
  transactionCodeName,
} from '../../src/index.js';
import {
  failedResultXdr,
  feeBumpInnerFailedXdr,
  paymentSuccess,
  paymentUnderfunded,
  resultXdr,
} from './fixtures.js';

interface Doc {
  codes: { xdr: string; name: string; code: number; meaning: string }[];
  operations: { type: string; result: string; name: string }[];
}
const doc = parse(readFileSync(new URL('./result-codes.yaml', import.meta.url), 'utf8')) as Doc;

// The contract's own enum of result code names.
const schemas = (document.components as { schemas: Record<string, { enum?: string[] }> }).schemas;
const CONTRACT_CODES = schemas.TransactionResultCode?.enum ?? [];

describe('the result-code table', () => {
  it.each(doc.codes.map((c) => [c.name, c] as const))(
    '%s: name, code and meaning as the contract says',
    (_n, c) => {
      expect(transactionCodeName(c.xdr)).toBe(c.name);
      expect(TRANSACTION_RESULT_CODES[c.name]).toMatchObject({ code: c.code, meaning: c.meaning });
      expect(TRANSACTION_RESULT_CODES[c.name]?.hint.length).toBeGreaterThan(10);
      // The code number matches the XDR enum.
      expect(xdr.TransactionResultCode.fromName(c.xdr as xdr.TransactionResultCodeName).value).toBe(c.code);
    },
  );

  it('names every XDR code the contract knows as the contract does', () => {
    const names = [...xdr.TransactionResultCode.schema.nameByValue.values()].map(transactionCodeName);
    for (const name of CONTRACT_CODES) expect(names).toContain(name);
    for (const name of CONTRACT_CODES) expect(TRANSACTION_RESULT_CODES[name], name).toBeDefined();
  });

  it('names a code newer than the table by the same pattern', () => {
    expect(transactionCodeName('txFrozenKeyAccessed')).toBe('tx_frozen_key_accessed');
  });
});

describe('decodeTransactionResult', () => {
  it.each(
    doc.codes
      .filter((c) => !['txFailed', 'txFeeBumpInnerFailed'].includes(c.xdr))
      .map((c) => [c.xdr, c.name] as const),
  )('%s → %s', (code, name) => {
    expect(decodeTransactionResult(resultXdr(code))).toEqual({ transaction: name });
  });

  it('lists operation codes of a failed transaction', () => {
    expect(decodeTransactionResult(failedResultXdr([paymentSuccess(), paymentUnderfunded()]))).toEqual({
      transaction: 'tx_failed',
      operations: ['op_success', 'op_underfunded'],
    });
  });

  it("reads a fee bump's inner code", () => {
    expect(decodeTransactionResult(feeBumpInnerFailedXdr(Buffer.alloc(32, 7), 'txBadSeq'))).toEqual({
      transaction: 'tx_fee_bump_inner_failed',
      inner_transaction: 'tx_bad_seq',
    });
  });

  it('refuses what is not a TransactionResult', () => {
    expect(() => decodeTransactionResult('AAAA')).toThrow(TypeError);
    expect(() => decodeTransactionResult('%%%')).toThrow(TypeError);
  });
});

describe('operationCodeName', () => {
  it.each(doc.operations.map((o) => [o.result, o] as const))('%s', (_r, o) => {
    const resultClass = `${o.type[0]?.toUpperCase()}${o.type.slice(1)}Result`.replace(
      'CreatePassiveSellOfferResult',
      'ManageSellOfferResult',
    );
    const inner = (xdr as unknown as Record<string, Record<string, () => unknown>>)[resultClass]?.[
      o.result
    ]?.();
    const tr = (xdr.OperationResultTr as unknown as Record<string, (v: unknown) => xdr.OperationResultTr>)[
      o.type
    ]?.(inner);
    expect(operationCodeName(xdr.OperationResult.opInner(tr as xdr.OperationResultTr))).toBe(o.name);
  });

  it('names outer operation failures', () => {
    expect(operationCodeName(xdr.OperationResult.opBadAuth())).toBe('op_bad_auth');
    expect(operationCodeName(xdr.OperationResult.opNoAccount())).toBe('op_no_source_account');
    expect(operationCodeName(xdr.OperationResult.opTooManySubentries())).toBe('op_too_many_subentries');
  });
});

describe('SubmissionError', () => {
  it('takes its hint and meaning from the result code', () => {
    const error = new SubmissionError({
      kind: 'rejected',
      envelopeXdr: 'e',
      codes: { transaction: 'tx_bad_seq' },
    });
    expect(error.meaning).toBe('Sequence number does not match the source account.');
    expect(error.hint).toBe(TRANSACTION_RESULT_CODES.tx_bad_seq?.hint);
    expect(error.message).toContain('tx_bad_seq');
    expect(error.operationCodes).toEqual([]);
  });

  it('falls back to the kind when there is no code', () => {
    const error = new SubmissionError({ kind: 'unresolved', envelopeXdr: 'e' });
    expect(error.resultCode).toBeUndefined();
    expect(error.hint).toMatch(/may still enter a ledger/);
  });

  it('keeps the problem type as its slug', () => {
    const error = new SubmissionError({
      kind: 'malformed',
      envelopeXdr: 'e',
      problemType: 'https://stellar.org/horizon-errors/transaction_malformed',
    });
    expect(error.problemType).toBe('transaction_malformed');
  });
});
