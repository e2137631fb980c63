/** A budget for VM tests: records every charge, with a CPU limit that sets the fuel on offer. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HostError } from '../../src/errors/host-error.js';
import type { FuelCosts } from '../../src/vm/fuel-plan.js';
import { instantiate, type VmInstance } from '../../src/vm/instance.js';
import type { HostImports } from '../../src/vm/link.js';
import type { VmBudget } from '../../src/vm/meter.js';
import { parseContract } from '../../src/vm/parse.js';
import { sorobanData } from '../support/shared.js';

/** WasmInsnExec's CPU constant term in the host's default cost parameters: 4 CPU per fuel. */
export const CPU_PER_FUEL = 4n;

export class RecordingBudget implements VmBudget {
  readonly charges: Array<[string, bigint | undefined]> = [];
  fuelCharged = 0n;
  memCharged = 0n;

  constructor(
    public cpuLeft = 100_000_000n,
    public memLeft = 40n * 1024n * 1024n,
  ) {}

  charge(costType: string, input?: bigint): void {
    this.charges.push([costType, input]);
    if (costType === 'MemAlloc' && input !== undefined) {
      if (input > this.memLeft) throw new HostError('Budget', 'ExceededLimit', 'memory budget');
      this.memLeft -= input;
      this.memCharged += input;
    }
  }
  wasmiFuelRemaining(): bigint {
    return this.cpuLeft / CPU_PER_FUEL;
  }
  chargeWasmInsnExec(fuel: bigint): void {
    this.fuelCharged += fuel;
    this.cpuLeft -= fuel * CPU_PER_FUEL;
  }
  memBytesRemaining(): bigint {
    return this.memLeft;
  }
  /** Cost types charged, in order, WasmInsnExec aside. */
  types(): string[] {
    return this.charges.map(([t]) => t);
  }
}

/** Every test contract under wasm/, as [relative path, protocol folder]. */
export function testWasms(): Array<[string, number | 'hostile']> {
  if (!sorobanData) return [];
  const out: Array<[string, number | 'hostile']> = [];
  for (const dir of readdirSync(join(sorobanData, 'wasm')).sort()) {
    for (const file of readdirSync(join(sorobanData, 'wasm', dir)).sort()) {
      if (file.endsWith('.wasm'))
        out.push([`wasm/${dir}/${file}`, dir === 'hostile' ? 'hostile' : Number.parseInt(dir, 10)]);
    }
  }
  return out;
}

/**
 * Parses (with `fuelCosts`, the host's by default) and instantiates `bytes` at protocol 23 against
 * `host`, which is taken to be the whole interface.
 */
export function load(
  bytes: Uint8Array,
  budget = new RecordingBudget(),
  host: HostImports = {},
  fuelCosts?: FuelCosts,
): VmInstance {
  const parsed = parseContract(bytes, { ledgerProtocol: 23, meter: budget, fuelCosts });
  return instantiate(parsed, host, {
    budget,
    ledgerProtocol: 23,
    isImportKnown: (module, name) => typeof host[module]?.[name] === 'function',
  });
}

/** The HostError a call throws, or fails the test. */
export function hostErrorOf(f: () => unknown): HostError {
  try {
    f();
  } catch (e) {
    if (e instanceof HostError) return e;
    throw e;
  }
  throw new Error('expected a HostError');
}
