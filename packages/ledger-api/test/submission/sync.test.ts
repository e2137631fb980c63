import { describe, expect, it } from 'vitest';
import { createClient, type RetryEvent, SubmissionError, submitTransaction } from '../../src/index.js';
import {
  failedResultXdr,
  hashHex,
  NETWORK,
  NOT_FOUND,
  paymentUnderfunded,
  rateLimited,
  record,
  resultXdr,
  signedPayment,
  submissionTimeout,
  transactionFailed,
} from './fixtures.js';
import { expectIdenticalBodies, fakeTime, useScriptedServer } from './scripted-server.js';

const server = useScriptedServer();

// Time bounds end at MAX_TIME; the fake clock starts two minutes before.
const MAX_TIME = 1_900_000_000;
const START = (MAX_TIME - 120) * 1000;

async function rejectionOf(promise: Promise<unknown>): Promise<SubmissionError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SubmissionError);
  return error as SubmissionError;
}

describe('POST /transactions answered at once', () => {
  it('resolves with the record on 200, sending the envelope once as form field tx', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const xdrText = tx.toEnvelope().toXdr('base64');
    server.script('POST /transactions', [{ status: 200, body: record(tx, true, resultXdr('txSuccess')) }]);
    const result = await submitTransaction(createClient({ baseUrl: server.base }), tx);
    expect(result.hash).toBe(hashHex(tx));
    const posts = server.requests('POST /transactions');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expectIdenticalBodies(server, 'POST /transactions', xdrText);
  });

  it('accepts a base URL and a base64 envelope', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const xdrText = tx.toEnvelope().toXdr('base64');
    server.script('POST /transactions', [{ status: 200, body: record(tx, true, resultXdr('txSuccess')) }]);
    const result = await submitTransaction(server.base, xdrText);
    expect(result.successful).toBe(true);
    expectIdenticalBodies(server, 'POST /transactions', xdrText);
  });

  it('refuses a string that is not an envelope before sending anything', async () => {
    await expect(submitTransaction(server.base, 'not-xdr')).rejects.toThrow(TypeError);
    expect(server.seen).toHaveLength(0);
  });
});

describe('400: the network refused the transaction', () => {
  it('tx_bad_seq: reload the account, no retry', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const envelope = tx.toEnvelope().toXdr('base64');
    const result = resultXdr('txBadSeq');
    server.script('POST /transactions', [
      { status: 400, body: transactionFailed(envelope, result, { transaction: 'tx_bad_seq' }) },
    ]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.kind).toBe('rejected');
    expect(error.resultCode).toBe('tx_bad_seq');
    expect(error.status).toBe(400);
    expect(error.problemType).toBe('transaction_failed');
    expect(error.resultXdr).toBe(result);
    expect(error.envelopeXdr).toBe(envelope);
    expect(error.hash).toBe(hashHex(tx));
    expect(error.meaning).toBe('Sequence number does not match the source account.');
    expect(error.hint).toMatch(/reload the account/i);
    expect(server.requests('POST /transactions')).toHaveLength(1);
  });

  it('tx_insufficient_fee: fee-bump it', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const envelope = tx.toEnvelope().toXdr('base64');
    server.script('POST /transactions', [
      {
        status: 400,
        body: transactionFailed(envelope, resultXdr('txInsufficientFee'), {
          transaction: 'tx_insufficient_fee',
        }),
      },
    ]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.resultCode).toBe('tx_insufficient_fee');
    expect(error.kind).toBe('rejected');
    expect(error.hint).toMatch(/fee-bump/);
    expect(error.message).toContain('tx_insufficient_fee');
  });

  it('tx_failed with operation codes: the transaction entered a ledger', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const envelope = tx.toEnvelope().toXdr('base64');
    const result = failedResultXdr([paymentUnderfunded()]);
    server.script('POST /transactions', [
      {
        status: 400,
        body: transactionFailed(envelope, result, {
          transaction: 'tx_failed',
          operations: ['op_underfunded'],
        }),
      },
    ]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.kind).toBe('failed');
    expect(error.resultCode).toBe('tx_failed');
    expect(error.operationCodes).toEqual(['op_underfunded']);
  });

  it('reads the codes from result_xdr when result_codes is missing', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const body = transactionFailed(tx.toEnvelope().toXdr('base64'), resultXdr('txBadAuth'), {});
    delete (body.extras as { result_codes?: unknown }).result_codes;
    server.script('POST /transactions', [{ status: 400, body }]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.resultCode).toBe('tx_bad_auth');
  });

  it('transaction_malformed', async () => {
    const { tx } = signedPayment(MAX_TIME);
    server.script('POST /transactions', [
      {
        status: 400,
        body: {
          type: 'https://stellar.org/horizon-errors/transaction_malformed',
          title: 'Transaction Malformed',
          status: 400,
          extras: { envelope_xdr: '' },
        },
      },
    ]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.kind).toBe('malformed');
    expect(error.resultCode).toBeUndefined();
  });
});

describe('504: poll GET /transactions/{hash}', () => {
  it('finds the transaction after three 404s, with a linear back-off and no resubmission', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions', [
      { status: 504, body: submissionTimeout(hash, tx.toEnvelope().toXdr('base64')) },
    ]);
    server.script(`GET /transactions/${hash}`, [
      NOT_FOUND,
      NOT_FOUND,
      NOT_FOUND,
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    const result = await submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(result.hash).toBe(hash);
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(4);
    expect(server.requests('POST /transactions')).toHaveLength(1);
    expect(time.waits).toEqual([1000, 2000, 3000]);
  });

  it('computes the hash with the SDK when the timeout names none', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions', [{ status: 504, body: submissionTimeout(undefined, '') }]);
    server.script(`GET /transactions/${hash}`, [
      NOT_FOUND,
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    // A base64 envelope: the network passphrase is what makes the hash computable.
    const result = await submitTransaction(server.base, tx.toEnvelope().toXdr('base64'), {
      networkPassphrase: NETWORK,
      now: time.now,
      sleep: time.sleep,
    });
    expect(result.hash).toBe(hash);
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(2);
  });

  it('reports tx_too_late once maxTime (plus the grace) has passed without the transaction', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.clock = time.now;
    server.script('POST /transactions', [
      { status: 504, body: submissionTimeout(hash, tx.toEnvelope().toXdr('base64')) },
    ]);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const error = await rejectionOf(
      submitTransaction(server.base, tx, {
        now: time.now,
        sleep: time.sleep,
        expiryGraceMs: 5000,
        backoff: { initialMs: 10_000, stepMs: 10_000, maxMs: 30_000 },
      }),
    );
    expect(error.kind).toBe('too_late');
    expect(error.resultCode).toBe('tx_too_late');
    expect(error.hash).toBe(hash);
    expect(error.hint).toMatch(/new time bounds/);
    const expiry = MAX_TIME * 1000 + 5000;
    const times = server.requests(`GET /transactions/${hash}`).map((r) => r.at as number);
    // Lookups at -120 s, -110 s, -90 s, -60 s, -30 s, then the wait is cut short to land on the expiry.
    expect(times.map((t) => t - expiry)).toEqual([-125_000, -115_000, -95_000, -65_000, -35_000, -5_000, 0]);
    expect(time.waits).toEqual([10_000, 20_000, 30_000, 30_000, 30_000, 5_000]);
  });

  it('throws a failed SubmissionError when the polled transaction failed in its ledger', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const hash = hashHex(tx);
    const time = fakeTime(START);
    const result = failedResultXdr([paymentUnderfunded()]);
    server.script('POST /transactions', [{ status: 504, body: submissionTimeout(hash, '') }]);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND, { status: 200, body: record(tx, false, result) }]);
    const error = await rejectionOf(submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep }));
    expect(error.kind).toBe('failed');
    expect(error.resultCode).toBe('tx_failed');
    expect(error.operationCodes).toEqual(['op_underfunded']);
    expect(error.transaction?.hash).toBe(hash);
  });

  it('gives up as unresolved when the lookups run out and the transaction has no time bounds', async () => {
    const { tx } = signedPayment();
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions', [{ status: 504, body: submissionTimeout(hash, '') }]);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const error = await rejectionOf(
      submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep, maxPolls: 4 }),
    );
    expect(error.kind).toBe('unresolved');
    expect(error.resultCode).toBeUndefined();
    expect(server.requests(`GET /transactions/${hash}`)).toHaveLength(4);
    expect(error.hint).toMatch(/may still enter a ledger/);
  });

  it('stops at the deadline', async () => {
    const { tx } = signedPayment();
    const hash = hashHex(tx);
    const time = fakeTime(START);
    server.script('POST /transactions', [{ status: 504, body: submissionTimeout(hash, '') }]);
    server.script(`GET /transactions/${hash}`, [NOT_FOUND]);
    const error = await rejectionOf(
      submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep, deadline: START + 5_000 }),
    );
    expect(error.kind).toBe('unresolved');
    // Waits 1 s and 2 s fit before the deadline; a third (3 s) would not.
    expect(time.waits).toEqual([1000, 2000]);
  });
});

describe('retries resend the identical envelope', () => {
  it('429 waits for Retry-After seconds', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    const events: RetryEvent[] = [];
    server.script('POST /transactions', [
      rateLimited('7'),
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    await submitTransaction(server.base, tx, {
      now: time.now,
      sleep: time.sleep,
      onRetry: (e) => events.push(e),
    });
    expect(time.waits).toEqual([7000]);
    expect(events).toEqual([
      { request: 'submit', reason: 'rate_limited', attempt: 1, status: 429, delayMs: 7000 },
    ]);
    expect(server.requests('POST /transactions')).toHaveLength(2);
    expectIdenticalBodies(server, 'POST /transactions', tx.toEnvelope().toXdr('base64'));
  });

  it('429 without Retry-After falls back to the back-off', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    server.script('POST /transactions', [
      rateLimited(),
      rateLimited(),
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    await submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(time.waits).toEqual([1000, 2000]);
  });

  it('429 asking for longer than allowed ends as rate_limited without waiting', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    server.script('POST /transactions', [rateLimited('3600')]);
    const error = await rejectionOf(submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep }));
    expect(error.kind).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(time.waits).toEqual([]);
  });

  it('503 is resent after a linear back-off, then gives up after maxSubmissions', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    const stale = {
      status: 503,
      body: {
        type: 'https://stellar.org/horizon-errors/stale_history',
        title: 'Historical DB Is Too Stale',
        status: 503,
      },
    };
    server.script('POST /transactions', [stale]);
    const error = await rejectionOf(
      submitTransaction(server.base, tx, {
        now: time.now,
        sleep: time.sleep,
        maxSubmissions: 4,
        backoff: { initialMs: 500, stepMs: 250 },
      }),
    );
    expect(error.kind).toBe('unavailable');
    expect(error.problemType).toBe('stale_history');
    expect(time.waits).toEqual([500, 750, 1000]);
    expect(server.requests('POST /transactions')).toHaveLength(4);
    expectIdenticalBodies(server, 'POST /transactions', tx.toEnvelope().toXdr('base64'));
  });

  it('a dropped connection is retried with the same bytes', async () => {
    const { tx } = signedPayment(MAX_TIME);
    const time = fakeTime(START);
    server.script('POST /transactions', [
      { drop: true },
      { status: 200, body: record(tx, true, resultXdr('txSuccess')) },
    ]);
    const result = await submitTransaction(server.base, tx, { now: time.now, sleep: time.sleep });
    expect(result.successful).toBe(true);
    expect(time.waits).toEqual([1000]);
    expectIdenticalBodies(server, 'POST /transactions', tx.toEnvelope().toXdr('base64'));
  });

  it('does not retry an answer the contract does not define', async () => {
    const { tx } = signedPayment(MAX_TIME);
    server.script('POST /transactions', [
      { status: 418, body: { type: 'about:blank', title: 'Teapot', status: 418 } },
    ]);
    const error = await rejectionOf(submitTransaction(server.base, tx));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(418);
    expect(server.requests('POST /transactions')).toHaveLength(1);
  });
});
