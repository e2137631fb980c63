import type { ContractModel } from '../model.js';
import { emitReadModeSupport } from './read-mode-module.js';
import type { ValidatorExports } from './validators.js';

export interface ModuleOptions {
  errorStyle: 'error-object' | 'problem';
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

export function emitContract(model: ContractModel): string {
  return `import type { ContractMeta } from '@starspec/runtime';

/** Routing, parameter and response metadata of every operation, read from the contract. */
export const contract: ContractMeta = ${json(model.meta)};
`;
}

export function emitDocument(document: unknown): string {
  return `/** The contract itself (bundled), for tools that render or inspect it. */
export const document: Readonly<Record<string, unknown>> = ${json(document)};
`;
}

export function emitValidate(names: ValidatorExports): string {
  const lookup = (table: Record<string, string>) =>
    `{\n${Object.entries(table)
      .map(([key, name]) => `    ${JSON.stringify(key)}: v(request.${name}),`)
      .join('\n')}\n  }`;
  const nested = (table: Record<string, Record<string, string>>) =>
    `{\n${Object.entries(table)
      .map(
        ([op, inner]) =>
          `    ${JSON.stringify(op)}: {\n${Object.entries(inner)
            .map(([key, name]) => `      ${JSON.stringify(key)}: v(validators.${name}),`)
            .join('\n')}\n    },`,
      )
      .join('\n')}\n  }`;
  const schemas = `{\n${Object.entries(names.schemas)
    .map(([key, name]) => `    ${JSON.stringify(key)}: v(validators.${name}),`)
    .join('\n')}\n  }`;
  return `import {
  type CompiledValidator,
  type ContractValidators,
  createValidate,
  type Validate,
  type ValidationResult,
} from '@starspec/runtime';
import { contract } from './contract.js';
import * as request from './request-validators.js';
import type { components, operations } from './types.js';
import * as validators from './validators.js';

export type OperationId = keyof operations & string;
export type SchemaName = keyof components['schemas'] & string;

${emitReadModeSupport()}
/** Validators of the contract; answers and schemas can be read in a mode. */
export interface ContractValidate extends Validate<OperationId, SchemaName> {
  /** Validates a response body for a status (an undeclared status is an error), read in \`options.mode\`. */
  response(operationId: OperationId, status: number | string, body: unknown, options?: ReadOptions): ValidationResult;
  /** Validates a value against a named component schema, read in \`options.mode\`. */
  schema(name: SchemaName, value: unknown, options?: ReadOptions): ValidationResult;
}

const v = (fn: unknown) => fn as CompiledValidator;

const compiled: ContractValidators = {
  params: ${lookup(names.params)},
  bodies: ${nested(names.bodies)},
  responses: ${nested(names.responses)},
  schemas: ${schemas},
};

const byMode = {
  contract: createValidate<OperationId, SchemaName>(contract, compiled),
  tolerant: createValidate<OperationId, SchemaName>(contract, inMode(compiled, 'tolerant')),
  strict: createValidate<OperationId, SchemaName>(contract, inMode(compiled, 'strict')),
};

/**
 * Validators compiled ahead of time from the contract (no schema compile at run time).
 * Each returns \`{ ok, errors }\`; every error is located by a JSON pointer.
 */
export const validate: ContractValidate = {
  request: (operationId, parts) => byMode.contract.request(operationId, parts),
  response: (operationId, status, body, options) => byMode[modeOf(options)].response(operationId, status, body),
  schema: (name, value, options) => byMode[modeOf(options)].schema(name, value),
};
`;
}

export function emitServer(options: ModuleOptions): string {
  return `import type { Server } from 'node:http';
import {
  createHttpServer,
  createRequestListener as createListener,
  type Handler,
  type HandlerMap,
  type RequestListener,
  type ServerOptions,
} from '@starspec/runtime';
import { contract } from './contract.js';
import type { operations } from './types.js';
import { validate } from './validate.js';

/** One handler per operationId; each receives a validated request and returns a declared status and body. */
export type Handlers = HandlerMap<operations>;

/** Errors are answered in this contract's own shape. */
export const errorStyle = ${JSON.stringify(options.errorStyle)} as const;

/**
 * A request listener for node:http (or Express/Connect, which pass \`next\` for unknown routes).
 * Every request is validated against the contract before its handler runs.
 */
export function createRequestListener(handlers: Handlers, options?: ServerOptions): RequestListener {
  return createListener({ contract, validate, errorStyle }, handlers as unknown as Record<string, Handler>, options);
}

/** A node:http server serving the handlers. */
export function createServer(handlers: Handlers, options?: ServerOptions): Server {
  return createHttpServer(createRequestListener(handlers, options), { ...options, errorStyle });
}
`;
}

export function emitIndex(options: { mapping?: boolean } = {}): string {
  const mapping = options.mapping
    ? `export {
  type MappedOperationId,
  mapping,
  type RpcMappingEntry,
  type RpcMethod,
  type RpcSupport,
} from './mapping.js';
`
    : '';
  return `export {
  assertResponse,
  type ClientOptions,
  type ContractClient,
  createClient,
  ResponseValidationError,
  type ResponseValidationOptions,
  readModeOf,
  responseValidation,
} from './client.js';
export { contract } from './contract.js';
export { document } from './document.js';
${mapping}export { createRequestListener, createServer, errorStyle, type Handlers } from './server.js';
export type { components, operations, paths } from './types.js';
export {
  type ContractValidate,
  type OperationId,
  type ReadMode,
  type ReadOptions,
  type SchemaName,
  validate,
} from './validate.js';
`;
}
