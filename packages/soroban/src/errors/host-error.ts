/**
 * The host's error: an ScError's type and code, as `soroban-env-common/src/error.rs` pairs them.
 * Every failure a contract or a caller can see is one of these; an internal bug is
 * `(Context, InternalError)` rather than a JavaScript exception escaping the host.
 */

/** ScErrorType, numbered as the XDR enum. */
export const ErrorType = {
  Contract: 0,
  WasmVm: 1,
  Context: 2,
  Storage: 3,
  Object: 4,
  Crypto: 5,
  Events: 6,
  Budget: 7,
  Value: 8,
  Auth: 9,
} as const;
export type ErrorTypeName = keyof typeof ErrorType;

/** ScErrorCode, numbered as the XDR enum (a `Contract` error carries the contract's own u32 instead). */
export const ErrorCode = {
  ArithDomain: 0,
  IndexBounds: 1,
  InvalidInput: 2,
  MissingValue: 3,
  ExistingValue: 4,
  ExceededLimit: 5,
  InvalidAction: 6,
  InternalError: 7,
  UnexpectedType: 8,
  UnexpectedSize: 9,
} as const;
export type ErrorCodeName = keyof typeof ErrorCode;

const TYPE_NAMES = Object.keys(ErrorType) as ErrorTypeName[];
const CODE_NAMES = Object.keys(ErrorCode) as ErrorCodeName[];

/** `Error(WasmVm, InvalidAction)`, `Error(Contract, #3)`: how the host (and stellar-rpc) print an error. */
export function formatError(type: ErrorTypeName, code: number): string {
  return type === 'Contract' ? `Error(Contract, #${code})` : `Error(${type}, ${CODE_NAMES[code] ?? code})`;
}

export class HostError extends Error {
  override readonly name = 'HostError';
  /** The contract's own code for a `Contract` error, otherwise an ErrorCode. */
  readonly code: number;

  constructor(
    readonly type: ErrorTypeName,
    code: ErrorCodeName | number,
    /** What went wrong, in the host's words (the message of its `error` diagnostic event). */
    readonly detail?: string,
  ) {
    const numeric = typeof code === 'number' ? code : ErrorCode[code];
    super(detail ? `${formatError(type, numeric)}: ${detail}` : formatError(type, numeric));
    this.code = numeric;
  }

  /** The error as the host writes it, without the detail. */
  get short(): string {
    return formatError(this.type, this.code);
  }

  is(type: ErrorTypeName, code: ErrorCodeName | number): boolean {
    return this.type === type && this.code === (typeof code === 'number' ? code : ErrorCode[code]);
  }

  static typeOf(value: number): ErrorTypeName | undefined {
    return TYPE_NAMES[value];
  }
}

/** A failure that is not the host's: a bug, reported as the host reports its own internal errors. */
export function internalError(detail: string): HostError {
  return new HostError('Context', 'InternalError', detail);
}
