/**
 * The generated fetch client of an OpenAPI contract, with optional checks of its answers. It
 * imports no validator: they load on the first answer to check (`response-checks.ts`), so that a
 * browser bundle of a client that does not check answers stays small, and one that does gets them
 * as a chunk of their own.
 */
export function emitClient(): string {
  return `import type { ValidationError } from '@starspec/runtime/client';
import createFetchClient, { type Client, type ClientOptions as FetchClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './types.js';
import type { OperationId, ReadMode } from './validate.js';

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

// The validators and the contract's operations, loaded once, on the first answer to check.
let checks: Promise<typeof import('./response-checks.js')> | undefined;
const loadChecks = () => {
  checks ??= import('./response-checks.js');
  return checks;
};

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
  const errors = (await loadChecks()).answerErrors(operationId, response.status, body, mode);
  if (errors) throw new ResponseValidationError(operationId, response.status, mode, errors, body);
}

/**
 * openapi-fetch middleware that checks every answer with assertResponse. Given to a client
 * (\`client.use\`) or to one request (\`{ middleware: [responseValidation('strict')] }\`).
 */
export function responseValidation(mode: ReadMode = 'tolerant'): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operationId = (await loadChecks()).operationIdOf(request.method, schemaPath);
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

/** The part of the client that loads on the first answer it checks: the contract and its answers' validators. */
export function emitResponseChecks(): string {
  return `import type { ValidationError } from '@starspec/runtime/client';
import { answers, type OperationId, type ReadMode } from './answers.js';
import { contract } from './contract.js';

const operationIds = new Map<string, OperationId>(
  Object.values(contract.operations).map((o) => [\`\${o.method.toUpperCase()} \${o.path}\`, o.operationId as OperationId]),
);

/** The operation a request of the client is, by its method and path template. */
export function operationIdOf(method: string, schemaPath: string): OperationId | undefined {
  return operationIds.get(\`\${method} \${schemaPath}\`);
}

/**
 * What is wrong with an answer, as read in \`mode\`; undefined when nothing is. Read tolerantly, an
 * answer with a status the contract does not declare is the caller's to judge.
 */
export function answerErrors(
  operationId: OperationId,
  status: number,
  body: unknown,
  mode: ReadMode,
): ValidationError[] | undefined {
  const declared = contract.operations[operationId]?.responses ?? {};
  if (mode === 'tolerant' && !declared[String(status)] && !declared.default) return undefined;
  const verdict = answers.response(operationId, status, body, { mode });
  return verdict.ok ? undefined : verdict.errors;
}
`;
}
