/**
 * What the ledger-api suite knows while it runs: the target, the shared requests, every
 * exchange (for the rate-limit headers), and the ids found on the provider to request the
 * endpoints that take one.
 */
import { contract, type OperationId, validate } from '@starspec/ledger-api';
import { isRecord, mediaTypeOf, type ValidationError } from '@starspec/runtime';
import { type HttpOptions, type HttpRequest, send } from '../../http.js';
import { CheckFailure, type Evidence, type Exchange, evidenceOf } from '../../model.js';
import { httpOptionsOf, Probes, type Recorder, type RunOptions } from '../../runner.js';

/** Options of the ledger-api suite (besides the common run options). */
export interface LedgerApiOptions {
  /** Also POST envelopes that can never be applied (malformed, or from an account that does not exist). */
  allowSubmit?: boolean;
}

export interface LedgerApiState {
  http: HttpOptions;
  allowSubmit: boolean;
  probes: Probes;
  /** Every exchange of the run, in order. */
  exchanges: Exchange[];
}

export function prepareLedgerApi(options: RunOptions & LedgerApiOptions): LedgerApiState {
  return {
    http: httpOptionsOf(options),
    allowSubmit: options.allowSubmit === true,
    probes: new Probes(),
    exchanges: [],
  };
}

export interface Answer {
  exchange: Exchange;
  status: number;
  body: unknown;
  mediaType: string | undefined;
}

/** The request of `POST /transactions(_async)` for an envelope, as Horizon.Server sends it: a form. */
export const submitForm = (envelope: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: `tx=${encodeURIComponent(envelope)}`,
});

/** A recorder for requests whose answers are some other check's subject. */
export const IGNORE: Recorder = { problem: () => undefined };

export { isRecord };

function describeErrors(errors: readonly ValidationError[]): string {
  if (errors.length === 0) return 'its body does not match';
  const shown = errors.slice(0, 5).map((e) => (e.path ? `${e.path} ${e.message}` : e.message));
  return `${shown.join('; ')}${errors.length > 5 ? `; and ${errors.length - 5} more` : ''}`;
}

const isProblem = (body: unknown) => isRecord(body) && typeof body.type === 'string' && 'title' in body;

/** Checks an answer against the contract: declared status, declared media type, body schema. */
export function contractErrors(operationId: OperationId, answer: Answer): string | undefined {
  const operation = contract.operations[operationId];
  if (!operation) return `unknown operation ${operationId}`;
  const declared = operation.responses[String(answer.status)] ?? operation.responses.default;
  if (!declared) {
    return `status ${answer.status} is not declared for ${operationId} (declared: ${Object.keys(operation.responses).join(', ')})`;
  }
  const types = declared.mediaTypes;
  if (types.length === 0) return undefined;
  const type = answer.mediaType;
  const plainJson = type === 'application/json' && types.some((t) => t.endsWith('+json'));
  if (type === undefined || (!types.includes(type) && !plainJson)) {
    return `content-type ${type ?? '(none)'}; the contract declares ${types.join(' or ')} for ${answer.status}`;
  }
  // A status with several media types: the problem form is validated as a Problem.
  const problem = type === 'application/problem+json' || (plainJson && isProblem(answer.body));
  const verdict =
    problem && types[0] !== 'application/problem+json'
      ? validate.schema('Problem', answer.body, { mode: 'strict' })
      : validate.response(operationId, answer.status, answer.body, { mode: 'strict' });
  return verdict.ok ? undefined : describeErrors(verdict.errors);
}

/**
 * Sends a request of one operation and checks the answer against the contract; an answer outside
 * it is a problem of the check. No answer at all (timeout, refused) fails the check.
 */
export async function call(
  state: LedgerApiState,
  recorder: Recorder,
  operationId: OperationId,
  request: HttpRequest,
): Promise<Answer> {
  const { exchange, body, rateLimited } = await send(state.http, {
    ...request,
    headers: {
      accept: 'application/hal+json, application/problem+json;q=0.9, application/json;q=0.8',
      ...request.headers,
    },
  });
  // The 429s waited out count too: the rate-limit check reads their headers.
  state.exchanges.push(...rateLimited, exchange);
  if (!exchange.response) {
    throw new CheckFailure(`no answer to ${exchange.request.method} ${request.path}: ${exchange.error}`, [
      evidenceOf(exchange, `an answer within ${state.http.timeoutMs} ms`),
    ]);
  }
  const answer: Answer = {
    exchange,
    status: exchange.response.status,
    body,
    mediaType: mediaTypeOf(exchange.response.headers['content-type']),
  };
  const problem = contractErrors(operationId, answer);
  if (problem !== undefined) {
    recorder.problem(
      evidenceOf(
        exchange,
        `an answer the contract declares for ${operationId}, with its media type and body`,
        `the ${answer.status} answer is outside the contract: ${problem}`,
      ),
    );
  }
  return answer;
}

/** Fails the check with every piece of evidence, when there is any. */
export function verdict(evidence: Evidence[], what: string): void {
  if (evidence.length > 0)
    throw new CheckFailure(`${evidence.length} ${what}: ${evidence[0]?.found}`, evidence);
}

/** The records of a page answer, when it is one. */
export function recordsOf(body: unknown): Record<string, unknown>[] | undefined {
  if (!isRecord(body) || !isRecord(body._embedded) || !Array.isArray(body._embedded.records))
    return undefined;
  return body._embedded.records.filter(isRecord);
}

/** The query of a page link (`_links.next`), or undefined. */
export function linkQuery(body: unknown, name: 'self' | 'next' | 'prev'): URLSearchParams | undefined {
  if (!isRecord(body) || !isRecord(body._links)) return undefined;
  const link = body._links[name];
  if (!isRecord(link) || typeof link.href !== 'string') return undefined;
  try {
    return new URL(link.href, 'http://base.invalid').searchParams;
  } catch {
    return undefined;
  }
}
