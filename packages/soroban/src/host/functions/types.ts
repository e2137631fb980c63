/**
 * The shape every env module's implementation has (`src/host/functions/<module>.ts`): a record of
 * host functions by name. A function receives the call's context and its arguments as the
 * dispatcher hands them over: Vals already checked against the interface's types and made
 * absolute, raw `u64`/`i64` arguments as they came. It returns an absolute Val, or a raw number
 * where the interface returns `u64`/`i64`.
 */

import type { RelativeObjects } from '../objects.js';
import type { HostState } from '../state.js';

/** A VM frame's linear memory, with the host's bounds errors. */
export interface LinearMemory {
  read(pos: number, length: number): Uint8Array;
  write(pos: number, bytes: Uint8Array): void;
}

/** The VM frame a host function was called from. */
export interface VmFrame {
  readonly memory: LinearMemory;
  readonly objects: RelativeObjects;
}

export interface CallContext {
  /** The host: its value-level state, and for a contract run the whole host (`contractHost`). */
  readonly host: HostState;
  /** The calling VM frame, when a contract made the call (`*_linear_memory` functions need it). */
  readonly vm: VmFrame | undefined;
}

export type HostFunction = (context: CallContext, ...args: bigint[]) => bigint;
export type HostModule = Readonly<Record<string, HostFunction>>;
