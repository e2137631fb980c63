// The answer checks of a generated fetch client: whether answers are checked, the error an answer
// outside the contract rejects with, and the openapi-fetch middleware that checks them. The
// contract's own validators are handed in (they load on the first answer to check).
import type { ContractMeta } from './operations.js';
import type { ReadMode, ReadOptions } from './read-mode.js';
import type { ValidationError, ValidationResult } from './validation.js';

/** Whether and how answers are checked against the contract. */
export interface ResponseValidationOptions {
  /**
   * Check every answer against the contract before it is handed back; one outside it rejects the
   * call with a ResponseValidationError. Tolerant: members the contract does not declare are
   * ignored, members added in a recent server release (`x-added-in`) may be missing, and an
   * answer with a status the contract does not declare is left to the caller. Default false.
   */
  validateResponses?: boolean | undefined;
  /**
   * Check answers strictly instead: no undeclared member, no recently added one missing, no
   * undeclared status. For conformance suites and tests. Implies `validateResponses`.
   */
  strict?: boolean | undefined;
}

/** An answer outside the contract, as read in `mode`. */
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
    const where = errors.map((e) => `${e.path || 'the body'} ${e.message}`).join('; ');
    super(`the ${status} answer to ${operationId} is outside the contract: ${where}`);
  }
}

/** The mode answers are read in, or undefined when they are not checked. */
export function readModeOf(options: ResponseValidationOptions = {}): ReadMode | undefined {
  if (options.strict) return 'strict';
  return options.validateResponses ? 'tolerant' : undefined;
}

/** A JSON media type (`application/json`, `application/problem+json`, …), parameters allowed. */
export const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/** What a client loads on the first answer it checks: the contract's operations and answer validators. */
export interface AnswerChecks<OperationId extends string = string> {
  /** The operation a request of the client is, by its method and path template. */
  operationIdOf(method: string, schemaPath: string): OperationId | undefined;
  /** What is wrong with an answer, as read in `mode`; undefined when nothing is. */
  answerErrors(
    operationId: OperationId,
    status: number,
    body: unknown,
    mode: ReadMode,
  ): ValidationError[] | undefined;
}

/** The answer validators of a contract, read in a mode (a generated `answers`). */
export interface ModedAnswers<OperationId extends string> {
  response(
    operationId: OperationId,
    status: number | string,
    body: unknown,
    options?: ReadOptions,
  ): ValidationResult;
}

/**
 * The answer checks of a contract. Read tolerantly, an answer with a status the contract does
 * not declare is the caller's to judge.
 */
export function answerChecks<OperationId extends string>(
  contract: ContractMeta,
  answers: ModedAnswers<OperationId>,
): AnswerChecks<OperationId> {
  const operationIds = new Map<string, OperationId>(
    Object.values(contract.operations).map((o) => [
      `${o.method.toUpperCase()} ${o.path}`,
      o.operationId as OperationId,
    ]),
  );
  return {
    operationIdOf: (method, schemaPath) => operationIds.get(`${method} ${schemaPath}`),
    answerErrors(operationId, status, body, mode) {
      const declared = contract.operations[operationId]?.responses ?? {};
      if (mode === 'tolerant' && !declared[String(status)] && !declared.default) return undefined;
      const verdict = answers.response(operationId, status, body, { mode });
      return verdict.ok ? undefined : verdict.errors;
    },
  };
}

/**
 * Rejects with a ResponseValidationError when an answer of the operation is outside the contract,
 * as read in `mode`. The body is read from a clone; a body in a media type other than JSON is
 * not checked.
 */
export async function assertAnswer<OperationId extends string>(
  checks: () => Promise<AnswerChecks<OperationId>>,
  operationId: OperationId,
  response: Response,
  mode: ReadMode,
): Promise<void> {
  const text = await response.clone().text();
  if (text !== '' && !JSON_MEDIA_TYPE.test(response.headers.get('content-type') ?? '')) return;
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    const error = { path: '', message: 'is not JSON', keyword: 'json' };
    throw new ResponseValidationError(operationId, response.status, mode, [error], text);
  }
  const errors = (await checks()).answerErrors(operationId, response.status, body, mode);
  if (errors) throw new ResponseValidationError(operationId, response.status, mode, errors, body);
}

/** The part of an openapi-fetch middleware that checks answers (it needs nothing else). */
export interface AnswerCheckingMiddleware {
  onResponse(context: { request: Request; response: Response; schemaPath: string }): Promise<undefined>;
}

/** openapi-fetch middleware checking every answer of an operation the contract has with assertAnswer. */
export function answerCheckingMiddleware<OperationId extends string>(
  checks: () => Promise<AnswerChecks<OperationId>>,
  mode: ReadMode,
): AnswerCheckingMiddleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const operationId = (await checks()).operationIdOf(request.method, schemaPath);
      if (operationId !== undefined) await assertAnswer(checks, operationId, response, mode);
      return undefined;
    },
  };
}
