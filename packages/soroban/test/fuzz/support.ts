/**
 * What the host-level fuzz tests share: a seeded log (every failure names the seed, which
 * SOROBAN_FUZZ_SEED changes), a call's outcome as a name (the result's kind, or the HostError's type and code),
 * anything else a call ends with recorded as a failure, and the tally printed at the end.
 */
import { random } from '@starspec/http-fuzz';
import type { xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../src/budget/index.js';
import { HostError } from '../../src/errors/host-error.js';
import type { Invocation } from '../../src/testing/test-env.js';
import type { Random } from '../support/scval-fuzz.js';

const DEFAULT_BUDGET = Budget.default();

/** The limits a call ran under: the host's test budget unless the TestEnv set others. */
export interface CallLimits {
  cpuInstructions: bigint;
  memoryBytes: bigint;
}

/**
 * The InternalErrors the Rust host raises on a caller's input too: an extension whose live-until
 * ledger overflows u32 (storage.rs `extend_ttl`: `(Context, InternalError)`, "a misconfiguration
 * of the network" in its words), which a contract reaches with `extend_to` near u32::MAX.
 */
const RUST_HOST_INTERNAL_ERRORS: readonly string[] = ['live-until ledger overflows u32'];

/** Tallies the outcomes of fuzzed calls and keeps every call that ended outside the contract. */
export class FuzzLog {
  readonly r: Random;
  readonly counts: Record<string, number> = {};
  readonly failures: string[] = [];

  constructor(
    readonly seed: number,
    readonly limits: CallLimits = {
      cpuInstructions: DEFAULT_BUDGET.cpuLimit,
      memoryBytes: DEFAULT_BUDGET.memLimit,
    },
  ) {
    this.r = random(seed);
  }

  /**
   * Runs one call: it must return within its budget or throw a HostError. Answers the outcome's
   * name, and the invocation when it returned.
   */
  call(what: () => string, run: () => Invocation): { outcome: string; invocation?: Invocation } {
    let outcome: string;
    let invocation: Invocation | undefined;
    try {
      invocation = run();
      outcome = `ok ${invocation.returnValue.type}`;
      if (
        invocation.cpuInstructions > this.limits.cpuInstructions ||
        invocation.memoryBytes > this.limits.memoryBytes
      )
        this.fail(what, `over budget: ${invocation.cpuInstructions} cpu, ${invocation.memoryBytes} bytes`);
    } catch (error) {
      if (!(error instanceof HostError)) {
        this.fail(what, `${(error as Error)?.name}: ${(error as Error)?.stack ?? error}`);
        outcome = `escaped ${(error as Error)?.name}`;
      } else {
        outcome = error.message.split(':')[0] as string;
        // The host's own bug, never a contract's or a caller's doing, unless the Rust host says so too.
        const internal = error.code === 7 && error.type !== 'Contract';
        if (internal && !RUST_HOST_INTERNAL_ERRORS.includes(error.detail ?? ''))
          this.fail(what, error.message);
      }
    }
    this.counts[outcome] = (this.counts[outcome] ?? 0) + 1;
    return { outcome, invocation };
  }

  fail(what: () => string, why: string): void {
    this.failures.push(`seed ${this.seed}: ${what()}\n  -> ${why.slice(0, 1_000)}`);
  }

  /** The outcomes, most frequent first. */
  report(title: string): string {
    const rows = Object.entries(this.counts)
      .sort(([, a], [, b]) => b - a)
      .map(([name, n]) => `${String(n).padStart(6)}  ${name}`);
    return `${title} (seed ${this.seed}, SOROBAN_FUZZ_SEED to change it):\n${rows.join('\n')}`;
  }
}

/** A short description of a call for a failure report (values cut to their first bytes). */
export function describeCall(contract: string, fn: string, args: xdr.ScVal[]): string {
  const shown = args.map((arg) => {
    let text: string;
    try {
      text = arg.toXDR('base64');
    } catch (error) {
      text = `unencodable (${(error as Error).message})`;
    }
    return text.length > 120 ? `${arg.type}:${text.slice(0, 120)}…(${text.length})` : text;
  });
  return `${contract}.${fn}(${shown.join(', ')})`;
}
