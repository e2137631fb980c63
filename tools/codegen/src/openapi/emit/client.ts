/**
 * The generated fetch client of an OpenAPI contract, with optional checks of its answers (the
 * runtime's answer checks). It imports no validator: they load on the first answer to check
 * (`response-checks.gen.ts`), so that a browser bundle of a client that does not check answers
 * stays small, and one that does gets them as a chunk of their own.
 */
import type { Emitter } from '../../shared/kind.js';
import type { OpenApiModel } from '../model.js';

export function emitClient(): string {
  return `import {
  answerCheckingMiddleware,
  assertAnswer,
  type ReadMode,
  type ResponseValidationOptions,
  readModeOf,
} from '@starspec/runtime/client';
import createFetchClient, { type Client, type ClientOptions as FetchClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from './types.gen.js';
import type { OperationId } from './validate.gen.js';

export { ResponseValidationError, type ResponseValidationOptions, readModeOf } from '@starspec/runtime/client';

export type ContractClient = Client<paths>;

export interface ClientOptions extends FetchClientOptions, ResponseValidationOptions {}

// The validators and the contract's operations, loaded once, on the first answer to check.
let checks: Promise<typeof import('./response-checks.gen.js')> | undefined;
const loadChecks = () => {
  checks ??= import('./response-checks.gen.js');
  return checks;
};

/**
 * Rejects with a ResponseValidationError when an answer of the operation is outside the contract,
 * as read in \`mode\`. The body is read from a clone; a body in a media type other than JSON is
 * not checked.
 */
export function assertResponse(operationId: OperationId, response: Response, mode: ReadMode): Promise<void> {
  return assertAnswer(loadChecks, operationId, response, mode);
}

/**
 * openapi-fetch middleware that checks every answer with assertResponse. Given to a client
 * (\`client.use\`) or to one request (\`{ middleware: [responseValidation('strict')] }\`).
 */
export function responseValidation(mode: ReadMode = 'tolerant'): Middleware {
  return answerCheckingMiddleware(loadChecks, mode);
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
  return `import { answerChecks } from '@starspec/runtime/client';
import { answers, type OperationId } from './answers.gen.js';
import { contract } from './contract.gen.js';

/**
 * The operation a request of the client is (by its method and path template), and what is wrong
 * with an answer as read in a mode. Read tolerantly, an answer with a status the contract does not
 * declare is the caller's to judge.
 */
export const { operationIdOf, answerErrors } = answerChecks<OperationId>(contract, answers);
`;
}

export const clientEmitter: Emitter<OpenApiModel> = { file: 'client.gen.ts', emit: emitClient };

export const responseChecksEmitter: Emitter<OpenApiModel> = {
  file: 'response-checks.gen.ts',
  emit: emitResponseChecks,
};
