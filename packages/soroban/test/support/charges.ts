/** The budget charges a piece of host work makes, for tests that hold them against the Rust host's. */
import type { Host } from '../../src/host/host.js';

/** A charge: its cost type and input. */
export type Charge = [type: string, input: bigint | undefined];

/** Calls `record` with each charge `body` makes, in order; the charges still go to the budget. */
export function watchCharges(
  host: Host,
  body: () => unknown,
  record: (type: string, input?: bigint) => void,
): void {
  const charge = host.budget.charge.bind(host.budget);
  host.budget.charge = (type, input) => {
    record(String(type), input);
    charge(type, input);
  };
  try {
    body();
  } finally {
    host.budget.charge = charge;
  }
}

/** The charges `body` makes, in order. */
export function chargesOf(host: Host, body: () => unknown): Charge[] {
  const charges: Charge[] = [];
  watchCharges(host, body, (type, input) => charges.push([type, input]));
  return charges;
}
