/** The two failures the crypto host functions report for bad input. */
import { HostError } from '../errors/host-error.js';

/** `(Crypto, InvalidInput)`: a key, signature, point or field element the host refuses. */
export function invalidInput(detail: string): HostError {
  return new HostError('Crypto', 'InvalidInput', detail);
}

/** `(Object, UnexpectedSize)`: a fixed-length byte argument (digest, ed25519 signature) of another length. */
export function unexpectedSize(detail: string): HostError {
  return new HostError('Object', 'UnexpectedSize', detail);
}
