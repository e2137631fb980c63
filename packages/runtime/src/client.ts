// `@starspec/runtime/client`: what a generated client needs, and nothing that needs Node (no
// `node:` module in its import graph), so that it bundles for browsers: validation results and
// their messages, the validator tables and their read modes, the answer checks of a fetch client,
// the contract metadata types and the lazily parsed document, and the JSON-RPC wire shapes,
// errors and fetch client. Servers and credentials are in the main entry.
export { isRecord } from './json.js';
export * from './jsonrpc/protocol.js';
export * from './jsonrpc/transport.js';
export * from './jsonrpc/validate.js';
export { lazyDocument } from './lazy-document.js';
export type {
  ContractMeta,
  OperationMeta,
  ParameterMeta,
  ProblemOverride,
  QueryConstraint,
  SecurityRequirementMeta,
  SecuritySchemeMeta,
} from './operations.js';
export { inMode, modeOf, perMode, type ReadMode, type ReadOptions } from './read-mode.js';
export {
  type AnswerCheckingMiddleware,
  type AnswerChecks,
  answerCheckingMiddleware,
  answerChecks,
  assertAnswer,
  JSON_MEDIA_TYPE,
  type ModedAnswers,
  ResponseValidationError,
  type ResponseValidationOptions,
  readModeOf,
} from './response-validation.js';
export {
  type ContractValidators,
  createValidate,
  mediaTypeOf,
  type RequestParts,
  type Validate,
} from './validate.js';
export {
  type AjvError,
  type CompiledValidator,
  describePath,
  formatErrors,
  fromAjvErrors,
  runValidator,
  type ValidationError,
  type ValidationResult,
} from './validation.js';
