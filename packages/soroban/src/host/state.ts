/**
 * The host's state that every host function reaches: the object table, the meter, the order of
 * Vals and the ScVal conversions. Frames, storage, events and auth join it as they are built.
 */

import { hostFunctionByName, isRawInteger } from '../interface/index.js';
import { isObject, type Val } from '../values/val.js';
import { Comparator } from './compare.js';
import { ValConverter } from './convert.js';
import type { Frame } from './frames.js';
import { type Meter, UNMETERED } from './meter.js';
import { ObjectTable } from './objects.js';

/**
 * Watches host calls and contract frames as the Rust host's trace hook does (`host/trace.rs`); the
 * golden-trace tests set one. `call` comes before a contract's call is checked, with the words the
 * contract passed; `envCall` is a call the host makes of itself through its env (`obj_cmp` when a
 * comparison meets an object), with absolute Vals.
 */
export interface HostTracer {
  call(name: string, words: readonly bigint[]): void;
  envCall(name: string, args: readonly Val[]): void;
  ret(name: string, outcome: { value: bigint } | { error: unknown }): void;
  push(frame: Frame): void;
  pop(frame: Frame, outcome: { value: bigint } | { error: unknown }): void;
}

export class HostState {
  readonly objects: ObjectTable;
  readonly comparator: Comparator;
  readonly converter: ValConverter;
  tracer: HostTracer | undefined;

  constructor(readonly meter: Meter = UNMETERED) {
    this.objects = new ObjectTable(meter);
    this.comparator = new Comparator(this.objects, meter, (name, args, run) => this.envCall(name, args, run));
    this.converter = new ValConverter(this);
  }

  /**
   * A host function the host calls of itself through its env (`impl Env for Host`): traced, each
   * object argument and an object result checked (one
   * VisitObject each), as when a test calls it.
   */
  envCall(name: string, args: readonly Val[], run: () => bigint, returnsObject = false): bigint {
    const tracer = this.tracer;
    tracer?.envCall(name, args);
    // A native-slice function (`impl EnvBase`, not in the interface) checks no argument.
    const signature = hostFunctionByName(name);
    const types = signature?.args ?? [];
    for (const [i, arg] of signature ? args.entries() : []) {
      const type = types[i]?.type;
      if ((type && isRawInteger(type)) || !isObject(arg)) continue;
      this.meter.charge('VisitObject');
      this.objects.get(arg);
    }
    try {
      const value = run();
      if (returnsObject && isObject(value)) {
        this.meter.charge('VisitObject');
        this.objects.get(value);
      }
      tracer?.ret(name, { value });
      return value;
    } catch (error) {
      tracer?.ret(name, { error });
      throw error;
    }
  }
}
