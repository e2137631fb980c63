/**
 * A host over a TestEnv's ledger that reports the host's calls of itself (`HostTracer`), for
 * tests of what the SAC does through its env: each call's name, and the budget's MemAlloc tally
 * when it starts and when it returns.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../../src/budget/index.js';
import { AuthorizationManager } from '../../../src/host/auth/index.js';
import { Host } from '../../../src/host/host.js';
import { Storage } from '../../../src/storage/index.js';
import type { TestEnv } from '../../../src/testing/test-env.js';

export interface TracedCall {
  name: string;
  /** the MemAlloc bytes charged between the call and its return (nested calls included) */
  allocated?: bigint;
}

/** A recording-auth host whose SAC calls (`call(fn, args)`) list the host's calls of itself. */
export function tracedHost(env: TestEnv) {
  const host = new Host({
    budget: Budget.default(),
    storage: Storage.recording(env.snapshot, () => env.ledger),
    ledger: env.ledger,
  });
  host.auth = AuthorizationManager.recording(false);
  const calls: TracedCall[] = [];
  const open: { call: TracedCall; from: bigint }[] = [];
  const allocated = () => host.budget.tally('MemAlloc').input ?? 0n;
  const ignore = () => undefined;
  host.tracer = {
    call: ignore,
    envCall: (name) => {
      const call = { name };
      calls.push(call);
      open.push({ call, from: allocated() });
    },
    ret: (name) => {
      const top = open.at(-1);
      if (top?.call.name !== name) return;
      open.pop();
      top.call.allocated = allocated() - top.from;
    },
    push: ignore,
    pop: ignore,
  };
  const call = (contract: string, fn: string, args: xdr.ScVal[]) =>
    host.callContract(
      Uint8Array.from(StrKey.decodeContract(contract)),
      host.converter.toVal(xdr.ScVal.scvSymbol(fn)),
      args.map((arg) => host.converter.toVal(arg)),
    );
  return { host, calls, call };
}
