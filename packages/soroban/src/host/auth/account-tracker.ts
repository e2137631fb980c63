/**
 * One address's authorization (`auth.rs` AccountAuthorizationTracker): its tree, its credentials
 * (the transaction's source account, or an address with a nonce, an expiration ledger and a
 * signature, see credentials.ts), and whether it was authenticated. Authentication happens once,
 * on the first match, inside an authentication frame of the manager (what delegation reads).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { scAddressOf, toScAddress } from '../../builtin/values.js';
import { HostError } from '../../errors/host-error.js';
import {
  chargeContractKey,
  chargeInstanceClone,
  contractCodeKey,
  contractInstanceKey,
  maxLiveUntilLedger,
} from '../../storage/index.js';
import { type Val, VOID } from '../../values/val.js';
import { executableRefKey } from '../executable-ref.js';
import type { Host } from '../host.js';
import { isRecoverable } from '../lifecycle.js';
import { traced } from '../native-slices.js';
import { authContextsVal, callCheckAuth } from './account-contract.js';
import { checkAccountAuthentication } from './account-signatures.js';
import { addressCredentials, DELEGATION_PROTOCOL } from './credentials.js';
import { type DelegationSnapshot, DelegationTracker } from './delegation.js';
import {
  type AuthorizedFunction,
  AuthorizedInvocation,
  authInternal,
  type InvocationSnapshot,
  ownedAddressVal,
} from './invocation.js';
import { InvocationTracker } from './invocation-tracker.js';
import { consumeNonce, signaturePayload } from './nonces.js';

/** `size_of::<AccountId>()`: a 32-byte key. */
const ACCOUNT_ID_SIZE = 32n;

/**
 * `vec![AccountEd25519Signature { public_key, signature: [0; 64] }]` made as auth.rs
 * `emulate_authentication` makes it: through the host's own env (`BytesN::from_slice` twice, the
 * struct's `map_new_from_slices`, `host_vec!`'s `vec_new_from_slice`), each call charged and traced.
 */
function emulatedSignature(host: Host, accountId: xdr.AccountId): Val {
  const context = host.context();
  const publicKey = traced.bytes(context, accountId.ed25519.value);
  const signature = traced.bytes(context, new Uint8Array(64));
  return traced.vec(context, [traced.map(context, ['public_key', 'signature'], [publicKey, signature])]);
}

export interface AccountTrackerSnapshot {
  readonly invocation: InvocationSnapshot;
  readonly verified: boolean;
  readonly delegation: DelegationSnapshot | undefined;
}

export class AccountTracker {
  /** Set while its authentication runs: the tracker is then out of reach (a RefCell borrow in the host). */
  busy = false;

  constructor(
    /** An Address object. */
    readonly address: Val,
    readonly tracker: InvocationTracker,
    public signature: Val,
    readonly isSourceAccount: boolean,
    public verified: boolean,
    readonly nonce: { readonly value: bigint; readonly expirationLedger: number } | undefined,
    /** `AddressV2`/`AddressWithDelegates` (and recording from protocol 27): the payload names the address. */
    readonly preimageWithAddress = false,
    readonly delegation?: DelegationTracker,
  ) {}

  /** Enforcing mode: a tracker per entry of the transaction. */
  static fromEntry(host: Host, entry: xdr.SorobanAuthorizationEntry): AccountTracker {
    const tracker = () => new InvocationTracker(AuthorizedInvocation.fromXdr(host, entry.rootInvocation));
    const { credentials } = entry;
    if (credentials.type === 'sorobanCredentialsSourceAccount') {
      const source = host.sourceAccountAddress();
      if (source === undefined) throw authInternal('source account is missing when setting auth entries');
      return new AccountTracker(source, tracker(), VOID, true, false, undefined);
    }
    const { creds, preimageWithAddress, delegates } = addressCredentials(host, credentials);
    const kind = creds.address.type;
    if (kind !== 'scAddressTypeAccount' && kind !== 'scAddressTypeContract')
      throw new HostError('Object', 'InvalidInput', 'credentials address is not an account or a contract');
    const address = ownedAddressVal(host, creds.address);
    const signature = host.converter.toVal(creds.signature);
    const delegation = delegates && DelegationTracker.fromXdr(host, delegates);
    const nonce = { value: creds.nonce, expirationLedger: creds.signatureExpirationLedger };
    return new AccountTracker(
      address,
      tracker(),
      signature,
      false,
      false,
      nonce,
      preimageWithAddress,
      delegation,
    );
  }

  /**
   * Recording mode: a tracker rooted at the current frame, authenticated by assumption; an address
   * other than the source account gets a fresh nonce, used up now as the real run will.
   */
  static recording(
    host: Host,
    address: Val,
    fn: AuthorizedFunction,
    stackLength: number,
    drawNonce: () => bigint,
  ): AccountTracker {
    if (stackLength === 0) throw authInternal('unexpected empty stack in recording auth');
    const source = host.sourceAccountAddress();
    const isSource = source !== undefined && host.comparator.compare(source, address) === 0;
    // Only an address other than the source account draws a nonce.
    const nonce = isSource ? 0n : drawNonce();
    if (!isSource) consumeNonce(host, scAddressOf(host, address), nonce, maxLiveUntilLedger(host.ledger));
    return new AccountTracker(
      address,
      InvocationTracker.recording(fn, stackLength),
      VOID,
      isSource,
      true,
      isSource ? undefined : { value: nonce, expirationLedger: 0 },
      // The protocol-27 host records `AddressV2` credentials: its emulated payload names the address.
      host.ledger.protocolVersion >= DELEGATION_PROTOCOL,
    );
  }

  /** Matches `fn`; on the first match, authenticates and uses up the nonce. */
  maybeAuthorize(host: Host, fn: AuthorizedFunction, allowRoot: boolean): boolean {
    if (!this.tracker.maybeExtendMatch(host, fn, allowRoot)) return false;
    if (!this.verified) {
      try {
        this.authenticate(host);
      } catch (error) {
        if (error instanceof HostError && isRecoverable(error))
          throw new HostError(
            'Auth',
            'InvalidAction',
            `failed account authentication with error ${error.short}`,
          );
        throw error;
      }
      this.verifyAndConsumeNonce(host);
      this.verified = true;
    }
    return true;
  }

  record(host: Host, fn: AuthorizedFunction): void {
    this.tracker.record(host, fn);
  }

  private verifyAndConsumeNonce(host: Host): void {
    if (this.isSourceAccount) return;
    if (!this.nonce) throw authInternal('unexpected nonce verification state');
    const { value, expirationLedger } = this.nonce;
    if (host.ledger.sequenceNumber > expirationLedger)
      throw new HostError('Auth', 'InvalidInput', 'signature has expired');
    if (expirationLedger > maxLiveUntilLedger(host.ledger))
      throw new HostError('Auth', 'InvalidInput', 'signature expiration is too late');
    consumeNonce(host, scAddressOf(host, this.address), value, expirationLedger);
  }

  /**
   * `authenticate`: the payload and the Contexts are made, an authentication frame carries them
   * (and the delegated signers) while the account's check runs. Before protocol 27 a Stellar
   * account's check makes neither (the protocol-26 host built them inside the contract's check).
   */
  private authenticate(host: Host): void {
    if (this.isSourceAccount) return;
    if (!this.nonce) throw authInternal('unexpected missing nonce');
    const address = toScAddress(host, this.address);
    const payload = signaturePayload(
      host,
      this.nonce.value,
      this.nonce.expirationLedger,
      this.tracker.root.toXdr(host),
      this.preimageWithAddress ? scAddressOf(host, this.address) : undefined,
    );
    const isAccount = address.type === 'scAddressTypeAccount';
    const withFrame = !isAccount || host.ledger.protocolVersion >= DELEGATION_PROTOCOL;
    const frame = withFrame
      ? {
          payload,
          payloadObj: traced.bytes(host.context(), payload),
          contexts: authContextsVal(host, this.tracker.root),
          delegation: this.delegation,
        }
      : undefined;
    this.busy = true;
    if (frame) host.auth.authentication.push(frame);
    try {
      if (address.type === 'scAddressTypeAccount')
        checkAccountAuthentication(
          host,
          address.accountId,
          { bytes: payload, obj: frame?.payloadObj },
          this.signature,
        );
      else if (address.type === 'scAddressTypeContract' && frame)
        callCheckAuth(
          host,
          Uint8Array.from(address.contractId.value),
          { payload: frame.payloadObj, signature: this.signature, contexts: frame.contexts },
          true,
        );
      else throw new HostError('Object', 'InternalError', 'unexpected address type in auth');
    } finally {
      if (frame) host.auth.authentication.pop();
      this.busy = false;
    }
  }

  /**
   * Recording mode's stand-in for authentication (`emulate_authentication`): it does what the real
   * check will do, ignoring its failure. An account is authenticated with one signature by its own
   * key, all zeros: the payload hashed, the account read, the signature verified (and refused), so
   * that the run meters one signature check and the signed transaction's instructions suffice. An
   * account contract's instance and code are read.
   */
  emulateAuthentication(host: Host): void {
    if (this.isSourceAccount) return;
    // `scaddress_from_address`: the address visited and cloned.
    const address = toScAddress(host, this.address);
    if (address.type === 'scAddressTypeAccount') {
      this.signature = emulatedSignature(host, address.accountId);
      try {
        this.authenticate(host);
      } catch (error) {
        if (!(error instanceof HostError)) throw error;
      }
      // The Rust host's clone of the account id: it surfaces a budget error the check swallowed.
      host.budget.charge('MemCpy', ACCOUNT_ID_SIZE);
      return;
    }
    if (address.type !== 'scAddressTypeContract')
      throw new HostError('Object', 'InternalError', 'unexpected address type');
    const id = Uint8Array.from(address.contractId.value);
    // `contract_instance_ledger_key`, the entry read, its instance cloned (`metered_clone`).
    chargeContractKey(host.budget);
    const instance = host.storage.tryGet(contractInstanceKey(id), host.budget);
    if (
      instance?.data.type !== 'contractData' ||
      instance.data.contractData.val.type !== 'scvContractInstance'
    )
      return;
    chargeInstanceClone(instance.data.contractData.val, host.budget);
    const { executable } = instance.data.contractData.val.instance;
    if (executable.type === 'contractExecutableWasm') {
      // `contract_code_ledger_key`, then the code read.
      chargeContractKey(host.budget);
      host.storage.tryGet(contractCodeKey(executable.wasmHash.value), host.budget);
    } else if (executable.type === 'contractExecutableExternalRef')
      readExternalRefCode(host, executable.externalRef);
  }

  get isActive(): boolean {
    return this.tracker.isActive;
  }

  snapshot(host: Host): AccountTrackerSnapshot {
    return {
      invocation: this.tracker.snapshot(host),
      verified: this.verified,
      delegation: this.delegation?.snapshot(host),
    };
  }

  rollback(snapshot: AccountTrackerSnapshot): void {
    this.tracker.rollback(snapshot.invocation);
    this.verified = snapshot.verified;
    if (this.delegation && snapshot.delegation) this.delegation.rollback(snapshot.delegation);
  }

  clone(): AccountTracker {
    return new AccountTracker(
      this.address,
      this.tracker.clone(),
      this.signature,
      this.isSourceAccount,
      this.verified,
      this.nonce,
      this.preimageWithAddress,
    );
  }
}

/**
 * The reference entry of an external-reference account contract and, when it holds a 32-byte hash,
 * the code it names (auth.rs, protocol 28): read for the footprint only, failing quietly.
 */
function readExternalRefCode(host: Host, ref: xdr.ContractExecutableExternalRef): void {
  const entry = host.storage.tryGet(executableRefKey(ref), host.budget);
  if (entry?.data.type !== 'contractData') return;
  const { val } = entry.data.contractData;
  if (val.type === 'scvBytes' && val.bytes.value.length === 32)
    host.storage.tryGet(contractCodeKey(Uint8Array.from(val.bytes.value)), host.budget);
}
