import type { Emitter } from '../../shared/kind.js';
import type { OpenRpcModel } from '../model.js';

export function emitRpcIndex(): string {
  return `export {
  type BatchCall,
  type BatchResults,
  type ClientOptions,
  createClient,
  type ParamsArg,
  type RpcClient,
} from './client.gen.js';
export { contract, xdrFields } from './contract.gen.js';
export { document } from './document.gen.js';
export { createDispatcher, createRequestListener, createServer, type Handlers } from './server.gen.js';
export type * from './types.gen.js';
export { type ContractValidate, type ReadMode, type ReadOptions, validate } from './validate.gen.js';
`;
}

/** `index.gen.ts`: what the package's entry re-exports. */
export const indexEmitter: Emitter<OpenRpcModel> = { file: 'index.gen.ts', emit: emitRpcIndex };
