/** The vector arguments of the pairing-curve functions. */
import { internalError } from '../errors/host-error.js';

/** A sequence of items read in order: an array, or the host's vector converting each element on access. */
export interface Sequence<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

export function itemAt<T>(items: Sequence<T>, index: number): T {
  const item = items.at(index);
  if (item === undefined) throw internalError(`crypto: no vector item at ${index}`);
  return item;
}
