/**
 * The accounts being authenticated now (`auth.rs` AuthenticationFrame, `authentication_stack`):
 * each frame holds the payload and the Contexts of the account's check, and its delegated signers.
 * The two protocol-27 host functions (CAP-71) work on the innermost frame:
 * `delegate_account_auth` authenticates a delegated signer with that payload and those Contexts,
 * `get_delegated_signers_for_current_auth_check` lists the current signer's delegates.
 */
import { HostError } from '../../errors/host-error.js';
import type { Val } from '../../values/val.js';
import { add } from '../functions/access.js';
import { chargeNewVec, VAL_SIZE } from '../functions/charges.js';
import type { CallContext } from '../functions/types.js';
import { vec } from '../functions/vec.js';
import type { Host } from '../host.js';
import { callCheckAuth } from './account-contract.js';
import { checkAccountAuthentication } from './account-signatures.js';
import type { DelegationTracker } from './delegation.js';
import { authInternal } from './invocation.js';

export interface AuthenticationFrame {
  readonly payload: Uint8Array;
  /** The payload as the Bytes object the account's `__check_auth` received. */
  readonly payloadObj: Val;
  readonly contexts: Val;
  /** `AddressWithDelegates` credentials' signers; none for other credentials. */
  readonly delegation: DelegationTracker | undefined;
}

export class AuthenticationStack {
  readonly #frames: AuthenticationFrame[] = [];

  push(frame: AuthenticationFrame): void {
    this.#frames.push(frame);
  }

  pop(): void {
    if (this.#frames.pop() === undefined)
      throw authInternal('unexpected empty authentication stack when popping auth frame');
  }

  #current(): AuthenticationFrame {
    const frame = this.#frames[this.#frames.length - 1];
    if (!frame)
      throw authInternal('with_current_authentication_frame called with empty authentication stack');
    return frame;
  }

  /**
   * `delegate_account_auth`: the current signer's delegate at `address` (used up, and current while
   * it runs) is authenticated with the account's payload and Contexts; a contract's `__check_auth`
   * is an ordinary internal call (it may not re-enter). A failure needs no undo here: the whole
   * authentication fails, and the tracker's snapshot takes its state back.
   */
  delegateAccountAuth(host: Host, address: Val): void {
    const frame = this.#current();
    const { delegation } = frame;
    if (!delegation)
      throw new HostError(
        'Auth',
        'InvalidInput',
        'no delegated signers were provided, but delegate_account_auth was called for address',
      );
    const signature = delegation.push(host, address);
    host.budget.charge('VisitObject');
    const scAddress = host.objects.expect(address, 'Address').value;
    if (scAddress.type === 'scAddressTypeAccount')
      checkAccountAuthentication(
        host,
        scAddress.accountId,
        { bytes: frame.payload, obj: frame.payloadObj },
        signature,
      );
    else if (scAddress.type === 'scAddressTypeContract')
      callCheckAuth(
        host,
        Uint8Array.from(scAddress.contractId.value),
        { payload: frame.payloadObj, signature, contexts: frame.contexts },
        false,
      );
    else throw new HostError('Object', 'InternalError', 'unexpected address type in delegate_account_auth');
    this.#current().delegation?.pop();
  }

  /**
   * `get_delegated_signers_for_current_auth_check`: the current signer's delegates as a Vec of
   * addresses, built one `push_back` at a time; an empty Vec without delegation credentials.
   */
  delegatedSigners(host: Host): Val {
    const context = host.context();
    const { delegation } = this.#current();
    if (!delegation)
      return host.envCall('vec_new', [], () => (vec.vec_new as (c: CallContext) => Val)(context), true);
    const addresses = delegation.currentAddresses();
    // `HostVec::push_back` copies the vector into a new one each time.
    for (let length = 1; length <= addresses.length; length++) chargeNewVec(context, length, VAL_SIZE);
    return add(context, { kind: 'Vec', value: addresses });
  }
}
