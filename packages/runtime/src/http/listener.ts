import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialCheck } from '../credentials.js';
import { type ErrorStyle, type ProblemKind, renderError } from '../errors.js';
import { type HandlerTable, handlersByName } from '../handler-table.js';
import type { ContractMeta, OperationMeta } from '../operations.js';
import type { Validate } from '../validate.js';
import { formatErrors, type ValidationError } from '../validation.js';
import { type BodyLimits, type ParsedBody, readBody } from './body.js';
import { type CorsOptions, corsPolicy } from './cors.js';
import { HttpError } from './errors.js';
import { collectParameters, planParameters } from './params.js';
import { compileRoutes, matchRoute } from './routes.js';
import { decodePath, parseTarget } from './target.js';

/** The request a handler receives: validated, with query values coerced and defaults applied. */
export interface HandlerRequest {
  query: Record<string, unknown>;
  path: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
  contentType: string | undefined;
  raw: IncomingMessage;
}

/** A handler's answer: a status the contract declares, its body, and extra headers. */
export interface HandlerResult {
  status: number | string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Writes the response itself instead (server-sent events): status, headers and body are then
   * not used, nor checked against the contract. A failure before anything is written is a 500.
   */
  stream?: (res: ServerResponse) => Promise<void>;
}

export type Handler = (request: HandlerRequest) => HandlerResult | Promise<HandlerResult>;

/**
 * What every handler of a listener's table accepts: a request whose query, path and body are
 * narrowed to nothing, so that a handler typed by its operation (HandlerMap) fits, as a Handler does.
 */
export type AnyTypedRequest = Omit<HandlerRequest, 'query' | 'path' | 'body'> & {
  query: never;
  path: never;
  body: never;
};

/** Handlers by operationId: Handlers, or a contract's HandlerMap. */
export type HandlerTableOf<H> = HandlerTable<
  H,
  [request: AnyTypedRequest],
  HandlerResult | Promise<HandlerResult>
>;

export interface ServerOptions {
  /** Validate every response against the contract; a non-conforming one becomes a 500. Default: NODE_ENV === 'test'. */
  validateResponses?: boolean;
  /** Credential checks by security scheme name. When any is set, every request must pass one of them. */
  security?: Record<string, CredentialCheck>;
  /** Largest accepted request body, uploads included. Default 10 MiB. */
  bodyLimitBytes?: number;
  /** Largest accepted JSON body (it is parsed into objects, so it stays far below uploads). Default 1 MiB. */
  jsonBodyLimitBytes?: number;
  /** Body bytes all requests being read may hold together; past it a request gets 503. Default 64 MiB. */
  bufferedBodyLimitBytes?: number;
  /** Called with handler exceptions and non-conforming responses. Default: console.error. */
  onError?: (error: unknown, context: { operationId?: string }) => void;
  /** Time to receive a whole request, body included (ms). Default 30 s. */
  requestTimeoutMs?: number;
  /** Time to receive the request headers (ms). Default 10 s. */
  headersTimeoutMs?: number;
  /** How long an idle kept-alive connection stays open (ms). Default 95 s. */
  keepAliveTimeoutMs?: number;
  /** Open connections at most; more are refused at accept. Default 1,024. */
  maxConnections?: number;
  /**
   * Let browser pages on other origins call the server: `true` for any origin, the origins
   * allowed (as `parseCorsOrigins` reads them), or `CorsOptions`. Preflights are answered for the
   * methods each path serves. Default: off.
   */
  cors?: boolean | readonly string[] | CorsOptions;
}

export interface ContractBinding {
  contract: ContractMeta;
  validate: Validate;
  errorStyle: ErrorStyle;
}

export type RequestListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

export const DEFAULT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_BUFFERED_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes an answer. A body is serialized once and sent as a string with its length, which Node
 * writes together with the head in one call.
 */
function send(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) {
  if (body === undefined || status === 204 || status === 304) {
    res.writeHead(status, headers).end();
    return;
  }
  const payload = Buffer.isBuffer(body) ? body : typeof body === 'string' ? body : JSON.stringify(body);
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  res
    .writeHead(status, { 'content-type': JSON_CONTENT_TYPE, ...headers, 'content-length': String(length) })
    .end(payload);
}

function checkSecurity(operation: OperationMeta, checks: readonly CredentialCheck[], req: IncomingMessage) {
  if (operation.security && operation.security.length === 0) return;
  const reasons: string[] = [];
  for (const check of checks) {
    const reason = check(req.headers);
    if (reason === null) return;
    reasons.push(reason);
  }
  throw new HttpError('unauthorized', reasons.join('; '));
}

/** Attaches the contract's exact wording (`x-problem-reasons`) to parameter failures that have one. */
function withReasons(operation: OperationMeta, errors: ValidationError[]): ValidationError[] {
  return errors.map((error) => {
    const [, where, name] = error.path.split('/');
    const parameter = operation.parameters.find(
      (p) => p.name === name && (where === 'headers' ? p.in === 'header' : p.in === where),
    );
    const reason = parameter?.reasons?.[error.keyword];
    return reason === undefined ? error : { ...error, reason };
  });
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/** An operation with what the listener works out once for it. */
interface Prepared {
  operation: OperationMeta;
  plan: ReturnType<typeof planParameters>;
  handler: Handler | undefined;
}

/**
 * A node:http request listener for one contract: routes by method and path, checks credentials,
 * validates the request before the handler runs, and renders errors in the contract's shape.
 * With a third `next` argument (Express, Connect) unknown routes are passed on instead of answered.
 * A request without a body whose handler answers synchronously is served without a promise.
 */
export function createRequestListener<H extends HandlerTableOf<H>>(
  binding: ContractBinding,
  handlers: H,
  options: ServerOptions = {},
): RequestListener {
  const router = compileRoutes(binding.contract);
  const byName = handlersByName<Handler>(handlers);
  const prepared = new Map<string, Prepared>(
    Object.values(binding.contract.operations).map((operation) => [
      operation.operationId,
      { operation, plan: planParameters(operation), handler: byName[operation.operationId] },
    ]),
  );
  const checks = Object.values(options.security ?? {});
  const cors = corsPolicy(options.cors);
  const limits: BodyLimits = {
    any: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    json: options.jsonBodyLimitBytes ?? DEFAULT_JSON_BODY_LIMIT_BYTES,
    budget: { limit: options.bufferedBodyLimitBytes ?? DEFAULT_BUFFERED_BODY_LIMIT_BYTES, held: 0 },
  };
  const validateResponses = options.validateResponses ?? process.env.NODE_ENV === 'test';
  const onError =
    options.onError ?? ((error, context) => console.error(`[${context.operationId ?? 'server'}]`, error));
  const fail = (
    res: ServerResponse,
    kind: ProblemKind,
    message: string,
    errors?: ValidationError[],
    extra?: Record<string, string>,
  ) => {
    const answer = renderError(binding.errorStyle, kind, message, errors);
    send(res, answer.status, extra ? { ...answer.headers, ...extra } : answer.headers, answer.body);
  };

  function failed(req: IncomingMessage, res: ServerResponse, error: unknown, operationId?: string) {
    if (error instanceof HttpError) return fail(res, error.kind, error.message, error.errors, error.headers);
    // A client that hung up mid-request is not a server error: there is no one left to answer.
    if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
      res.destroy();
      return;
    }
    onError(error, { operationId });
    if (!res.headersSent) fail(res, 'server_error', 'internal server error');
    else res.destroy();
  }

  // Nothing a request does may become an unhandled rejection or an uncaught exception: that would end the process.
  function failedSafely(req: IncomingMessage, res: ServerResponse, error: unknown, operationId?: string) {
    try {
      failed(req, res, error, operationId);
    } catch (unexpected) {
      options.onError?.(unexpected, {});
      res.destroy();
    }
  }

  function answer(res: ServerResponse, operation: OperationMeta, result: HandlerResult | undefined) {
    if (!result) throw new Error(`no handler for ${operation.operationId}`);
    if (validateResponses) {
      const conformance = binding.validate.response(operation.operationId, result.status, result.body);
      if (!conformance.ok) {
        const problem = new Error(
          `${operation.operationId} answered ${result.status} outside the contract: ${formatErrors(conformance.errors)}`,
        );
        onError(problem, { operationId: operation.operationId });
        return fail(res, 'server_error', problem.message);
      }
    }
    const declared = operation.responses[String(result.status)] ?? operation.responses.default;
    const mediaType = declared?.mediaTypes[0];
    const status = Number(result.status);
    const body = result.body;
    if (result.headers === undefined && body !== undefined && status !== 204 && status !== 304) {
      // The usual answer: a body and no extra headers, written without merging header objects.
      const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
      const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      res
        .writeHead(status, {
          'content-type': mediaType ?? JSON_CONTENT_TYPE,
          'content-length': String(length),
        })
        .end(payload);
      return;
    }
    const headers = mediaType ? { 'content-type': mediaType, ...result.headers } : { ...result.headers };
    send(res, status, headers, body);
  }

  function respond(
    req: IncomingMessage,
    res: ServerResponse,
    operation: OperationMeta,
    result?: HandlerResult,
  ) {
    if (!result?.stream) return answer(res, operation, result);
    result.stream(res).catch((error: unknown) => failedSafely(req, res, error, operation.operationId));
  }

  function proceed(
    req: IncomingMessage,
    res: ServerResponse,
    { operation, handler }: Prepared,
    path: Record<string, string>,
    parameters: ReturnType<typeof collectParameters>,
    parsed: ParsedBody,
  ) {
    const check = binding.validate.request(operation.operationId, {
      query: parameters.query,
      path,
      headers: parameters.headers,
      body: parsed.forValidation,
      contentType: parsed.contentType,
    });
    if (!check.ok) {
      throw new HttpError('bad_request', formatErrors(check.errors), withReasons(operation, check.errors));
    }
    const result = handler?.({
      query: parameters.query,
      path,
      headers: req.headers,
      body: parsed.body,
      contentType: parsed.contentType,
      raw: req,
    });
    if (!isThenable(result)) return respond(req, res, operation, result);
    result.then(
      (settled) => {
        try {
          respond(req, res, operation, settled as HandlerResult | undefined);
        } catch (error) {
          failedSafely(req, res, error, operation.operationId);
        }
      },
      (error: unknown) => failedSafely(req, res, error, operation.operationId),
    );
  }

  function notRouted(
    res: ServerResponse,
    method: string,
    path: string,
    allow: string[],
    next?: (error?: unknown) => void,
  ) {
    if (next) return next();
    const shown = decodePath(path);
    if (shown === undefined) throw new HttpError('bad_request', 'the request path is not valid UTF-8');
    if (allow.length === 0) return fail(res, 'not_found', `no endpoint at ${shown}`);
    fail(res, 'method_not_allowed', `method ${method} is not allowed on ${shown}`, [], {
      allow: allow.map((m) => m.toUpperCase()).join(', '),
    });
  }

  return (req, res, next) => {
    let operationId: string | undefined;
    try {
      const target = parseTarget(req.url);
      if (!target) throw new HttpError('bad_request', 'the request target is not a path');
      const method = (req.method ?? 'GET').toUpperCase();
      const hit = matchRoute(router, method, target.path);
      // A path that is not ours is passed on untouched when the listener is mounted (`next`).
      const ours = hit.route !== undefined || hit.allow.length > 0 || !next;
      if (cors && ours && cors.apply(req, res, () => hit.allow)) return;
      if (!hit.route) return notRouted(res, method, target.path, hit.allow, next);
      const operation = hit.route.operation;
      operationId = operation.operationId;
      const entry = prepared.get(operationId) as Prepared;
      if (checks.length > 0) checkSecurity(operation, checks, req);
      const parameters = collectParameters(entry.plan, target.search, req);
      if (!operation.requestBody) {
        return proceed(req, res, entry, hit.values, parameters, {
          body: undefined,
          forValidation: undefined,
          contentType: req.headers['content-type'],
        });
      }
      const path = hit.values;
      readBody(req, operation, limits, (error, parsed) => {
        if (error || !parsed) return failedSafely(req, res, error, operation.operationId);
        try {
          proceed(req, res, entry, path, parameters, parsed);
        } catch (thrown) {
          failedSafely(req, res, thrown, operation.operationId);
        }
      });
    } catch (error) {
      failedSafely(req, res, error, operationId);
    }
  };
}
