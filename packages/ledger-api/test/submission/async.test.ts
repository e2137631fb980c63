import { describe, expect, it } from 'vitest';
import {
  type RetryEvent,
  SubmissionError,
  submitTransactionAsync,
  waitForTransaction,
} from '../../src/index.js';
import {
  failedResultXdr,
  feeBumped,
  feeBumpInnerFailedXdr,
  hashHex,
  NETWORK,
  NOT_FOUND,
  paymentUnderfunded,
  rateLimited,
  record,
  resultXdr,
  signedPayment,
} from './fixtures.js';
import { expectIdenticalBodies, fakeTime, useScriptedServer } from './scripted-server.js';

const server = useScriptedServer();

const MAX_TIME = 1_900_000_000;
const START = (MAX_TIME - 120) * 1000;

const asyncAnswer = (status: number, txStatus: string, hash: string, errorResultXdr?: string) => ({
  status,
  body: { tx_status: txStatus, hash, ...(errorResultXdr ? { error_result_xdr: errorResultXdr } : {}) },
});

async function rejectionOf(promise: Promise<unknown>): Promise<SubmissionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SubmissionError);
  return error as SubmissionError;
}

// One test per row of the tx_status table.
describe('tx_status table', () => {
  it('(submission) → PENDING (201): poll while 404, resolved with the record', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions_async', [asyncAnswer(201, 'PENDING', hash)]);
    server.script(`GET /transactions/${hash}`, [
      NOT_FOUND,
      NOT_FOUND,
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    const submission = await submitTransactionAsync(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(submission).toMatchObject({ hash, txStatus: 'PENDING', submissions: 1 });
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(0);
    const result = await submission.wait();
    expect(result.successful).toBe(true);
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(3);
    expect(time.waits).toEqual([1000, 2000]);
    expect(server.requests('POST /transactions_async')).toHaveLength(1);
  });

  it('PENDING → resolved as a failed transaction: thrown with its codes, or returned with acceptFailed', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    const failed = record(tx, false, failedResultXdr([paymentUnderfunded()]));
    server.script('POST /transactions_async', [asyncAnswer(201, 'PENDING', hash)]);
    server.script(`GET /transactions/${hash}`, [{ status: 200, body: failed }]);
    const submission = await submitTransactionAsync(server.base, tx, { now: time.now, sleep: time.sleep });
    const error = await rejectionOf(submission.wait());
    expect(error.kind).toBe('failed');
    expect(error.resultCode).toBe('tx_failed');
    expect(error.operationCodes).toEqual(['op_underfunded']);
    expect(error.transaction).toEqual(failed);
    const returned = await submission.wait({ acceptFailed: true });
    expect(returned.successful).toBe(false);
  });

  it('(submission) → DUPLICATE (409): waited on like PENDING', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions_async', [asyncAnswer(409, 'DUPLICATE', hash)]);
    server.script(`GET /transactions/${hash}`, [
      NOT_FOUND,
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    const submission = await submitTransactionAsync(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(submission.txStatus).toBe('DUPLICATE');
    expect((await submission.wait()).hash).toBe(hash);
    expect(server.requests('POST /transactions_async')).toHaveLength(1);
  });

  it('(submission) → TRY_AGAIN_LATER (503): back off and resend the identical envelope', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    const events: RetryEvent[] = [];
    server.script('POST /transactions_async', [
      asyncAnswer(503, 'TRY_AGAIN_LATER', hash),
      asyncAnswer(503, 'TRY_AGAIN_LATER', hash),
      asyncAnswer(201, 'PENDING', hash),
    ]);
    const submission = await submitTransactionAsync(server.base, tx, {
      now: time.now,
      sleep: time.sleep,
      onRetry: (e) => events.push(e),
    });
    expect(submission).toMatchObject({ txStatus: 'PENDING', submissions: 3 });
    expect(time.waits).toEqual([1000, 2000]);
    expect(events.map((e) => e.reason)).toEqual(['try_again_later', 'try_again_later']);
    expectIdenticalBodies(server, 'POST /transactions_async', tx.toEnvelope().toXdr('base64'));
  });

  it('TRY_AGAIN_LATER until the attempts run out: unavailable', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    server.script('POST /transactions_async', [asyncAnswer(503, 'TRY_AGAIN_LATER', hashHex(tx))]);
    const error = await rejectionOf(
      submitTransactionAsync(server.base, tx, { now: time.now, sleep: time.sleep, maxSubmissions: 3 }),
    );
    expect(error.kind).toBe('unavailable');
    expect(server.requests('POST /transactions_async')).toHaveLength(3);
    expectIdenticalBodies(server, 'POST /transactions_async', tx.toEnvelope().toXdr('base64'));
  });

  it('(submission) → ERROR (400) txBAD_SEQ: decoded to tx_bad_seq, not resent', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const errorXdr = resultXdr('txBadSeq', '0');
    server.script('POST /transactions_async', [asyncAnswer(400, 'ERROR', hash, errorXdr)]);
    const error = await rejectionOf(submitTransactionAsync(server.base, tx));
    expect(error.kind).toBe('rejected');
    expect(error.resultCode).toBe('tx_bad_seq');
    expect(error.resultXdr).toBe(errorXdr);
    expect(error.hash).toBe(hash);
    expect(error.status).toBe(400);
    expect(error.hint).toMatch(/reload the account/i);
    expect(server.requests('POST /transactions_async')).toHaveLength(1);
  });

  it('ERROR txINSUFFICIENT_FEE: decoded to tx_insufficient_fee, hint to fee-bump', async () => {
    const { tx } = signedPayment(MAX_TIME);
    server.script('POST /transactions_async', [
      asyncAnswer(400, 'ERROR', hashHex(tx), resultXdr('txInsufficientFee', '0')),
    ]);
    const error = await rejectionOf(submitTransactionAsync(server.base, tx));
    expect(error.resultCode).toBe('tx_insufficient_fee');
    expect(error.hint).toMatch(/fee-bump/);
  });

  it('ERROR for a fee bump whose inner transaction has a bad sequence: the inner code leads the hint', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const bump = feeBumped(tx);
    const errorXdr = feeBumpInnerFailedXdr(tx.hash(), 'txBadSeq');
    server.script('POST /transactions_async', [asyncAnswer(400, 'ERROR', hashHex(bump), errorXdr)]);
    const error = await rejectionOf(submitTransactionAsync(server.base, bump));
    expect(error.resultCode).toBe('tx_fee_bump_inner_failed');
    expect(error.innerResultCode).toBe('tx_bad_seq');
    expect(error.hint).toMatch(/reload the account/i);
    expectIdenticalBodies(server, 'POST /transactions_async', bump.toEnvelope().toXdr('base64'));
  });

  it('PENDING → never ingested: tx_too_late once maxTime has passed', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.clock = time.now;
    server.script('POST /transactions_async', [asyncAnswer(201, 'PENDING', hash)]);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const submission = await submitTransactionAsync(server.base, tx, {
      now: time.now,
      sleep: time.sleep,
      expiryGraceMs: 0,
      backoff: { initialMs: 30_000, stepMs: 0 },
    });
    const error = await rejectionOf(submission.wait());
    expect(error.resultCode).toBe('tx_too_late');
    const times = server.requests(`GET /transactions/${hash}`).map((r) => r.at as number);
    expect(times).toEqual([START, START + 30_000, START + 60_000, START + 90_000, MAX_TIME * 1000]);
  });
});

describe('around the table', () => {
  it('429 on submission honours Retry-After', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions_async', [rateLimited('2'), asyncAnswer(201, 'PENDING', hash)]);
    const submission = await submitTransactionAsync(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(submission.submissions).toBe(2);
    expect(time.waits).toEqual([2000]);
    expectIdenticalBodies(server, 'POST /transactions_async', tx.toEnvelope().toXdr('base64'));
  });

  it('429 on a lookup honours Retry-After', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script(`GET /transactions/${hash}`, [
      NOT_FOUND,
      rateLimited('13'),
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    await waitForTransaction(server.base, hash, { now: time.now, sleep: time.sleep });
    expect(time.waits).toEqual([1000, 13_000]);
  });

  it('a malformed envelope problem (400 problem+json) is not a tx_status', async () => {
    const { tx } = signedPayment(MAX_TIME);
    server.script('POST /transactions_async', [
      {
        status: 400,
        body: {
          type: 'https://stellar.org/horizon-errors/transaction_malformed',
          title: 'Transaction Malformed',
          status: 400,
          extras: { envelope_xdr: '', error: 'xdr:decode: bad' },
        },
      },
    ]);
    const error = await rejectionOf(submitTransactionAsync(server.base, tx));
    expect(error.kind).toBe('malformed');
  });

  it('waitForTransaction by envelope reads the hash and the time bounds from it', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(MAX_TIME * 1000 + 1);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const error = await rejectionOf(
      waitForTransaction(server.base, tx.toEnvelope().toXdr('base64'), {
        networkPassphrase: NETWORK,
        now: time.now,
        sleep: time.sleep,
        expiryGraceMs: 0,
      }),
    );
    // Already past maxTime: the first 404 settles it.
    expect(error.resultCode).toBe('tx_too_late');
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(1);
  });

  it('waitForTransaction by hash takes maxTime as an option, and without it runs out as unresolved', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const late = fakeTime(MAX_TIME * 1000);
    const tooLate = await rejectionOf(
      waitForTransaction(server.base, hash, {
        maxTime: MAX_TIME - 1,
        expiryGraceMs: 0,
        now: late.now,
        sleep: late.sleep,
      }),
    );
    expect(tooLate.kind).toBe('too_late');
    const open = fakeTime(MAX_TIME * 1000);
    const unresolved = await rejectionOf(
      waitForTransaction(server.base, hash, { maxPolls: 3, now: open.now, sleep: open.sleep }),
    );
    expect(unresolved.kind).toBe('unresolved');
    expect(open.waits).toEqual([1000, 2000]);
  });

  it('an unreadable hash answer from the server (400) is not retried', async () => {
    const time = fakeTime(START);
    const hash = 'ab'.repeat(32);
    server.script(`GET /transactions/${hash}`, [
      {
        status: 400,
        body: { type: 'https://stellar.org/horizon-errors/bad_request', title: 'Bad Request', status: 400 },
      },
    ]);
    const error = await rejectionOf(
      waitForTransaction(server.base, hash, { now: time.now, sleep: time.sleep }),
    );
    expect(error.kind).toBe('http');
    expect(time.waits).toEqual([]);
  });
});
