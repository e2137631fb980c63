/** The generated fetch client of an OpenAPI contract, with optional checks of its answers. */
export function emitClient(): string {
  return `import type { ValidationError } from '@starspec/runtime';
import createFetchClient, { type Client, type ClientOptions as FetchClientOptions, type Middleware } from 'openapi-fetch';
import { contract } from './contract.js';
import type { paths } from './types.js';
import { type OperationId, type ReadMode, validate } from './validate.js';

export type ContractClient = Client<paths>;

/** Whether and how answers are checked against the contract. */
export interface ResponseValidationOptions {
  /**
   * Check every answer against the contract before it is handed back; one outside it rejects the
   * call with a ResponseValidationError. Tolerant: members the contract does not declare are
   * ignored, members added in a recent server release (\`x-added-in\`) may be missing, and an
   * answer with a status the contract does not declare is left to the caller. Default false.
   */
  validateResponses?: boolean | undefined;
  /**
   * Check answers strictly instead: no undeclared member, no recently added one missing, no
   * undeclared status. For conformance suites and tests. Implies \`validateResponses\`.
   */
  strict?: boolean | undefined;
}

export interface ClientOptions extends FetchClientOptions, ResponseValidationOptions {}

/** An answer outside the contract, as read in \`mode\`. */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  constructor(
    readonly operationId: string,
    readonly status: number,
    readonly mode: ReadMode,
    readonly errors: readonly ValidationError[],
    /** The parsed body (its text when it is not JSON). */
    readonly body: unknown,
  ) {
    const where = errors.map((e) => \`\${e.path || 'the body'} \${e.message}\`).join('; ');
    super(\`the \${status} answer to \${operationId} is outside the contract: \${where}\`);
  }
}

/** The mode answers are read in, or undefined when they are not checked. */
export function readModeOf(options: ResponseValidationOptions = {}): ReadMode | undefined {
  if (options.strict) return 'strict';
  return options.validateResponses ? 'tolerant' : undefined;
}

function assertBody(operationId: OperationId, status: number, body: unknown, mode: ReadMode): void {
  const declared = contract.operations[operationId]?.responses ?? {};
  if (mode === 'tolerant' && !declared[String(status)] && !declared.default) return;
  const verdict = validate.response(operationId, status, body, { mode });
  if (!verdict.ok) throw new ResponseValidationError(operationId, status, mode, verdict.errors, body);
}

const JSON_MEDIA_TYPE = /^application\\/(?:[\\w.-]+\\+)?json\\s*(?:;|$)/i;

/**
 * Rejects with a ResponseValidationError when an answer of the operation is outside the contract,
 * as read in \`mode\`. The body is read from a clone; a body in a media type other than JSON is
 * not checked.
 */
export async function assertResponse(operationId: OperationId, response: Response, mode: ReadMode): Promise<void> {
  const text = await response.clone().text();
  if (text !== '' && !JSON_MEDIA_TYPE.test(response.headers.get('content-type') ?? '')) return;
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    const error = { path: '', message: 'is not JSON', keyword: 'json' };
    throw new ResponseValidationError(operationId, response.status, mode, [error], text);
  }
  assertBody(operationId, response.status, body, mode);
}

const operationIds = new Map<string, OperationId>(
  Object.values(contract.operations).map((o) => [\`\${o.method.toUpperCase()} \${o.path}\`, o.operationId as OperationId]),
);

/**
 * openapi-fetch middleware that checks every answer with assertResponse. Given to a client
 * (\`client.use\`) or to one request (\`{ middleware: [responseValidation('strict')] }\`).
 */
export function responseValidation(mode: ReadMode = 'tolerant'): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operationId = operationIds.get(\`\${request.method} \${schemaPath}\`);
      if (operationId !== undefined) await assertResponse(operationId, response, mode);
      return undefined;
    },
  };
}

/**
 * A fetch client whose every call is checked by the compiler against the contract and, with
 * \`validateResponses\` or \`strict\`, every answer at run time.
 */
export function createClient(options: ClientOptions = {}): ContractClient {
  const { validateResponses, strict, ...fetchOptions } = options;
  const client = createFetchClient<paths>(fetchOptions);
  const mode = readModeOf({ validateResponses, strict });
  if (mode !== undefined) client.use(responseValidation(mode));
  return client;
}
`;
}
