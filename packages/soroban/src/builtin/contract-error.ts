/**
 * The built-in contracts' own errors (`builtin_contracts/contract_error.rs`): one numbering for
 * all of them, surfacing as `Error(Contract, #n)`.
 */
import { HostError } from '../errors/host-error.js';

export const ContractError = {
  InternalError: 1,
  OperationNotSupportedError: 2,
  AlreadyInitializedError: 3,
  UnauthorizedError: 4,
  AuthenticationError: 5,
  AccountMissingError: 6,
  AccountIsNotClassic: 7,
  NegativeAmountError: 8,
  AllowanceError: 9,
  BalanceError: 10,
  BalanceDeauthorizedError: 11,
  OverflowError: 12,
  TrustlineMissingError: 13,
} as const;

export type ContractErrorName = keyof typeof ContractError;

export const contractError = (name: ContractErrorName, detail: string): HostError =>
  new HostError('Contract', ContractError[name], detail);
