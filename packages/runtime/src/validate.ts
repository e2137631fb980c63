import type { ContractMeta, OperationMeta } from './operations.js';
import {
  type CompiledValidator,
  fromAjvErrors,
  runValidator,
  type ValidationError,
  type ValidationResult,
  valid,
} from './validation.js';

/** The compiled validators of one contract, as the codegen emits them. */
export interface ContractValidators {
  /** Per operation: validates `{ query, path, headers }`, coercing strings and applying defaults in place. */
  params: Record<string, CompiledValidator>;
  /** Per operation and request media type: validates the parsed body. */
  bodies: Record<string, Record<string, CompiledValidator>>;
  /** Per operation and status code (or `default`): validates a JSON response body. */
  responses: Record<string, Record<string, CompiledValidator>>;
  /** Per named schema under `components.schemas`. */
  schemas: Record<string, CompiledValidator>;
}

/** A request as the validators see it: every part optional. */
export interface RequestParts {
  query?: Record<string, unknown>;
  path?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: unknown;
  /** Media type of `body` (parameters such as charset are ignored). */
  contentType?: string;
}

export interface Validate<OperationId extends string = string, SchemaName extends string = string> {
  /** Validates a request's parameters and body. Query values are coerced and defaults applied in place. */
  request(operationId: OperationId, request: RequestParts): ValidationResult;
  /** Validates a response body for a status; an undeclared status is an error. */
  response(operationId: OperationId, status: number | string, body: unknown): ValidationResult;
  /** Validates a value against a named component schema. */
  schema(name: SchemaName, value: unknown): ValidationResult;
}

const fail = (path: string, message: string, keyword: string): ValidationResult => ({
  ok: false,
  errors: [{ path, message, keyword }],
});

// The few content types a service sees, remembered; bounded, so varied values cannot grow it.
const knownMediaTypes = new Map<string, string | undefined>();
const KNOWN_MEDIA_TYPES_LIMIT = 64;

/** Media type without parameters, lower-cased. */
export function mediaTypeOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  const known = knownMediaTypes.get(contentType);
  if (known !== undefined) return known;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() || undefined;
  if (knownMediaTypes.size >= KNOWN_MEDIA_TYPES_LIMIT) knownMediaTypes.clear();
  knownMediaTypes.set(contentType, mediaType);
  return mediaType;
}

const CONSTRAINT_PATH = /^#\/properties\/query\/allOf\/(\d+)\//;

/** Parameter errors, with each failed cross-parameter constraint reported once by its own description. */
function paramErrors(operation: OperationMeta, raw: CompiledValidator['errors']): ValidationError[] {
  const plain = (raw ?? []).filter((e) => !CONSTRAINT_PATH.test(e.schemaPath));
  const failed = new Set(
    (raw ?? []).map((e) => CONSTRAINT_PATH.exec(e.schemaPath)?.[1]).filter((i) => i !== undefined),
  );
  const constraints = [...failed].map((index) => operation.constraints[Number(index)]);
  return [
    ...fromAjvErrors(plain),
    ...constraints.map((c) => ({
      path: '/query',
      message: c?.description ?? 'violates a constraint',
      keyword: 'constraint',
      ...(c?.problem ? { problem: c.problem } : {}),
    })),
  ];
}

export function createValidate<OperationId extends string, SchemaName extends string>(
  contract: ContractMeta,
  validators: ContractValidators,
): Validate<OperationId, SchemaName> {
  const operationOf = (operationId: string) => {
    const operation = contract.operations[operationId];
    if (!operation) throw new TypeError(`unknown operationId '${operationId}'`);
    return operation;
  };

  /** What is wrong with a request's body; undefined when nothing is. */
  function bodyErrors(
    operationId: string,
    body: NonNullable<OperationMeta['requestBody']>,
    request: RequestParts,
  ): ValidationError[] | undefined {
    if (request.body === undefined) {
      return body.required ? [{ path: '/body', message: 'is required', keyword: 'required' }] : undefined;
    }
    const mediaType = mediaTypeOf(request.contentType) ?? body.mediaTypes[0];
    const bodyValidator = mediaType ? validators.bodies[operationId]?.[mediaType] : undefined;
    if (!bodyValidator) {
      return [
        {
          path: '/body',
          message: `media type '${mediaType}' is not accepted; use ${body.mediaTypes.join(' or ')}`,
          keyword: 'contentType',
        },
      ];
    }
    return bodyValidator(request.body) ? undefined : fromAjvErrors(bodyValidator.errors, '/body');
  }

  return {
    request(operationId, request) {
      const operation = operationOf(operationId);
      // The caller's own objects are validated, so coerced values and defaults land in them.
      const params = { query: request.query ?? {}, path: request.path ?? {}, headers: request.headers ?? {} };
      const paramsValidator = validators.params[operationId];
      const paramFailures =
        paramsValidator && !paramsValidator(params)
          ? paramErrors(operation, paramsValidator.errors)
          : undefined;
      const bodyFailures = operation.requestBody
        ? bodyErrors(operationId, operation.requestBody, request)
        : undefined;
      // A valid request allocates no error lists.
      if (!paramFailures?.length && !bodyFailures?.length) return valid;
      return { ok: false, errors: [...(paramFailures ?? []), ...(bodyFailures ?? [])] };
    },

    response(operationId, status, body) {
      const operation = operationOf(operationId);
      const key = String(status);
      const declared = operation.responses[key] ? key : operation.responses.default ? 'default' : undefined;
      if (!declared) return fail('', `status ${key} is not declared for ${operationId}`, 'status');
      const validator = validators.responses[operationId]?.[declared];
      if (!validator) {
        // No JSON body declared: only an empty body conforms.
        return body === undefined || body === null || body === ''
          ? valid
          : fail('', `status ${key} of ${operationId} has no body`, 'body');
      }
      return runValidator(validator, body);
    },

    schema(name, value) {
      const validator = validators.schemas[name];
      if (!validator) throw new TypeError(`unknown schema '${name}'`);
      return runValidator(validator, value);
    },
  };
}
