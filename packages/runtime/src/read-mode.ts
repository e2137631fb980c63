// How the generated validators read an answer (see tools/codegen/src/shared/read-modes.ts for the
// schema side): one compiled validator, run with the mode as its `this`.
import type { CompiledValidator } from './validation.js';

/**
 * How an answer is read. `tolerant`: members the contract does not declare are ignored and members
 * added in a recent server release (`x-added-in`) may be missing, as a client that must survive
 * the next server release reads. `strict`: no undeclared member and none missing, as conformance
 * suites and tests read. Without a mode: exactly as the contract is written.
 */
export type ReadMode = 'tolerant' | 'strict';

export interface ReadOptions {
  mode?: ReadMode | undefined;
}

/** The same table of validators, each called with the mode as its `this` (read by the mode keywords). */
export function inMode<T>(table: T, mode: ReadMode): T {
  const context = Object.freeze({ mode });
  const wrap = (node: unknown): unknown => {
    if (typeof node !== 'function') {
      return Object.fromEntries(Object.entries(node as object).map(([key, value]) => [key, wrap(value)]));
    }
    const validator = node as CompiledValidator;
    const run = ((value: unknown) => {
      const ok = validator.call(context, value);
      run.errors = validator.errors;
      return ok;
    }) as CompiledValidator;
    return run;
  };
  return wrap(table) as T;
}

/** The mode a caller asked for (`contract` without one); an unknown mode is a TypeError. */
export function modeOf(options: ReadOptions | undefined): ReadMode | 'contract' {
  const mode = options?.mode;
  if (mode === undefined) return 'contract';
  if (mode !== 'tolerant' && mode !== 'strict') throw new TypeError(`unknown read mode '${String(mode)}'`);
  return mode;
}

/** One value per mode, each built on its first use (a program that reads one way builds one). */
export function perMode<V>(build: (mode: ReadMode | 'contract') => V): (mode: ReadMode | 'contract') => V {
  const built: Partial<Record<ReadMode | 'contract', V>> = {};
  return (mode) => {
    const value = built[mode] ?? build(mode);
    built[mode] = value;
    return value;
  };
}
