/**
 * Problems and headers: an unknown transaction hash is a 404 problem; submissions that can never
 * be applied are refused the way the contract says (with --allow-submit); rate-limit headers,
 * once a provider sends them, are on every answer and consistent.
 */
import { randomBytes } from 'node:crypto';
import { CheckFailure, type Evidence, evidenceOf, fail, skip } from '../../model.js';
import { type CheckDefinition, neverSent } from '../../runner.js';
import { MALFORMED_ENVELOPE, unfundedEnvelope } from '../../stellar/envelopes.js';
import { SUBMIT_ONLY } from '../../stellar/live.js';
import { type Answer, call, isRecord, type LedgerApiState, submitForm } from './state.js';

const slug = (body: unknown) =>
  isRecord(body) && typeof body.type === 'string'
    ? body.type.slice(body.type.lastIndexOf('/') + 1)
    : undefined;
const extrasOf = (body: unknown) => (isRecord(body) && isRecord(body.extras) ? body.extras : undefined);

function shown(answer: Answer): string {
  const kind = slug(answer.body);
  const status = isRecord(answer.body) ? answer.body.tx_status : undefined;
  return `${answer.status}${kind ? ` ${kind}` : ''}${typeof status === 'string' ? ` tx_status ${status}` : ''}${
    extrasOf(answer.body) ? ` with extras ${Object.keys(extrasOf(answer.body) ?? {}).join(', ')}` : ''
  }`;
}

function requireSubmit(state: LedgerApiState): void {
  if (!state.allowSubmit) skip(SUBMIT_ONLY);
}

function disabled(answer: Answer): void {
  if (answer.status === 403)
    skip(`the provider has transaction submission disabled (403 ${slug(answer.body) ?? ''})`.trim());
}

const NEEDS_CORE = 'a network core that judges the envelope';

const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export const errorChecks: CheckDefinition<LedgerApiState>[] = [
  {
    id: 'transaction.unknown-hash',
    title: 'An unknown transaction hash gets a 404 problem',
    // Apps poll for a submitted transaction until it is found: the SDK turns a 404 into
    // NotFoundError, anything else into another error or a record.
    level: 'must',
    needsBehaviour: 'knowing which transactions exist',
    async run(state, t) {
      const hash = randomBytes(32).toString('hex');
      const answer = await call(state, t, 'getTransaction', { path: `/transactions/${hash}` });
      const status = isRecord(answer.body) ? answer.body.status : undefined;
      if (answer.status !== 404 || status !== 404 || answer.mediaType !== 'application/problem+json') {
        fail(
          'an unknown transaction hash was not answered 404',
          answer.exchange,
          '404 application/problem+json with status 404 (not_found): nothing is known under this hash',
          `${answer.status} ${answer.mediaType ?? ''}`.trim(),
        );
      }
    },
  },
  {
    id: 'submit.malformed-envelope',
    title: 'POST /transactions with an envelope that is not XDR gets 400 (transaction_malformed)',
    // Server.submitTransaction sends the XDR of a Transaction object: never one that is not XDR.
    level: 'should',
    needsBehaviour: NEEDS_CORE,
    async run(state, t) {
      requireSubmit(state);
      const answer = await call(state, neverSent(t), 'submitTransaction', {
        path: '/transactions',
        ...submitForm(MALFORMED_ENVELOPE),
      });
      disabled(answer);
      const extras = extrasOf(answer.body);
      if (
        answer.status !== 400 ||
        (slug(answer.body) !== 'transaction_malformed' && !isRecord(extras?.result_codes))
      ) {
        fail(
          'a malformed envelope was not refused as such',
          answer.exchange,
          '400 problem transaction_malformed (with extras.envelope_xdr), or one with extras.result_codes',
          shown(answer),
        );
      }
    },
  },
  {
    id: 'submit.rejected-transaction',
    title:
      'POST /transactions with a transaction from an account that does not exist gets 400 with extras.result_codes',
    // submitTransaction rejects with the body, and apps read extras.result_codes to learn why.
    level: 'must',
    needsBehaviour: NEEDS_CORE,
    async run(state, t) {
      requireSubmit(state);
      const answer = await call(state, t, 'submitTransaction', {
        path: '/transactions',
        ...submitForm(unfundedEnvelope()),
      });
      disabled(answer);
      const codes = extrasOf(answer.body)?.result_codes;
      const code = isRecord(codes) ? codes.transaction : undefined;
      if (answer.status !== 400 || typeof code !== 'string' || !code.startsWith('tx_')) {
        fail(
          'an unappliable transaction was not refused with its result code',
          answer.exchange,
          '400 problem transaction_failed whose extras.result_codes.transaction names the code (e.g. tx_no_source_account, tx_bad_auth)',
          shown(answer),
        );
      }
      t.note(`result code ${code}`);
    },
  },
  {
    id: 'submit-async.malformed-envelope',
    title: 'POST /transactions_async with an envelope that is not XDR gets a 400 problem',
    // submitAsyncTransaction also sends the XDR of a Transaction object.
    level: 'should',
    needsBehaviour: NEEDS_CORE,
    async run(state, t) {
      requireSubmit(state);
      const answer = await call(state, neverSent(t), 'submitTransactionAsync', {
        path: '/transactions_async',
        ...submitForm(MALFORMED_ENVELOPE),
      });
      disabled(answer);
      if (answer.status !== 400 || answer.mediaType !== 'application/problem+json') {
        fail(
          'a malformed envelope was not refused as such',
          answer.exchange,
          '400 application/problem+json (transaction_malformed): the envelope cannot be decoded',
          `${shown(answer)} ${answer.mediaType ?? ''}`.trim(),
        );
      }
    },
  },
  {
    id: 'submit-async.rejected-transaction',
    title:
      'POST /transactions_async with a transaction from an account that does not exist gets 400 tx_status ERROR',
    // Apps read tx_status (and error_result_xdr) of submitAsyncTransaction's answer.
    level: 'must',
    needsBehaviour: NEEDS_CORE,
    async run(state, t) {
      requireSubmit(state);
      const answer = await call(state, t, 'submitTransactionAsync', {
        path: '/transactions_async',
        ...submitForm(unfundedEnvelope()),
      });
      disabled(answer);
      const body = isRecord(answer.body) ? answer.body : {};
      if (answer.status !== 400 || body.tx_status !== 'ERROR' || typeof body.error_result_xdr !== 'string') {
        fail(
          'an unappliable transaction was not answered ERROR',
          answer.exchange,
          '400 with tx_status ERROR and error_result_xdr: the core rejects the transaction at once',
          shown(answer),
        );
      }
    },
  },
  {
    id: 'rate-limit.headers',
    title:
      'Rate-limit headers, once sent, are on every answer: whole numbers with remaining <= limit (and Retry-After on 429)',
    // js-stellar-sdk reads no rate-limit header (only Date, for the server time). Horizon's rate
    // limiter (stellar/throttled HTTPRateLimiter, a middleware on every route) sets the three on
    // each answer, refused or not, and Retry-After on a 429; with --per-hour-rate-limit 0 (no
    // limit) it sends none.
    level: 'should',
    async run(state, t) {
      if (state.exchanges.length === 0) {
        await call(state, t, 'getRoot', { path: '/' });
        await call(state, t, 'listLedgers', { path: '/ledgers' });
      }
      const evidence: Evidence[] = [];
      const answers = state.exchanges.filter((exchange) => exchange.response !== undefined);
      const carrying = answers.filter((exchange) =>
        RATE_LIMIT_HEADERS.some((n) => exchange.response?.headers[n] !== undefined),
      );
      if (carrying.length === 0) {
        skip(
          `none of ${answers.length} answer(s) carried X-Ratelimit-* headers: the provider does not limit the rate (as Horizon with --per-hour-rate-limit 0); they are checked when sent`,
        );
      }
      for (const exchange of answers) {
        const headers = exchange.response?.headers ?? {};
        const values = RATE_LIMIT_HEADERS.map((n) => headers[n]);
        const [limit, remaining, reset] = values;
        const whole = (v: string | undefined) => v !== undefined && /^\d+$/.test(v.trim());
        const problem = values.every((v) => v === undefined)
          ? `X-Ratelimit-Limit, X-Ratelimit-Remaining and X-Ratelimit-Reset on every answer, as on ${carrying.length} other(s) of this run`
          : !values.every(whole)
            ? 'X-Ratelimit-Limit, X-Ratelimit-Remaining and X-Ratelimit-Reset together, each a whole number'
            : Number(limit) < 1 || Number(remaining) > Number(limit)
              ? 'X-Ratelimit-Limit >= 1 and X-Ratelimit-Remaining <= X-Ratelimit-Limit'
              : exchange.response?.status === 429 && !whole(headers['retry-after'])
                ? 'Retry-After (whole seconds) on a 429'
                : undefined;
        if (problem) {
          evidence.push(
            evidenceOf(
              exchange,
              problem,
              `limit ${limit ?? '(none)'}, remaining ${remaining ?? '(none)'}, reset ${reset ?? '(none)'}`,
            ),
          );
        }
      }
      if (evidence.length > 0)
        throw new CheckFailure(`${evidence.length} answer(s) with inconsistent rate-limit headers`, evidence);
      t.note(`${carrying.length} answer(s) with rate-limit headers`);
    },
  },
];
