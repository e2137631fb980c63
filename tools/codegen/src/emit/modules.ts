import type { ContractModel } from '../model.js';
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
  return `import { type CompiledValidator, createValidate, type Validate } from '@starspec/runtime';
import { contract } from './contract.js';
import * as request from './request-validators.js';
import type { components, operations } from './types.js';
import * as validators from './validators.js';

export type OperationId = keyof operations & string;
export type SchemaName = keyof components['schemas'] & string;

const v = (fn: unknown) => fn as CompiledValidator;

/**
 * Validators compiled ahead of time from the contract (no schema compile at run time).
 * Each returns \`{ ok, errors }\`; every error is located by a JSON pointer.
 */
export const validate: Validate<OperationId, SchemaName> = createValidate<OperationId, SchemaName>(contract, {
  params: ${lookup(names.params)},
  bodies: ${nested(names.bodies)},
  responses: ${nested(names.responses)},
  schemas: ${schemas},
});
`;
}

export function emitClient(): string {
  return `import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths } from './types.js';

export type ContractClient = Client<paths>;

/** A fetch client whose every call is checked by the compiler against the contract. */
export function createClient(options: ClientOptions = {}): ContractClient {
  return createFetchClient<paths>(options);
}
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
  return `export { createClient, type ContractClient } from './client.js';
export { contract } from './contract.js';
export { document } from './document.js';
${mapping}export { createRequestListener, createServer, errorStyle, type Handlers } from './server.js';
export type { components, operations, paths } from './types.js';
export { type OperationId, type SchemaName, validate } from './validate.js';
`;
}
