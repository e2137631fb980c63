/**
 * Drives the `prng` env module the way the Rust host's prng tests do (`src/test/prng.rs`): a host
 * seeded with a fixed base seed, Rust test contracts stood in for by contract frames without a VM,
 * and each host call's result and its CPU and memory cost recorded in the form the golden traces
 * print them (objects by type only: their handles are the Rust harness's own numbering).
 */
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../src/budget/index.js';
import { HostError } from '../../src/errors/host-error.js';
import type { ContractFrame } from '../../src/host/frames.js';
import { checkIntegrity } from '../../src/host/functions/linear-memory.js';
import { prng } from '../../src/host/functions/prng.js';
import type { HostFunction } from '../../src/host/functions/types.js';
import { Host } from '../../src/host/host.js';
import { TAG_OF_KIND } from '../../src/host/objects.js';
import { hostFunctionByName, isRawInteger } from '../../src/interface/index.js';
import { InMemorySnapshot, type LedgerInfo, Storage } from '../../src/storage/index.js';
import { smallSymbol } from '../../src/values/symbol.js';
import { isObject, tagOf, type Val } from '../../src/values/val.js';
import { readSoroban } from '../support/shared.js';
import { readTrace } from '../traces/read-trace.js';
import { formatResult } from '../traces/trace-values.js';
import type { TraceResult } from '../traces/types.js';

export interface PrngCall {
  name: string;
  result: string;
  cpu: number;
  mem: number;
}

const LEDGER: LedgerInfo = {
  protocolVersion: 23,
  sequenceNumber: 0,
  timestamp: 0n,
  networkId: Uint8Array.from(hash(Buffer.from('prng tests'))),
  baseReserve: 5_000_000,
  minTempEntryTtl: 16,
  minPersistentEntryTtl: 4096,
  maxEntryTtl: 535_680,
};

/** A trace's result with objects reduced to their type: `Ok(Bytes)`, `Ok(33)`, `Ok(Void)`. */
function reduced(result: TraceResult): string {
  if (result.ok && result.value.kind === 'object') return `Ok(${result.value.type})`;
  return formatResult(result);
}

/** Every `prng_*` call a golden trace records, with its result and what it cost. */
export function tracePrngCalls(name: string): PrngCall[] {
  const trace = readTrace(name, readSoroban(`observations-23/${name}.json`).toString('utf8'));
  const calls: PrngCall[] = [];
  trace.steps.forEach((step, i) => {
    if (step.kind !== 'call' || !step.name.startsWith('prng_')) return;
    const ret = trace.steps.slice(i + 1).find((s) => s.kind === 'ret' && s.depth === step.depth);
    if (ret?.kind !== 'ret' || ret.name !== step.name)
      throw new Error(`${name}: no ret for line ${step.index}`);
    calls.push({
      name: step.name,
      result: reduced(ret.result),
      cpu: ret.budget.cpu - step.budget.cpu,
      mem: ret.budget.mem - step.budget.mem,
    });
  });
  return calls;
}

const kindOfTag = (val: Val): string =>
  Object.entries(TAG_OF_KIND).find(([, tag]) => tag === tagOf(val))?.[0] ?? '?';

export class PrngDriver {
  readonly host: Host;
  readonly calls: PrngCall[] = [];
  #nextId = 0;

  /** A host seeded with `seed`; without one, unseeded (its draws fail). */
  constructor(seed: Uint8Array | undefined) {
    this.host = new Host({
      budget: Budget.default(),
      storage: Storage.recording(new InMemorySnapshot(), () => LEDGER),
      ledger: LEDGER,
    });
    if (seed) this.host.setBasePrngSeed(seed);
  }

  /** Runs `body` as a Rust test contract's function: a frame of its own, without a VM. */
  frame<T>(body: () => T): T {
    const contractId = new Uint8Array(32);
    contractId[31] = this.#nextId++;
    const frame: ContractFrame = {
      kind: 'contract',
      contractId,
      fnName: 'test',
      fnSymbol: smallSymbol('test') as Val,
      args: [],
      vm: undefined,
      instance: new xdr.ScContractInstance({
        executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
        storage: null,
      }),
    };
    // Wrapped, so that a raw u64 the body returns is not read as the frame's Val result.
    const noRollback = { point: () => undefined, restore: () => {} };
    return this.host.frames.with(frame, noRollback, () => ({ value: body() })).value;
  }

  /**
   * Calls a `prng` function from the current frame and records it; a failure is recorded, then
   * thrown. A Rust test contract calls through the host's `Env` methods, which check each Val
   * argument's and the result's integrity (a VisitObject per object), as our dispatcher does for
   * a VM; the driver does the same.
   */
  call(name: keyof typeof prng, ...args: bigint[]): bigint {
    const { budget } = this.host;
    const before = { cpu: budget.cpuUsed, mem: budget.memUsed };
    const record = (result: string) =>
      this.calls.push({
        name,
        result,
        cpu: Number(budget.cpuUsed - before.cpu),
        mem: Number(budget.memUsed - before.mem),
      });
    const context = this.host.context();
    const signature = hostFunctionByName(name);
    try {
      signature?.args.forEach((arg, i) => {
        if (!isRawInteger(arg.type)) checkIntegrity(context, args[i] as bigint);
      });
      const value = (prng[name] as HostFunction)(context, ...args);
      if (signature && !isRawInteger(signature.returns)) checkIntegrity(context, value);
      const raw = name === 'prng_u64_in_inclusive_range';
      const shown = raw ? String(value) : isObject(value) ? kindOfTag(value) : 'Void';
      record(`Ok(${shown})`);
      return value;
    } catch (error) {
      if (error instanceof HostError) record(`Err(${error.short})`);
      throw error;
    }
  }

  bytesOf(val: bigint): Uint8Array {
    return this.host.objects.expect(val, 'Bytes').value;
  }

  /** A Vec object of I32 values, as the Rust tests' `test_vec_obj::<i32>` makes. */
  i32Vec(values: number[]): bigint {
    return this.host.converter.toVal(xdr.ScVal.scvVec(values.map((v) => xdr.ScVal.scvI32(v))));
  }

  i32s(vec: bigint): number[] {
    const scval = this.host.converter.toScVal(vec);
    if (scval.type !== 'scvVec') throw new Error('not a vec');
    return (scval.vec ?? []).map((v) => (v.type === 'scvI32' ? v.i32 : Number.NaN));
  }
}
