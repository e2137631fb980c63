import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CredentialCheck } from './credentials.js';
import { type ErrorStyle, type ProblemKind, renderError } from './errors.js';
import type { ContractMeta, OperationMeta } from './operations.js';
import { mediaTypeOf, type Validate } from './validate.js';
import { formatErrors, type ValidationError } from './validation.js';

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
}

export type Handler = (request: HandlerRequest) => HandlerResult | Promise<HandlerResult>;

export interface ServerOptions {
  /** Validate every response against the contract; a non-conforming one becomes a 500. Default: NODE_ENV === 'test'. */
  validateResponses?: boolean;
  /** Credential checks by security scheme name. When any is set, every request must pass one of them. */
  security?: Record<string, CredentialCheck>;
  /** Largest accepted request body. Default 10 MiB. */
  bodyLimitBytes?: number;
  /** Called with handler exceptions and non-conforming responses. Default: console.error. */
  onError?: (error: unknown, context: { operationId?: string }) => void;
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

interface Route {
  operation: OperationMeta;
  pattern: RegExp;
  names: string[];
}

function compileRoutes(contract: ContractMeta): Route[] {
  const routes = Object.values(contract.operations).map((operation) => {
    const names: string[] = [];
    const source = operation.path
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const name = /^\{([^}]+)\}$/.exec(part)?.[1];
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { operation, pattern: new RegExp(`^${source}/?$`), names };
  });
  // Literal paths win over templated ones (e.g. /transactions_async before /transactions/{hash}).
  return routes.sort((a, b) => a.names.length - b.names.length);
}

class HttpError extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly errors: ValidationError[] = [],
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new HttpError('payload_too_large', `request body is larger than ${limit} bytes`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop keeping the body, but answer 413 (with Connection: close) instead of resetting the socket.
        req.removeAllListeners('data');
        chunks.length = 0;
        req.resume();
        reject(new HttpError('payload_too_large', `request body is larger than ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function formToObject(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

async function parseBody(req: IncomingMessage, operation: OperationMeta, limit: number) {
  const contentType = req.headers['content-type'];
  const mediaType = mediaTypeOf(contentType);
  const raw = await readBody(req, limit);
  if (raw.length === 0) return { body: undefined, forValidation: undefined, contentType };
  if (!mediaType || !operation.requestBody?.mediaTypes.includes(mediaType)) {
    throw new HttpError(
      'unsupported_media_type',
      `content-type '${mediaType ?? 'none'}' is not accepted; use ${operation.requestBody?.mediaTypes.join(' or ')}`,
    );
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      const body: unknown = JSON.parse(raw.toString('utf8'));
      return { body, forValidation: body, contentType };
    } catch {
      throw new HttpError('bad_request', 'request body is not valid JSON', [
        { path: '/body', message: 'is not valid JSON', keyword: 'json' },
      ]);
    }
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const body = formToObject(new URLSearchParams(raw.toString('utf8')));
    return { body, forValidation: body, contentType };
  }
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Request('http://localhost/', {
        method: 'POST',
        headers: { 'content-type': contentType ?? '' },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      throw new HttpError('bad_request', 'request body is not valid multipart/form-data', [
        { path: '/body', message: 'is not valid multipart/form-data', keyword: 'multipart' },
      ]);
    }
    const body = formToObject(form.entries());
    // Files are validated as strings: the contract types binary parts as octet-stream strings.
    const forValidation = Object.fromEntries(
      Object.entries(body).map(([k, v]) => [
        k,
        typeof v === 'object' && v !== null && !Array.isArray(v) ? '' : v,
      ]),
    );
    return { body, forValidation, contentType };
  }
  return { body: raw, forValidation: raw.toString('utf8'), contentType };
}

function collectParameters(
  operation: OperationMeta,
  url: URL,
  req: IncomingMessage,
  pathValues: Record<string, string>,
) {
  const query: Record<string, unknown> = {};
  const headers: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query') {
      const values = url.searchParams.getAll(parameter.name);
      if (values.length === 0) continue;
      query[parameter.name] = parameter.array ? values : values[0];
    } else if (parameter.in === 'header') {
      const value = req.headers[parameter.name.toLowerCase()];
      if (value !== undefined) headers[parameter.name] = value;
    }
  }
  return { query, path: { ...pathValues }, headers };
}

function checkSecurity(
  operation: OperationMeta,
  security: Record<string, CredentialCheck> | undefined,
  req: IncomingMessage,
) {
  const configured = Object.entries(security ?? {});
  if (configured.length === 0 || (operation.security && operation.security.length === 0)) return;
  const reasons: string[] = [];
  for (const [, check] of configured) {
    const reason = check(req.headers);
    if (reason === null) return;
    reasons.push(reason);
  }
  throw new HttpError('unauthorized', reasons.join('; '));
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: unknown) {
  if (body === undefined || status === 204 || status === 304) {
    res.writeHead(status, headers).end();
    return;
  }
  const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(payload);
}

/**
 * A node:http request listener for one contract: routes by method and path, checks credentials,
 * validates the request before the handler runs, and renders errors in the contract's shape.
 * With a third `next` argument (Express, Connect) unknown routes are passed on instead of answered.
 */
export function createRequestListener(
  binding: ContractBinding,
  handlers: Record<string, Handler>,
  options: ServerOptions = {},
): RequestListener {
  const routes = compileRoutes(binding.contract);
  const limit = options.bodyLimitBytes ?? 10 * 1024 * 1024;
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
    send(res, answer.status, { ...answer.headers, ...extra }, answer.body);
  };

  return (req, res, next) => {
    void (async () => {
      let operationId: string | undefined;
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        const method = (req.method ?? 'GET').toLowerCase();
        let pathname: string;
        try {
          pathname = decodeURI(url.pathname);
        } catch {
          throw new HttpError('bad_request', 'the request path is not valid UTF-8');
        }
        const matches = routes
          .map((route) => ({ route, match: route.pattern.exec(url.pathname) }))
          .filter((m) => m.match !== null);
        const hit = matches.find((m) => m.route.operation.method === method);
        if (!hit?.match) {
          if (next) return next();
          if (matches.length > 0) {
            const allow = [...new Set(matches.map((m) => m.route.operation.method.toUpperCase()))].join(', ');
            return fail(
              res,
              'method_not_allowed',
              `method ${method.toUpperCase()} is not allowed on ${pathname}`,
              [],
              { allow },
            );
          }
          return fail(res, 'not_found', `no endpoint at ${pathname}`);
        }
        const operation = hit.route.operation;
        operationId = operation.operationId;
        const pathValues: Record<string, string> = {};
        for (const [index, name] of hit.route.names.entries()) {
          try {
            pathValues[name] = decodeURIComponent(hit.match[index + 1] ?? '');
          } catch {
            throw new HttpError('bad_request', `path parameter '${name}' is not valid UTF-8`);
          }
        }

        checkSecurity(operation, options.security, req);
        const parameters = collectParameters(operation, url, req, pathValues);
        const parsed = operation.requestBody
          ? await parseBody(req, operation, limit)
          : { body: undefined, forValidation: undefined, contentType: req.headers['content-type'] };
        const check = binding.validate.request(operation.operationId, {
          ...parameters,
          body: parsed.forValidation,
          contentType: parsed.contentType,
        });
        if (!check.ok) {
          throw new HttpError(
            'bad_request',
            formatErrors(check.errors),
            withReasons(operation, check.errors),
          );
        }

        const result = await handlers[operation.operationId]?.({
          query: parameters.query,
          path: parameters.path as Record<string, string>,
          headers: req.headers,
          body: parsed.body,
          contentType: parsed.contentType,
          raw: req,
        });
        if (!result) throw new Error(`no handler for ${operation.operationId}`);
        if (validateResponses) {
          const conformance = binding.validate.response(operation.operationId, result.status, result.body);
          if (!conformance.ok) {
            const problem = new Error(
              `${operation.operationId} answered ${result.status} outside the contract: ${formatErrors(conformance.errors)}`,
            );
            onError(problem, { operationId });
            return fail(res, 'server_error', problem.message);
          }
        }
        const declared = operation.responses[String(result.status)] ?? operation.responses.default;
        const mediaType = declared?.mediaTypes[0];
        send(
          res,
          Number(result.status),
          { ...(mediaType ? { 'content-type': mediaType } : {}), ...result.headers },
          result.body,
        );
      } catch (error) {
        if (error instanceof HttpError) {
          // An oversized body is not read to its end: the connection cannot carry another request.
          const close = error.kind === 'payload_too_large' ? { connection: 'close' } : undefined;
          return fail(res, error.kind, error.message, error.errors, close);
        }
        // A client that hung up mid-request is not a server error: there is no one left to answer.
        if (req.destroyed || (error as NodeJS.ErrnoException)?.code === 'ECONNRESET') {
          res.destroy();
          return;
        }
        onError(error, { operationId });
        if (!res.headersSent) fail(res, 'server_error', 'internal server error');
        else res.destroy();
      }
    })();
  };
}

/** A node:http server for a request listener. */
export function createHttpServer(listener: RequestListener): Server {
  return createServer((req, res) => listener(req, res));
}

/** Starts listening and resolves with the base URL (e.g. `http://127.0.0.1:8081`). */
export function listen(server: Server, port = 0, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
    });
  });
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
