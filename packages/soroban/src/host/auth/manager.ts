/**
 * The host's authorization (`auth.rs` AuthorizationManager, CAP-0046-11). It follows the call stack
 * (a frame per contract call and per contract creation) and answers `require_auth`:
 * - a contract's direct caller, and what a contract pre-authorized with
 *   `authorize_as_curr_contract`, authorize without credentials;
 * - enforcing mode matches each call against the transaction's authorization entries;
 * - recording mode (simulation) writes the trees down instead, as entries to be signed.
 */
import { randomBytes } from 'node:crypto';
import type { xdr } from '@stellar/stellar-sdk/base';
import { scAddressOf } from '../../builtin/values.js';
import { HostError } from '../../errors/host-error.js';
import { contractAddress, DECLARED_SIZE } from '../../storage/index.js';
import type { Val } from '../../values/val.js';
import { chargeCopy, chargeFallibleCollect, chargeNewVec, VAL_SIZE } from '../functions/charges.js';
import type { Host } from '../host.js';
import { AccountTracker, type AccountTrackerSnapshot } from './account-tracker.js';
import { AuthenticationStack } from './authentication.js';
import { DELEGATION_PROTOCOL } from './credentials.js';
import {
  type AuthorizedFunction,
  authInternal,
  chargeCreateContractArgsClone,
  INVOCATION_SNAPSHOT_SIZE,
  type InvocationSnapshot,
} from './invocation.js';
import { InvocationTracker } from './invocation-tracker.js';
import { invokerEntryToInvocation } from './invoker-entries.js';

/** A frame authorization sees: a contract call, or the creation of a contract. */
export type AuthFrame =
  | { readonly kind: 'contract'; readonly contract: Val; readonly fnName: Val }
  | { readonly kind: 'create'; readonly args: xdr.CreateContractArgsV2 };

interface InvokerTracker {
  readonly contract: Val;
  readonly tracker: InvocationTracker;
}

/** What a recording run wrote down for one address (no address and no nonce: the source account). */
export interface RecordedAuthPayload {
  readonly address: xdr.ScAddress | undefined;
  readonly nonce: bigint | undefined;
  readonly invocation: xdr.SorobanAuthorizedInvocation;
}

export interface AuthSnapshot {
  readonly accounts: readonly (AccountTrackerSnapshot | undefined)[] | readonly AccountTracker[];
  readonly invokers: readonly InvocationSnapshot[];
  readonly byAddress: ReadonlyMap<Val, number> | undefined;
}

type Mode =
  | { readonly kind: 'enforcing' }
  | { readonly kind: 'recording'; readonly disableNonRootAuth: boolean; byAddress: Map<Val, number> };

/**
 * Declared sizes (declared_size.rs) that protocol 27's delegation credentials grew: a
 * `RefCell<AccountAuthorizationTracker>` (the tracker, 280, and the borrow flag; 288 from 27) and
 * an `Option<AccountAuthorizationTrackerSnapshot>` (40 and 8; 96 from 27).
 */
const trackerCellSize = (protocol: number): number => (protocol >= DELEGATION_PROTOCOL ? 296 : 288);
const accountSnapshotSlotSize = (protocol: number): number => (protocol >= DELEGATION_PROTOCOL ? 104 : 48);
/** `size_of::<ContractInvocation>()` (declared_size.rs). */
const CONTRACT_INVOCATION_SIZE = 16;

/** A nonce as the recording host draws one: uniform in 0..=i64::MAX. */
export const randomNonce = (): bigint => randomBytes(8).readBigUInt64BE() >> 1n;

export class AuthorizationManager {
  #accounts: AccountTracker[];
  #invokers: InvokerTracker[] = [];
  readonly #stack: AuthFrame[] = [];
  /** The accounts being authenticated now, innermost last (`authentication_stack`). */
  readonly authentication = new AuthenticationStack();

  private constructor(
    readonly mode: Mode,
    accounts: AccountTracker[],
    private readonly nextNonce: () => bigint = randomNonce,
  ) {
    this.#accounts = accounts;
  }

  /**
   * Enforcing, with the transaction's entries (`set_authorization_entries`); without entries, the
   * host's free default (`new_enforcing_without_authorizations`).
   */
  static enforcing(host: Host, entries?: readonly xdr.SorobanAuthorizationEntry[]): AuthorizationManager {
    if (!entries) return new AuthorizationManager({ kind: 'enforcing' }, []);
    // `Vec::with_metered_capacity` of the trackers, each a `RefCell<AccountAuthorizationTracker>`.
    chargeNewVec(host.context(), entries.length, trackerCellSize(host.ledger.protocolVersion));
    return new AuthorizationManager(
      { kind: 'enforcing' },
      entries.map((entry) => AccountTracker.fromEntry(host, entry)),
    );
  }

  /** Recording; with `disableNonRootAuth`, an address may only be authorized from the root call. */
  static recording(disableNonRootAuth: boolean, nextNonce?: () => bigint): AuthorizationManager {
    return new AuthorizationManager(
      { kind: 'recording', disableNonRootAuth, byAddress: new Map() },
      [],
      nextNonce,
    );
  }

  get stackDepth(): number {
    return this.#stack.length;
  }

  /** `require_auth` with these arguments, for the innermost frame's function. */
  requireAuth(host: Host, address: Val, args: readonly Val[]): void {
    const frame = this.#stack[this.#stack.length - 1];
    if (!frame) throw authInternal('unexpected require_auth outside of valid frame');
    // `to_authorized_function`: a contract frame's function name cloned (a Symbol Val), a
    // creation's arguments cloned (each metered).
    if (frame.kind === 'contract') chargeCopy(host.context(), 1, VAL_SIZE);
    else chargeCreateContractArgsClone(host, frame.args);
    const fn: AuthorizedFunction =
      frame.kind === 'contract'
        ? { kind: 'contract', contract: frame.contract, fnName: frame.fnName, args }
        : frame;
    if (this.#invokerAuthorizes(host, address, fn)) return;
    if (this.mode.kind === 'enforcing') this.#requireEnforcing(host, address, fn);
    else this.#requireRecording(host, address, fn, this.mode);
  }

  /** `authorize_as_curr_contract`: trees the current contract authorizes for the calls it makes. */
  authorizeAsCurrentContract(host: Host, entries: readonly Val[]): void {
    for (const entry of entries) {
      const invoker = contractAddress(host.currentContractId());
      const tracker = new InvocationTracker(invokerEntryToInvocation(host, invoker, entry));
      this.#invokers.push({ contract: host.objects.add({ kind: 'Address', value: invoker }), tracker });
    }
  }

  /** A contract authorizes its direct callee; and what it pre-authorized, once each. */
  #invokerAuthorizes(host: Host, address: Val, fn: AuthorizedFunction): boolean {
    if (this.#stack.length < 2) return false;
    const invoker = this.#stack[this.#stack.length - 2] as AuthFrame;
    if (invoker.kind === 'contract' && host.comparator.compare(invoker.contract, address) === 0) return true;
    return this.#invokers.some(
      ({ contract, tracker }) =>
        host.comparator.compare(contract, address) === 0 && tracker.maybeExtendMatch(host, fn, true),
    );
  }

  #requireEnforcing(host: Host, address: Val, fn: AuthorizedFunction): void {
    const same = (tracker: AccountTracker) =>
      !tracker.busy && host.comparator.compare(tracker.address, address) === 0;
    // While one of the address's trees is running, a new root must not start beside it.
    const hasActive = this.#accounts.some(
      (tracker) => same(tracker) && tracker.isActive && !tracker.tracker.currentFrameMatched,
    );
    for (const tracker of this.#accounts)
      if (same(tracker) && tracker.maybeAuthorize(host, fn, !hasActive)) return;
    throw new HostError('Auth', 'InvalidAction', 'Unauthorized function call for address');
  }

  #requireRecording(
    host: Host,
    address: Val,
    fn: AuthorizedFunction,
    mode: Extract<Mode, { kind: 'recording' }>,
  ): void {
    // Recording matches by object identity first: the same address object continues its tree.
    const known = mode.byAddress.get(address);
    if (known !== undefined) {
      const tracker = this.#accounts[known];
      if (!tracker) throw authInternal('bad index for existing tracker');
      if (tracker.busy) throw authInternal('unexpected recursive tracker borrow in recording mode');
      if (tracker.tracker.hasMatchesInStack) {
        tracker.record(host, fn);
        return;
      }
      mode.byAddress.delete(address);
    }
    for (const tracker of this.#accounts) {
      if (tracker.busy) throw authInternal('unexpected borrowed tracker in recording auth mode');
      if (host.comparator.compare(tracker.address, address) !== 0) continue;
      if (tracker.tracker.hasMatchesInStack && !tracker.tracker.currentFrameMatched) {
        tracker.record(host, fn);
        return;
      }
    }
    if (mode.disableNonRootAuth && this.#stack.length !== 1)
      throw new HostError(
        'Auth',
        'InvalidAction',
        '[recording authorization only] encountered authorization not tied to the root contract invocation for an address',
      );
    this.#accounts.push(AccountTracker.recording(host, address, fn, this.#stack.length, this.nextNonce));
    mode.byAddress.set(address, this.#accounts.length - 1);
  }

  /**
   * A contract frame starts (`push_frame`): the contract id cloned into a new Address object, the
   * invocation pushed, every tracker's frame pushed, then the snapshot taken, each charged.
   */
  pushContractFrame(host: Host, contractId: Uint8Array, fnName: Val): AuthSnapshot {
    host.budget.charge('MemCpy', DECLARED_SIZE.contractId);
    const contract = addressVal(host, contractId);
    chargeNewVec(host.context(), 1, CONTRACT_INVOCATION_SIZE);
    this.#stack.push({ kind: 'contract', contract, fnName });
    this.#pushTrackerFrames(host);
    return this.snapshot(host);
  }

  /** A contract creation with a deployer starts (`push_create_contract_host_fn_frame`). */
  pushCreateFrame(host: Host, args: xdr.CreateContractArgsV2): void {
    chargeNewVec(host.context(), 1, Number(DECLARED_SIZE.createContractArgsV2));
    this.#stack.push({ kind: 'create', args });
    this.#pushTrackerFrames(host);
  }

  #pushTrackerFrames(host: Host): void {
    for (const account of this.#accounts) if (!account.busy) account.tracker.pushFrame(host);
    for (const invoker of this.#invokers) invoker.tracker.pushFrame(host);
  }

  /** The frame ends; a failed frame's snapshot is rolled back first. */
  popFrame(snapshot?: AuthSnapshot): void {
    if (snapshot) this.rollback(snapshot);
    if (this.#stack.length === 0) return;
    this.#stack.pop();
    for (const account of this.#accounts) if (!account.busy) account.tracker.popFrame();
    for (const invoker of this.#invokers) invoker.tracker.popFrame();
    while (
      this.#invokers.length > 0 &&
      (this.#invokers[this.#invokers.length - 1] as InvokerTracker).tracker.isEmpty
    )
      this.#invokers.pop();
  }

  /**
   * `AuthorizationManager::snapshot`: enforcing, a metered vector of the account trackers' snapshots
   * (recording copies them for free); then the invoker trackers' snapshots, a metered collect.
   */
  snapshot(host: Host): AuthSnapshot {
    const enforcing = this.mode.kind === 'enforcing';
    if (enforcing)
      chargeNewVec(
        host.context(),
        this.#accounts.length,
        accountSnapshotSlotSize(host.ledger.protocolVersion),
      );
    const accounts = enforcing
      ? this.#accounts.map((tracker) => (tracker.busy ? undefined : tracker.snapshot(host)))
      : this.#accounts.map((tracker) => tracker.clone());
    chargeFallibleCollect(host.context(), this.#invokers.length, INVOCATION_SNAPSHOT_SIZE);
    return {
      accounts,
      invokers: this.#invokers.map(({ tracker }) => tracker.snapshot(host)),
      byAddress: this.mode.kind === 'recording' ? new Map(this.mode.byAddress) : undefined,
    };
  }

  rollback(snapshot: AuthSnapshot): void {
    if (this.mode.kind === 'enforcing') {
      const saved = snapshot.accounts as readonly (AccountTrackerSnapshot | undefined)[];
      if (saved.length !== this.#accounts.length) throw authInternal('unexpected bad auth snapshot');
      this.#accounts.forEach((tracker, i) => {
        const one = saved[i];
        if (one) tracker.rollback(one);
      });
    } else {
      this.#accounts = [...(snapshot.accounts as readonly AccountTracker[])];
      this.mode.byAddress = new Map(snapshot.byAddress);
    }
    if (this.#invokers.length < snapshot.invokers.length)
      throw authInternal('the number of invoker contract trackers is smaller than in the snapshot');
    this.#invokers.length = snapshot.invokers.length;
    this.#invokers.forEach(({ tracker }, i) => {
      tracker.rollback(snapshot.invokers[i] as InvocationSnapshot);
    });
  }

  /** Recording mode's trees, one per address and root (`get_recorded_auth_payloads`). */
  recordedPayloads(host: Host): RecordedAuthPayload[] {
    if (this.mode.kind !== 'recording') throw authInternal('not recording authorization');
    let payloads: RecordedAuthPayload[] = [];
    host.budget.withShadowMode(() => {
      payloads = this.#accounts.map((tracker) => ({
        address: tracker.isSourceAccount ? undefined : scAddressOf(host, tracker.address),
        nonce: tracker.nonce?.value,
        invocation: tracker.tracker.root.toXdr(host),
      }));
    });
    return payloads;
  }

  /** In recording mode, when the outermost frame ends: read what authentication will read. */
  maybeEmulateAuthentication(host: Host): void {
    if (this.mode.kind !== 'recording') return;
    for (const tracker of this.#accounts) tracker.emulateAuthentication(host);
  }
}

/** A contract's address as a new Address object (as the host adds one per frame). */
function addressVal(host: Host, contractId: Uint8Array): Val {
  return host.objects.add({ kind: 'Address', value: contractAddress(contractId) });
}
