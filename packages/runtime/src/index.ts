export {
  apiKey,
  apiKeyProblem,
  type BearerJwtOptions,
  bearerJwt,
  type ClientCredentials,
  type CredentialCheck,
  credentialsMiddleware,
  DEFAULT_JWT_HEADER,
  headerNameProblem,
  type JwtCheck,
  lifetimeProblem,
  MAX_IAT_SKEW_SECONDS,
  MIN_API_KEY_BYTES,
  MIN_JWT_LIFETIME_SECONDS,
  MIN_SECRET_BYTES,
  PLATFORM_JWT_LIFETIME_SECONDS,
  sameSecret,
  secretProblem,
  signPlatformJwt,
  verifyHs256Jwt,
} from './credentials.js';
export { type ErrorAnswer, type ErrorStyle, type ProblemKind, renderError } from './errors.js';
export * from './http/index.js';
export * from './jsonrpc.js';
export type {
  ContractMeta,
  OperationMeta,
  ParameterMeta,
  ProblemOverride,
  QueryConstraint,
  SecurityRequirementMeta,
  SecuritySchemeMeta,
} from './operations.js';
export type { BodyOf, HandlerMap, PathOf, QueryOf, ResultOf, TypedRequest } from './typed.js';
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
