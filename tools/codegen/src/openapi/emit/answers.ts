import type { Emitter } from '../../shared/kind.js';
import type { OpenApiModel } from '../model.js';
import { type ValidatorExports, validatorPlan } from '../validators.js';

const v = (module: string, name: string) => `v(${module}.${name})`;
const table = (entries: Record<string, string>, module: string) =>
  `{${Object.entries(entries)
    .map(([key, name]) => `${JSON.stringify(key)}: ${v(module, name)},`)
    .join('\n')}}`;
const nested = (entries: Record<string, Record<string, string>>, module: string) =>
  `{${Object.entries(entries)
    .map(([op, inner]) => `${JSON.stringify(op)}: ${table(inner, module)},`)
    .join('\n')}}`;

/**
 * `answers.gen.ts`: the validators of bodies, answers and named schemas, and answers read in a mode.
 * What a client loads to check answers: the request parameters' validators are not in it.
 */
export function emitAnswers(names: ValidatorExports): string {
  return `import {
  type CompiledValidator,
  type ContractValidators,
  createValidate,
  inMode,
  modeOf,
  perMode,
  type ReadOptions,
  type ValidationResult,
} from '@starspec/runtime/client';
import { contract } from './contract.gen.js';
import type { components, operations } from './types.gen.js';
import * as validators from './validators.gen.js';

export type { ReadMode, ReadOptions } from '@starspec/runtime/client';
export type OperationId = keyof operations & string;
export type SchemaName = keyof components['schemas'] & string;

const v = (fn: unknown) => fn as CompiledValidator;

/** The validators of request bodies, of answers (by status) and of every named schema. */
export const answerValidators: Omit<ContractValidators, 'params'> = {
  bodies: ${nested(names.bodies, 'validators')},
  responses: ${nested(names.responses, 'validators')},
  schemas: ${table(names.schemas, 'validators')},
};

const byMode = perMode((mode) => {
  const table = { params: {}, ...answerValidators };
  return createValidate<OperationId, SchemaName>(contract, mode === 'contract' ? table : inMode(table, mode));
});

/** Answers and named schemas, read in \`options.mode\` (without one, as the contract is written). */
export const answers = {
  /** Validates a response body for a status (an undeclared status is an error). */
  response: (operationId: OperationId, status: number | string, body: unknown, options?: ReadOptions): ValidationResult =>
    byMode(modeOf(options)).response(operationId, status, body),
  /** Validates a value against a named component schema. */
  schema: (name: SchemaName, value: unknown, options?: ReadOptions): ValidationResult =>
    byMode(modeOf(options)).schema(name, value),
};
`;
}

/** `validate.gen.ts`: every validator of the contract, requests included. */
export function emitValidate(names: ValidatorExports): string {
  return `import {
  type CompiledValidator,
  createValidate,
  type Validate,
  type ValidationResult,
} from '@starspec/runtime/client';
import { answers, answerValidators, type OperationId, type ReadOptions, type SchemaName } from './answers.gen.js';
import { contract } from './contract.gen.js';
import * as request from './request-validators.gen.js';

export type { OperationId, ReadMode, ReadOptions, SchemaName } from './answers.gen.js';

/** Validators of the contract; answers and schemas can be read in a mode. */
export interface ContractValidate extends Validate<OperationId, SchemaName> {
  /** Validates a response body for a status (an undeclared status is an error), read in \`options.mode\`. */
  response(operationId: OperationId, status: number | string, body: unknown, options?: ReadOptions): ValidationResult;
  /** Validates a value against a named component schema, read in \`options.mode\`. */
  schema(name: SchemaName, value: unknown, options?: ReadOptions): ValidationResult;
}

const v = (fn: unknown) => fn as CompiledValidator;

const requests = createValidate<OperationId, SchemaName>(contract, {
  params: ${table(names.params, 'request')},
  ...answerValidators,
});

/**
 * Validators compiled ahead of time from the contract (no schema compile at run time).
 * Each returns \`{ ok, errors }\`; every error is located by a JSON pointer.
 */
export const validate: ContractValidate = {
  request: (operationId, parts) => requests.request(operationId, parts),
  response: answers.response,
  schema: answers.schema,
};
`;
}

export const answersEmitter: Emitter<OpenApiModel> = {
  file: 'answers.gen.ts',
  emit: ({ contract }) => emitAnswers(validatorPlan(contract).names),
};

export const validateEmitter: Emitter<OpenApiModel> = {
  file: 'validate.gen.ts',
  emit: ({ contract }) => emitValidate(validatorPlan(contract).names),
};
