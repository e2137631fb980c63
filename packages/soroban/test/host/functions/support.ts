/**
 * What the env-module tests share: a host whose meter records every charge, and a calling VM
 * frame whose linear memory is a plain byte array with the host's bounds error.
 */
import { HostError } from '../../../src/errors/host-error.js';
import type { CallContext, HostModule, LinearMemory, VmFrame } from '../../../src/host/functions/types.js';
import { RelativeObjects } from '../../../src/host/objects.js';
import { HostState } from '../../../src/host/state.js';
import { fromU32, type Val } from '../../../src/values/val.js';

export interface Charge {
  costType: string;
  input: bigint | undefined;
}

export class FakeMemory implements LinearMemory {
  readonly bytes: Uint8Array;
  constructor(size = 256) {
    this.bytes = new Uint8Array(size);
  }
  #check(pos: number, length: number): void {
    if (pos + length > this.bytes.length)
      throw new HostError('WasmVm', 'IndexBounds', 'out-of-bounds access to WASM linear memory');
  }
  read(pos: number, length: number): Uint8Array {
    this.#check(pos, length);
    return this.bytes.slice(pos, pos + length);
  }
  write(pos: number, bytes: Uint8Array): void {
    this.#check(pos, bytes.length);
    this.bytes.set(bytes, pos);
  }
  /** Little-endian u32s from `pos`. */
  putU32s(pos: number, values: number[]): void {
    const view = new DataView(this.bytes.buffer);
    for (const [i, v] of values.entries()) view.setUint32(pos + i * 4, v, true);
  }
  putU64s(pos: number, values: bigint[]): void {
    const view = new DataView(this.bytes.buffer);
    for (const [i, v] of values.entries()) view.setBigUint64(pos + i * 8, BigInt.asUintN(64, v), true);
  }
  u64s(pos: number, count: number): bigint[] {
    const view = new DataView(this.bytes.buffer);
    return Array.from({ length: count }, (_, i) => view.getBigUint64(pos + i * 8, true));
  }
}

export interface Harness {
  host: HostState;
  context: CallContext;
  charges: Charge[];
  memory: FakeMemory;
  frame: VmFrame;
  /** Calls a module function with number arguments taken as U32Vals. */
  call(module: HostModule, name: string, ...args: (Val | number)[]): Val;
}

export function harness(options: { vm?: boolean; memorySize?: number } = {}): Harness {
  const charges: Charge[] = [];
  const host = new HostState({ charge: (costType, input) => charges.push({ costType, input }) });
  const memory = new FakeMemory(options.memorySize);
  const frame: VmFrame = { memory, objects: new RelativeObjects() };
  const context: CallContext = { host, vm: options.vm === false ? undefined : frame };
  const call = (module: HostModule, name: string, ...args: (Val | number)[]): Val => {
    const fn = module[name];
    if (!fn) throw new Error(`no host function ${name}`);
    return fn(context, ...args.map((a) => (typeof a === 'number' ? fromU32(a) : a)));
  };
  return { host, context, charges, memory, frame, call };
}

export { outcome } from '../../support/outcome.js';

/** Writes `texts` from `textPos` and their (ptr, len) table at `refPos`, as a contract lays out symbol slices. */
export function putSlices(h: Harness, refPos: number, textPos: number, texts: string[]): void {
  let at = textPos;
  const refs: number[] = [];
  for (const text of texts) {
    h.memory.bytes.set(Buffer.from(text, 'latin1'), at);
    refs.push(at, text.length);
    at += text.length;
  }
  h.memory.putU32s(refPos, refs);
}
