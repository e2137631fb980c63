import { mappingRows } from '../../mapping/rows.js';
import type { Emitter } from '../../shared/kind.js';
import type { OpenApiModel } from '../model.js';

export function emitIndex(options: { mapping?: boolean } = {}): string {
  const mapping = options.mapping
    ? `export {
  type MappedOperationId,
  mapping,
  type RpcMappingEntry,
  type RpcMethod,
  type RpcSupport,
} from './mapping.gen.js';
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
} from './client.gen.js';
export { contract } from './contract.gen.js';
export { document } from './document.gen.js';
${mapping}export { createRequestListener, createServer, errorStyle, type Handlers } from './server.gen.js';
export type { components, operations, paths } from './types.gen.js';
export {
  type ContractValidate,
  type OperationId,
  type ReadMode,
  type ReadOptions,
  type SchemaName,
  validate,
} from './validate.gen.js';
`;
}

/** `index.gen.ts`: what the package's entry re-exports. */
export const indexEmitter: Emitter<OpenApiModel> = {
  file: 'index.gen.ts',
  emit: ({ contract }) => emitIndex({ mapping: mappingRows(contract).length > 0 }),
};
