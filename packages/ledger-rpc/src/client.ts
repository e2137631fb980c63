// `@starspec/ledger-rpc/client`: the typed JSON-RPC client, its errors and cursor paging, for
// browsers and any bundler. Nothing here imports a `node:` module or the Stellar SDK; the validators
// load only when params or results are checked (`validateParams`, `validateResults`/`strict`), and
// `@starspec/ledger-rpc/validate` has them directly. XDR decoding lives in the main entry.
export { JSONRPC_ERRORS, JsonRpcError, JsonRpcHttpError, type RpcSettled } from '@starspec/runtime/client';
export * from './generated/client.gen.js';
export type * from './generated/types.gen.js';
export type { ReadMode, ReadOptions } from './generated/validate.gen.js';
export * from './paginate.js';
