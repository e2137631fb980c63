// `@starspec/callbacks/client`: the typed client and its answer checks, for browsers and any
// bundler. Nothing here imports a `node:` module; the validators load only when answers are
// checked (`validateResponses`/`strict`), and `@starspec/callbacks/validate` has them directly.
export * from './generated/client.gen.js';
export type { components, operations, paths } from './generated/types.gen.js';
export type { OperationId, ReadMode, ReadOptions, SchemaName } from './generated/validate.gen.js';
