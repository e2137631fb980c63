// @starspec/soroban: a Soroban host in TypeScript.
export {
  ErrorCode,
  type ErrorCodeName,
  ErrorType,
  type ErrorTypeName,
  formatError,
  HostError,
} from './errors/host-error.js';
