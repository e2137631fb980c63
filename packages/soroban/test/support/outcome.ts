import { HostError } from '../../src/errors/host-error.js';

/** The HostError a call fails with, as the host prints it, or 'ok'. */
export function outcome(run: () => unknown): string {
  try {
    run();
    return 'ok';
  } catch (error) {
    if (error instanceof HostError) return error.short;
    throw error;
  }
}
