// `@starspec/ledger-api/client`: the typed client, its answer checks, paging and paging tokens, for
// browsers and any bundler. Nothing here imports a `node:` module or the Stellar SDK; the validators
// load only when answers are checked (`validateResponses`/`strict`), and
// `@starspec/ledger-api/validate` has them directly. Submission lives in the main entry.
export * from './generated/client.gen.js';
export type { components, operations, paths } from './generated/types.gen.js';
export type { OperationId, ReadMode, ReadOptions, SchemaName } from './generated/validate.gen.js';
export * from './paging/pages.js';
export * from './paging/token.js';
