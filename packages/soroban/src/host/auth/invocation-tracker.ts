/**
 * Following one authorized tree along the call stack (`auth.rs` InvocationTracker): a match state
 * per frame (unmatched, the root, or a sub-invocation of the last matched node), so a call is
 * matched only among the children of the node its caller matched.
 */
import { HostError } from '../../errors/host-error.js';
import { chargeNewVec } from '../functions/charges.js';
import type { Host } from '../host.js';
import {
  type AuthorizedFunction,
  AuthorizedInvocation,
  authInternal,
  functionFromXdr,
  functionToXdr,
  type InvocationSnapshot,
  sameFunction,
} from './invocation.js';

/** -1: unmatched; -2: the root; n >= 0: the n-th child of the node the frame below matched. */
type MatchState = number;
const UNMATCHED = -1;
const ROOT = -2;

/** `size_of::<usize>()`: a match state on the stack. */
const USIZE_SIZE = 8;

export class InvocationTracker {
  readonly #matchStack: MatchState[] = [];
  /** The frame the root was matched in: when it is popped, this tree is done. */
  #rootFrame: number | undefined;
  #fullyProcessed = false;

  constructor(readonly root: AuthorizedInvocation) {}

  /** A tree recording mode starts at the current frame, `stackLength` frames deep. */
  static recording(fn: AuthorizedFunction, stackLength: number): InvocationTracker {
    const tracker = new InvocationTracker(AuthorizedInvocation.recording(fn));
    for (let i = 0; i < stackLength - 1; i++) tracker.#matchStack.push(UNMATCHED);
    tracker.#matchStack.push(ROOT);
    tracker.#rootFrame = stackLength - 1;
    return tracker;
  }

  /** `InvocationTracker::push_frame`: one more match state (a usize) on the stack, charged. */
  pushFrame(host: Host): void {
    chargeNewVec(host.context(), 1, USIZE_SIZE);
    this.#matchStack.push(UNMATCHED);
  }

  popFrame(): void {
    this.#matchStack.pop();
    if (this.#rootFrame !== undefined && this.#rootFrame >= this.#matchStack.length)
      this.#fullyProcessed = true;
  }

  get isEmpty(): boolean {
    return this.#matchStack.length === 0;
  }

  /** The root was used and its frame is still running. */
  get isActive(): boolean {
    return this.root.exhausted && !this.#fullyProcessed;
  }

  get currentFrameMatched(): boolean {
    const last = this.#matchStack[this.#matchStack.length - 1];
    return last !== undefined && last !== UNMATCHED;
  }

  get hasMatchesInStack(): boolean {
    return this.#matchStack.some((state) => state !== UNMATCHED);
  }

  /** The node the innermost matched frame matched, or undefined when no frame has matched yet. */
  #lastMatched(): AuthorizedInvocation | undefined {
    const first = this.#matchStack.findIndex((state) => state !== UNMATCHED);
    if (first < 0) return undefined;
    if (this.#matchStack[first] !== ROOT) throw authInternal('a sub-invocation matched before the root');
    let node = this.root;
    for (let i = first + 1; i < this.#matchStack.length; i++) {
      const state = this.#matchStack[i] as MatchState;
      if (state === UNMATCHED) continue;
      if (state === ROOT) throw authInternal('the root matched twice');
      const child = node.subInvocations[state];
      if (!child) throw authInternal('match state outside the tree');
      node = child;
    }
    return node;
  }

  /**
   * Matches `fn` in the current frame: among the unused children of the last matched node, or, when
   * nothing has matched yet and `allowRoot`, as the root. True when it matched.
   */
  maybeExtendMatch(host: Host, fn: AuthorizedFunction, allowRoot: boolean): boolean {
    if (this.currentFrameMatched) return false;
    let state = UNMATCHED;
    const current = this.#lastMatched();
    if (current) {
      const index = current.subInvocations.findIndex(
        (sub) => !sub.exhausted && sameFunction(host, sub.fn, fn),
      );
      if (index >= 0) {
        state = index;
        (current.subInvocations[index] as AuthorizedInvocation).exhausted = true;
      }
    } else if (!this.root.exhausted && allowRoot && sameFunction(host, this.root.fn, fn)) {
      state = ROOT;
      this.root.exhausted = true;
      this.#rootFrame = this.#matchStack.length - 1;
    }
    if (state === UNMATCHED) return false;
    if (this.#matchStack.length === 0) throw authInternal('invalid match stack');
    this.#matchStack[this.#matchStack.length - 1] = state;
    return true;
  }

  /** Recording mode: `fn` becomes a new child of the last matched node. */
  record(host: Host, fn: AuthorizedFunction): void {
    if (this.currentFrameMatched) throw new HostError('Auth', 'ExistingValue', 'frame is already authorized');
    // The comparison enforcing mode makes with the function read from an entry's XDR, emulated
    // (`record_invocation`): its XDR made, read back and compared, all charged.
    sameFunction(host, fn, functionFromXdr(host, functionToXdr(host, fn)));
    const current = this.#lastMatched();
    if (!current) throw authInternal('unexpected missing authorized invocation');
    current.subInvocations.push(AuthorizedInvocation.recording(fn));
    this.#matchStack[this.#matchStack.length - 1] = current.subInvocations.length - 1;
  }

  snapshot(host: Host): InvocationSnapshot {
    return this.root.snapshot(host);
  }

  rollback(snapshot: InvocationSnapshot): void {
    this.root.rollback(snapshot);
    if (!this.root.exhausted) {
      this.#rootFrame = undefined;
      this.#fullyProcessed = false;
    }
  }

  /** A copy for recording mode's whole-tracker snapshots. */
  clone(): InvocationTracker {
    const copy = new InvocationTracker(cloneInvocation(this.root));
    copy.#matchStack.push(...this.#matchStack);
    copy.#rootFrame = this.#rootFrame;
    copy.#fullyProcessed = this.#fullyProcessed;
    return copy;
  }
}

function cloneInvocation(node: AuthorizedInvocation): AuthorizedInvocation {
  return new AuthorizedInvocation(node.fn, node.subInvocations.map(cloneInvocation), node.exhausted);
}
