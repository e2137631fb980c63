/**
 * The step model shared by the golden-trace reader, the drive scripts and the comparator.
 * A golden trace (observations-23/*.json) is the Rust host's own record of one of its tests;
 * `read-trace.ts` turns it into `TraceStep`s, a host adapter turns a `DriveScript` into
 * `ObservedStep`s, and `compare.ts` finds where the two part.
 */

/** A value as a trace prints it: objects by handle, byte strings by length, never their content. */
export type TraceValue =
  /** `Void` */
  | { kind: 'void' }
  /** `()`: the unit result of a host function that returns nothing (`symbol_copy_to_slice`) */
  | { kind: 'unit' }
  /** `True` / `False` */
  | { kind: 'bool'; value: boolean }
  /** a bare decimal: a raw u32/u64/i64 argument or result, or the length of a byte slice */
  | { kind: 'int'; value: bigint }
  /** `bad:<i64>`: a Val whose bits the host rejects, printed as the signed payload */
  | { kind: 'bad'; bits: bigint }
  /** `Bad(tag=f,body=0)`: a Val with a tag the host does not know (tag in hex, body in decimal) */
  | { kind: 'badTag'; tag: number; body: bigint }
  /** `I32(4)`, `U64(7)`, `Timepoint(123)`: a value small enough to live in the Val itself */
  | { kind: 'small'; type: SmallType; value: bigint }
  /** `Vec(obj#15)`: a host object by its (absolute) handle */
  | { kind: 'object'; type: ObjectType; handle: number }
  /** `Symbol(add)`, `Symbol()`: a small symbol with its text */
  | { kind: 'symbol'; text: string }
  /** `Error(WasmVm, InvalidAction)`; a contract's own code is `#12345` */
  | { kind: 'error'; error: TraceError }
  /** `Instance` / `Persistent` / `Temporary`: a storage type argument */
  | { kind: 'storage'; type: 'Instance' | 'Persistent' | 'Temporary' };

export const SMALL_TYPES = [
  'I32',
  'U32',
  'I64',
  'U64',
  'I128',
  'U128',
  'I256',
  'U256',
  'Timepoint',
  'Duration',
] as const;
export type SmallType = (typeof SMALL_TYPES)[number];

export const OBJECT_TYPES = [
  'I64',
  'U64',
  'I128',
  'U128',
  'I256',
  'U256',
  'Timepoint',
  'Duration',
  'Bytes',
  'String',
  'Symbol',
  'Vec',
  'Map',
  'Address',
  'MuxedAddress',
] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

/** An error as printed: the ScErrorType name and either a ScErrorCode name or `#n` for contract codes. */
export interface TraceError {
  type: string;
  code: string;
}

/** `Ok(value)` or `Err(Error(Type, Code))`. */
export type TraceResult = { ok: true; value: TraceValue } | { ok: false; error: TraceError };

/**
 * The host's state after a line. `cpu`/`mem` are the budget's running totals; the other counters
 * (`prngs objs vm evt store foot stk auth`) are kept as printed (sizes and short hashes of host
 * state that no adapter is asked to match yet).
 */
export interface TraceBudget {
  cpu: number;
  mem: number;
  other: Record<string, string>;
}

/** Who a frame runs: a WASM VM (by sha256 prefix), the asset contract, a Rust test contract, or a host-side pseudo-frame. */
export interface TraceFrame {
  /** `VM`, `SAC`, `TEST`, `CreateContract`, `UploadContractWasm` */
  kind: string;
  /** the frame's id as printed, trimmed: 8 hex digits (leading zeros dropped) for VM/SAC, a number for TEST, '' otherwise */
  id: string;
  /** the function name, `sym#13` when the name is a symbol object, '' for pseudo-frames */
  fn: string;
}

interface StepBase {
  /** the line number the trace gives */
  index: number;
  /** the nesting depth: 0 for calls the test makes itself, +1 inside each call or frame */
  depth: number;
  budget: TraceBudget;
}

export type TraceStep =
  | (StepBase & { kind: 'begin' })
  | (StepBase & { kind: 'end' })
  | (StepBase & { kind: 'call'; name: string; args: TraceValue[] })
  | (StepBase & { kind: 'ret'; name: string; result: TraceResult })
  | (StepBase & { kind: 'push'; frame: TraceFrame; args: TraceValue[] })
  | (StepBase & { kind: 'pop'; frame: TraceFrame; result: TraceResult });

export interface Trace {
  /** the file name, e.g. `test__vec__vec_new.json` */
  name: string;
  steps: TraceStep[];
}

/**
 * What a host adapter records while it runs a drive script: the same lines the Rust host traces
 * (the test's own calls and the calls made inside them), each with the budget's running totals
 * when the line is printed: for a `call`, once the host function is entered; for a `ret`/`pop`,
 * when it returns; for a `push`, when the frame starts. Values are `TraceValue`s, handles as the
 * host numbers them (`obj#1` is the first host object).
 */
export type ObservedStep =
  | { kind: 'call'; name: string; args: TraceValue[]; cpu: number; mem: number }
  | { kind: 'ret'; name: string; result: TraceResult; cpu: number; mem: number }
  | { kind: 'push'; frame: TraceFrame; args: TraceValue[]; cpu: number; mem: number }
  | { kind: 'pop'; frame: TraceFrame; result: TraceResult; cpu: number; mem: number };

/** An observed run: the budget when tracing began, the steps, and the budget at the end. */
export interface ObservedRun {
  begin: { cpu: number; mem: number };
  steps: ObservedStep[];
  end: { cpu: number; mem: number };
}

export type { DriveScript } from './script-types.js';

import type { DriveScript } from './script-types.js';

/** What the host adapter (written against the host once its API settles) implements. */
export interface TraceHost {
  run(script: DriveScript): ObservedRun | Promise<ObservedRun>;
}
