/** Helpers for the crypto tests: a meter that records its charges, hex, and outcomes as the host prints them. */
import { HostError } from '../../src/errors/host-error.js';

export type Charge = [costType: string, input?: bigint];

export interface RecordingMeter {
  charge(costType: string, input?: bigint): void;
  readonly charges: Charge[];
  /** How many times `costType` was charged. */
  count(costType: string): number;
}

/** Records every charge; with `failOn`, throws `(Budget, ExceededLimit)` at that cost type, as a spent budget does. */
export function recordingMeter(failOn?: string): RecordingMeter {
  const charges: Charge[] = [];
  return {
    charges,
    charge(costType, input) {
      charges.push(input === undefined ? [costType] : [costType, input]);
      if (costType === failOn) throw new HostError('Budget', 'ExceededLimit', costType);
    },
    count: (costType) => charges.filter(([type]) => type === costType).length,
  };
}

export const hex = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'hex'));
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** `Ok` or the error as the golden traces print it, e.g. `Err(Error(Crypto, InvalidInput))`. */
export function outcome(run: () => unknown): string {
  try {
    run();
    return 'Ok';
  } catch (error) {
    if (error instanceof HostError) return `Err(${error.short})`;
    throw error;
  }
}

export const INVALID_INPUT = 'Err(Error(Crypto, InvalidInput))';
export const UNEXPECTED_SIZE = 'Err(Error(Object, UnexpectedSize))';
