/**
 * Submission, as Horizon's txsub does it: `POST /transactions` answers once the transaction is
 * in an ingested ledger (504 with its hash when that takes too long); `POST /transactions_async`
 * answers the core's first word. A transaction the index already holds is answered from it.
 */
import { decodeTransactionResult } from '@starspec/ledger-api';
import type { HandlerRequest, HandlerResult } from '@starspec/runtime/http';
import { TransactionBuilder } from '@stellar/stellar-sdk/base';
import type { LedgerSource, SubmitAnswer } from '../source.js';
import type { IndexStore } from '../store/index-store.js';
import { withLinks } from './links.js';
import { type Problem, problemResult, SERVICE_UNAVAILABLE, SUBMISSION_TIMEOUT } from './problems.js';
import { baseUrl, HAL_JSON } from './request.js';

export interface SubmitOptions {
  /** Resolves with true once the index holds the transaction, false after `timeoutMs`. */
  awaitIngested(hash: string, timeoutMs: number): Promise<boolean>;
  /** How long `POST /transactions` waits for the ledger (default 30 s, as Horizon). */
  submitTimeoutMs?: number;
}

const FAILED_DETAIL =
  'The transaction failed when submitted to the stellar network. The `extras.result_codes` field on this ' +
  'response contains further details. Descriptions of each code can be found at: ' +
  'https://developers.stellar.org/docs/data/apis/horizon/api-reference/errors/result-codes/transactions';

const MALFORMED_DETAIL =
  'Horizon could not decode the transaction envelope in this request. A transaction should be an XDR ' +
  'TransactionEnvelope struct encoded using base64. The envelope read from this request is echoed in the ' +
  '`extras.envelope_xdr` field of this response for your convenience.';

function failed(envelopeXdr: string, resultXdr: string, hash?: string): Problem {
  return {
    type: 'transaction_failed',
    title: 'Transaction Failed',
    status: 400,
    detail: FAILED_DETAIL,
    extras: {
      envelope_xdr: envelopeXdr,
      result_codes: decodeTransactionResult(resultXdr),
      result_xdr: resultXdr,
      ...(hash ? { hash } : {}),
    },
  };
}

function malformed(envelopeXdr: string): Problem {
  return {
    type: 'transaction_malformed',
    title: 'Transaction Malformed',
    status: 400,
    detail: MALFORMED_DETAIL,
    extras: { envelope_xdr: envelopeXdr },
  };
}

/** The envelope of the form, and its hash on this network; undefined when it does not decode. */
function readEnvelope(request: HandlerRequest, passphrase: string): { envelope: string; hash?: string } {
  const envelope = String((request.body as { tx?: unknown } | undefined)?.tx ?? '');
  try {
    return {
      envelope,
      hash: Buffer.from(TransactionBuilder.fromXDR(envelope, passphrase).hash()).toString('hex'),
    };
  } catch {
    return { envelope };
  }
}

export function submissionHandlers(store: IndexStore, source: LedgerSource, options: SubmitOptions) {
  const timeout = options.submitTimeoutMs ?? 30_000;

  /** The ingested transaction: 200 when it succeeded, 400 transaction_failed when it did not. */
  function answer(request: HandlerRequest, body: Record<string, unknown>): HandlerResult {
    if (body.successful)
      return { status: 200, headers: HAL_JSON, body: withLinks('transaction', baseUrl(request), body) };
    return problemResult(failed(String(body.envelope_xdr), String(body.result_xdr), String(body.hash)));
  }

  return {
    async submitTransaction(request: HandlerRequest): Promise<HandlerResult> {
      const { envelope, hash } = readEnvelope(request, source.passphrase);
      if (!hash) return problemResult(malformed(envelope));
      const known = await store.transaction(hash);
      if (known) return answer(request, known.body as Record<string, unknown>);
      const sent: SubmitAnswer = await source.submit(envelope);
      if (sent.status === 'ERROR') return problemResult(failed(envelope, sent.errorResultXdr ?? ''));
      if (sent.status === 'TRY_AGAIN_LATER') return problemResult(SERVICE_UNAVAILABLE);
      if (!(await options.awaitIngested(hash, timeout)))
        return problemResult({ ...SUBMISSION_TIMEOUT, extras: { hash, envelope_xdr: envelope } });
      const landed = await store.transaction(hash);
      return landed
        ? answer(request, landed.body as Record<string, unknown>)
        : problemResult(SERVICE_UNAVAILABLE);
    },

    async submitTransactionAsync(request: HandlerRequest): Promise<HandlerResult> {
      const { envelope, hash } = readEnvelope(request, source.passphrase);
      if (!hash) return problemResult(malformed(envelope));
      const sent = await source.submit(envelope);
      const status = { PENDING: 201, DUPLICATE: 409, TRY_AGAIN_LATER: 503, ERROR: 400 }[sent.status];
      return {
        status,
        headers: HAL_JSON,
        body: {
          ...(sent.errorResultXdr ? { error_result_xdr: sent.errorResultXdr } : {}),
          tx_status: sent.status,
          hash,
        },
      };
    },
  };
}
