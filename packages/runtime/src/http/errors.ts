import type { ProblemKind } from '../errors.js';
import type { ValidationError } from '../validation.js';

/** A request the adapter refuses; rendered in the contract's own error shape. */
export class HttpError extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    readonly errors: ValidationError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
