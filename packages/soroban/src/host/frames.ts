/**
 * The host's call stack (`host/frame.rs`): a frame per host function invoked from outside and per
 * contract call. A frame that fails takes its changes with it: storage goes back to the frame's
 * rollback point and the events it recorded are marked as from a failed call.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { smallSymbolText } from '../values/symbol.js';
import { Tag } from '../values/tags.js';
import { errorOf, isObject, tagOf, type Val } from '../values/val.js';
import type { VmFrame } from './functions/types.js';
import type { InstanceStorage } from './instance-storage.js';
import type { ObjectTable } from './objects.js';

/** How deep calls may nest (DEFAULT_HOST_DEPTH_LIMIT). */
export const MAX_FRAMES = 100;

/** Functions only the host itself may call (`__check_auth`, `__constructor`). */
export const RESERVED_PREFIX = '__';

export interface ContractFrame {
  readonly kind: 'contract';
  readonly contractId: Uint8Array;
  readonly fnName: string;
  /** The function's Symbol, as the caller gave it. */
  readonly fnSymbol: Val;
  readonly args: readonly Val[];
  /** The VM running the contract; none for a built-in contract. */
  readonly vm: VmFrame | undefined;
  /** A test build's native test contract runs in this frame (`Frame::TestContract`). */
  readonly native?: boolean;
  /** The contract's instance as read when the call began (`Frame::ContractVM`'s `instance`). */
  readonly instance: xdr.ScContractInstance;
  /** Its storage as a map of Vals, made on the contract's first access (`Context::storage`). */
  instanceStorage?: InstanceStorage;
}

export interface CallParams {
  /** The host's own calls (`__constructor`, `__check_auth`) may call reserved functions. */
  internal?: boolean;
  /** A missing function answers Void instead of failing (an absent constructor). */
  missingIsVoid?: boolean;
  /** The innermost contract may call itself (`ContractReentryMode::SelfAllowed`, `__check_auth`). */
  selfReentry?: boolean;
}

export interface HostFunctionFrame {
  readonly kind: 'host-function';
  readonly function: string;
}

export type Frame = ContractFrame | HostFunctionFrame;

/** What a frame restores when it fails. */
export interface RollbackHooks<Point> {
  point(): Point;
  /** Undoes what the failed frame did; called while the frame is still the innermost one. */
  restore(point: Point, error: unknown): void;
}

export class FrameStack {
  readonly #frames: Frame[] = [];

  get depth(): number {
    return this.#frames.length;
  }

  get current(): Frame | undefined {
    return this.#frames[this.#frames.length - 1];
  }

  /** The innermost contract frame, if a contract is running. */
  get currentContract(): ContractFrame | undefined {
    for (let i = this.#frames.length - 1; i >= 0; i--) {
      const frame = this.#frames[i] as Frame;
      if (frame.kind === 'contract') return frame;
    }
    return undefined;
  }

  /** Contract ids from the innermost frame outwards. */
  contractIds(): Uint8Array[] {
    return this.#frames
      .filter((frame): frame is ContractFrame => frame.kind === 'contract')
      .map((frame) => frame.contractId)
      .reverse();
  }

  /** `with_frame`'s first check: no frame past the host's depth limit. */
  checkDepth(): void {
    if (this.#frames.length >= MAX_FRAMES)
      throw new HostError('Context', 'ExceededLimit', 'depth limit exceeded');
  }

  /**
   * Runs `body` in a new frame. On failure the rollback hook restores what the frame changed, and
   * the error goes on up.
   */
  with<T, Point>(
    frame: Frame,
    rollback: RollbackHooks<Point>,
    body: () => T,
    onSuccess?: (frame: Frame) => void,
  ): T {
    this.checkDepth();
    const point = rollback.point();
    this.#frames.push(frame);
    try {
      const result = exitValue(body());
      onSuccess?.(frame);
      return result;
    } catch (error) {
      rollback.restore(point, error);
      throw error;
    } finally {
      this.#frames.pop();
    }
  }
}

/**
 * A frame that returns an error value fails with it (`with_frame`): a contract's own error as
 * itself, any other as Error(Context, InvalidAction).
 */
export function exitValue<T>(result: T): T {
  if (typeof result !== 'bigint' || tagOf(result) !== Tag.Error) return result;
  const error = errorOf(result);
  if (error.type === 'Contract')
    throw new HostError('Contract', error.code, 'escalating Ok(ScErrorType::Contract) frame-exit to Err');
  throw new HostError('Context', 'InvalidAction', `frame-exit with Ok(Error) carrying ${error.short}`);
}

/** The function's name a frame keeps, read without a charge (the Rust frame keeps the Symbol). */
export function frameFunctionName(objects: ObjectTable, fn: Val): string {
  if (tagOf(fn) === Tag.SymbolSmall) return smallSymbolText(fn);
  const object = isObject(fn) ? objects.get(fn) : undefined;
  if (object?.kind !== 'Symbol')
    throw new HostError('Value', 'UnexpectedType', 'function name is not a symbol');
  return Buffer.from(object.value).toString('latin1');
}
