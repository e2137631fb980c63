/**
 * A host over a TestEnv's ledger that reports the host's calls of itself (`HostTracer`), for
 * tests that hold what the SAC and the host do through the env to the Rust host's (the golden
 * traces print these lines): each call's name and arguments, and the budget's MemAlloc tally when
 * it starts and when it returns.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../../src/budget/index.js';
import { AuthorizationManager } from '../../../src/host/auth/index.js';
import { Host } from '../../../src/host/host.js';
import { Storage } from '../../../src/storage/index.js';
import type { TestEnv } from '../../../src/testing/test-env.js';
import { smallSymbol } from '../../../src/values/symbol.js';
import type { Val } from '../../../src/values/val.js';

export interface TracedCall {
  name: string;
  args: readonly Val[];
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
    envCall: (name, args) => {
      const call: TracedCall = { name, args: [...args] };
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
