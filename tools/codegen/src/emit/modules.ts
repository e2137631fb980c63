import type { ContractModel } from '../model.js';

export interface ModuleOptions {
  errorStyle: 'error-object' | 'problem';
}

/**
 * An object with one line per member: each member's value on its line (the compiler keeps a
 * literal written on one line on one line), so a diff names the operation that changed and the
 * built module carries no indentation.
 */
function linePerMember(value: Record<string, unknown>, indent = '  '): string {
  const lines = Object.entries(value).map(
    ([key, member]) => `${indent}${JSON.stringify(key)}: ${JSON.stringify(member)},`,
  );
  return lines.length === 0 ? '{}' : `{\n${lines.join('\n')}\n${indent.slice(2)}}`;
}

export function emitContract(model: ContractModel): string {
  const { operations, securitySchemes, ...rest } = model.meta;
  const head = Object.entries(rest).map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`);
  return `import type { ContractMeta } from '@starspec/runtime/client';

/** Routing, parameter and response metadata of every operation, read from the contract. */
export const contract: ContractMeta = {
${head.join('\n')}
  operations: ${linePerMember(operations, '    ')},
  securitySchemes: ${linePerMember(securitySchemes, '    ')},
};
`;
}

/** A JSON value as a single-quoted string literal: about half the bytes of an indented literal. */
function jsonText(value: unknown): string {
  return `'${JSON.stringify(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/**
 * The module of a contract document: its JSON as a string, parsed on the first read of any of its
 * members. Importing the package then costs no parse of the whole contract, which few programs
 * read; the object reads like the parsed JSON (keys, spread, JSON.stringify, structuredClone).
 */
export function emitLazyDocument(document: object, summary: string): string {
  return `const text = ${jsonText(document)};
let parsed: Record<string, unknown> | undefined;
const member = (key: string) => () => {
  parsed ??= JSON.parse(text) as Record<string, unknown>;
  return parsed[key];
};

/** ${summary} Parsed on first read. */
export const document: Readonly<Record<string, unknown>> = Object.defineProperties(
  {},
  Object.fromEntries(${JSON.stringify(Object.keys(document))}.map((key) => [key, { enumerable: true, get: member(key) }])),
);
`;
}

export function emitDocument(document: object): string {
  return emitLazyDocument(
    document,
    'The contract itself (bundled), for tools that render or inspect it; `specs/` has it readable.',
  );
}

export function emitServer(options: ModuleOptions): string {
  return `import type { Server } from 'node:http';
import type { HandlerMap } from '@starspec/runtime';
import {
  createHttpServer,
  createRequestListener as createListener,
  type Handler,
  type RequestListener,
  type ServerOptions,
} from '@starspec/runtime/http';
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
