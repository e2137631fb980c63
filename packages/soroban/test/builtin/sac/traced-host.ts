/**
 * A host over a TestEnv's ledger that logs the host functions it calls of itself (`envCall`), the
 * contract calls made into it and its frames: for tests that hold the order of the host's own
 * calls to the Rust host's (the golden traces print these lines).
 */
import { Budget } from '../../../src/budget/index.js';
import { AuthorizationManager } from '../../../src/host/auth/index.js';
import { Host } from '../../../src/host/host.js';
import { Storage } from '../../../src/storage/index.js';
import type { TestEnv } from '../../../src/testing/test-env.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import type { Val } from '../../../src/values/val.js';

export interface LoggedCall {
  name: string;
  args: readonly Val[];
}

/** A recording host over the env's snapshot and ledger, and the log of its own calls. */
export function tracedHost(env: TestEnv): { host: Host; calls: LoggedCall[] } {
  const storage = Storage.recording(env.snapshot, () => env.ledger);
  const host = new Host({ budget: Budget.default(), storage, ledger: env.ledger });
  host.auth = AuthorizationManager.recording(false);
  const calls: LoggedCall[] = [];
  host.tracer = {
    call: () => {},
    envCall: (name, args) => calls.push({ name, args: [...args] }),
    ret: () => {},
    push: () => {},
    pop: () => {},
  };
  return { host, calls };
}

/** Runs `body` in a frame of the contract `contractId` (as a call into it would), with no VM. */
export function inContract<T>(host: Host, contractId: Uint8Array, body: () => T): T {
  const frame = {
    kind: 'contract' as const,
    contractId,
    fnName: 'test',
    fnSymbol: smallSymbol('test') as Val,
    args: [],
    vm: undefined,
    instance: host.instance(contractId),
  };
  return host.frames.with(frame, host.rollbackHooks(), body);
}
