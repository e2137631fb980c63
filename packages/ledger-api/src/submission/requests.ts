// The context of one submission (client, envelope, options, clock) and the requests it makes,
// for submission.ts: every answer, or the lack of one, becomes an Answer; failures a SubmissionError.
import type { Middleware } from 'openapi-fetch';
import {
  type ContractClient,
  createClient,
  ResponseValidationError,
  readModeOf,
  responseValidation,
} from '../generated/client.gen.js';
import type { Envelope } from './envelope.js';
import { SubmissionError, type SubmissionErrorInit, type SubmissionErrorKind } from './errors.js';
import type { SubmissionTarget, SubmitOptions, WaitOptions } from './options.js';
import type { ResultCodes } from './result-codes.js';
import { type Clock, defaultSleep, type Sleep } from './retry.js';

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  error?: unknown;
}

export interface Context {
  client: ContractClient;
  envelope: Envelope;
  form: string;
  options: SubmitOptions;
  now: Clock;
  sleep: Sleep;
  deadline: number;
  /** Per-request middleware: the checks of the answers the options ask for. */
  checks: Middleware[];
}

function checksOf(options: WaitOptions): Middleware[] {
  const mode = readModeOf(options);
  return mode === undefined ? [] : [responseValidation(mode)];
}

function clientOf(target: SubmissionTarget, options: WaitOptions): ContractClient {
  if (typeof target === 'string' || target instanceof URL) {
    return createClient({ baseUrl: String(target), ...(options.fetch ? { fetch: options.fetch } : {}) });
  }
  return target;
}

export function contextOf(target: SubmissionTarget, envelope: Envelope, options: SubmitOptions): Context {
  const deadline = options.deadline === undefined ? Number.POSITIVE_INFINITY : Number(options.deadline);
  return {
    client: clientOf(target, options),
    envelope,
    // Serialised once: every attempt sends these exact bytes.
    form: new URLSearchParams({ tx: envelope.xdr }).toString(),
    options,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? defaultSleep,
    deadline,
    checks: checksOf(options),
  };
}

async function call(
  ctx: Context,
  request: () => Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<Answer> {
  ctx.options.signal?.throwIfAborted();
  try {
    const { data, error, response } = await request();
    return { status: response.status, headers: response.headers, body: data ?? error };
  } catch (error) {
    if (ctx.options.signal?.aborted) throw error;
    if (error instanceof ResponseValidationError) {
      const answer = { status: error.status, headers: new Headers(), body: error.body, error };
      throw fail(ctx, 'http', answer, { message: error.message });
    }
    // No answer: the request may or may not have reached the server.
    return { status: 0, headers: new Headers(), body: undefined, error };
  }
}

export function post(ctx: Context, path: '/transactions' | '/transactions_async'): Promise<Answer> {
  return call(ctx, () =>
    ctx.client.POST(path, {
      body: { tx: ctx.envelope.xdr },
      bodySerializer: () => ctx.form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      middleware: ctx.checks,
      ...(ctx.options.signal ? { signal: ctx.options.signal } : {}),
    }),
  );
}

export function lookup(ctx: Context, hash: string): Promise<Answer> {
  return call(ctx, () =>
    ctx.client.GET('/transactions/{hash}', {
      params: { path: { hash } },
      middleware: ctx.checks,
      ...(ctx.options.signal ? { signal: ctx.options.signal } : {}),
    }),
  );
}

export interface ProblemBody {
  type?: string;
  extras?: { hash?: string; result_xdr?: string; result_codes?: ResultCodes };
}

export const problemOf = (body: unknown): ProblemBody =>
  typeof body === 'object' && body !== null ? (body as ProblemBody) : {};

export function fail(
  ctx: Context,
  kind: SubmissionErrorKind,
  answer: Answer | undefined,
  extra: Partial<SubmissionErrorInit> = {},
) {
  const problem = problemOf(answer?.body);
  return new SubmissionError({
    kind,
    envelopeXdr: ctx.envelope.xdr,
    hash: extra.hash ?? safeHash(ctx),
    status: answer?.status || undefined,
    problemType: problem.type,
    body: answer?.body,
    cause: answer?.error,
    ...extra,
  });
}

export function safeHash(ctx: Context): string | undefined {
  try {
    return ctx.envelope.hash();
  } catch {
    return undefined;
  }
}

export function waitContext(
  ctx: Context,
  overrides: WaitOptions,
): Pick<Context, 'options' | 'now' | 'sleep' | 'deadline' | 'checks'> {
  const options = { ...ctx.options, ...overrides };
  return {
    options,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? defaultSleep,
    deadline: options.deadline === undefined ? Number.POSITIVE_INFINITY : Number(options.deadline),
    checks: checksOf(options),
  };
}
