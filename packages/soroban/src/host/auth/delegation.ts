/**
 * Account auth delegation (protocol 27, CAP-71; `auth.rs` DelegatedAccountAuthTracker): an entry
 * with `AddressWithDelegates` credentials carries a tree of delegated signers, each an address, its
 * signature and its own delegates. Inside the account's `__check_auth`, `delegate_account_auth`
 * walks one level down that tree: the named signer (a child of the signer being authenticated now,
 * used at most once) is authenticated with the account's payload and context.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import type { Val } from '../../values/val.js';
import { compareScAddresses } from '../compare.js';
import { chargeFallibleCollect, chargeNewVec } from '../functions/charges.js';
import type { Host } from '../host.js';
import { authInternal } from './invocation.js';

/** `declared_size.rs`: DelegatedAccountAuthSignerTreeNode and its snapshot; a match stack's usize. */
const SIGNER_NODE_SIZE = 48;
const SIGNER_SNAPSHOT_SIZE = 32;
const USIZE_SIZE = 8;

/** A delegated signer (the root stands for the account itself: no address, never used up). */
interface SignerNode {
  readonly signer: { readonly address: Val; readonly signature: Val; exhausted: boolean } | undefined;
  readonly delegates: readonly SignerNode[];
}

export interface DelegationSnapshot {
  readonly exhausted: readonly boolean[];
  readonly matched: readonly number[];
}

const invalidInput = (detail: string) => new HostError('Auth', 'InvalidInput', detail);

/** `DelegatedAccountAuthSignerTreeNode::from_xdr`: each level's addresses strictly increasing. */
function nodeFromXdr(
  host: Host,
  signer: xdr.SorobanDelegateSignature | undefined,
  delegates: readonly xdr.SorobanDelegateSignature[],
): SignerNode {
  return host.budget.withLimitedDepth(() => {
    for (let i = 1; i < delegates.length; i++) {
      const order = compareScAddresses(
        host.budget,
        (delegates[i - 1] as xdr.SorobanDelegateSignature).address,
        (delegates[i] as xdr.SorobanDelegateSignature).address,
      );
      if (order === 0) throw invalidInput('delegated signers contain duplicate address');
      if (order > 0) throw invalidInput('delegated signer addresses are not in sorted order');
    }
    const info = signer && {
      address: host.converter.toVal(xdr.ScVal.scvAddress(signer.address)),
      // `to_host_val` is a level of the host's depth limit of its own.
      signature: host.budget.withLimitedDepth(() => host.converter.toVal(signer.signature)),
      exhausted: false,
    };
    chargeFallibleCollect(host.context(), delegates.length, SIGNER_NODE_SIZE);
    return {
      signer: info,
      delegates: delegates.map((delegate) => nodeFromXdr(host, delegate, delegate.nestedDelegates)),
    };
  });
}

export class DelegationTracker {
  /** Indices from the root down to the signer being authenticated now (`match_stack`). */
  #matched: number[] = [];

  private constructor(private readonly root: SignerNode) {}

  static fromXdr(host: Host, delegates: readonly xdr.SorobanDelegateSignature[]): DelegationTracker {
    return new DelegationTracker(nodeFromXdr(host, undefined, delegates));
  }

  #current(): SignerNode {
    let node = this.root;
    for (const index of this.#matched) {
      const next = node.delegates[index];
      if (!next) throw authInternal('invalid delegated auth match stack');
      node = next;
    }
    return node;
  }

  /**
   * `try_push_delegated_auth_frame`: the current signer's delegate at `address` is used up and
   * becomes the current signer; its signature is returned.
   */
  push(host: Host, address: Val): Val {
    const delegates = this.#current().delegates;
    for (const [index, node] of delegates.entries()) {
      const { signer } = node;
      if (!signer) throw authInternal('unexpected root node in delegated auth signer list');
      if (host.comparator.compare(signer.address, address) !== 0) continue;
      if (signer.exhausted)
        throw invalidInput(
          'delegate_account_auth has already been called for address, but it may only be called once',
        );
      signer.exhausted = true;
      this.#matched.push(index);
      return signer.signature;
    }
    throw invalidInput('delegated signer has not provided a signature');
  }

  /** The delegated signer's authentication succeeded: its parent is current again. */
  pop(): void {
    this.#matched.pop();
  }

  /** The addresses of the current signer's delegates, in their (sorted) order. */
  currentAddresses(): Val[] {
    return this.#current().delegates.map(({ signer }) => {
      if (!signer) throw authInternal('unexpected root node in delegated auth signer list');
      return signer.address;
    });
  }

  /**
   * `DelegatedAccountAuthTracker::snapshot`: each node's children's snapshots collected (a metered
   * collect), then the match stack cloned.
   */
  snapshot(host: Host): DelegationSnapshot {
    const context = host.context();
    const exhausted: boolean[] = [];
    const walk = (node: SignerNode): void => {
      exhausted.push(node.signer?.exhausted ?? false);
      for (const child of node.delegates) walk(child);
      chargeFallibleCollect(context, node.delegates.length, SIGNER_SNAPSHOT_SIZE);
    };
    walk(this.root);
    chargeNewVec(context, this.#matched.length, USIZE_SIZE);
    return { exhausted, matched: [...this.#matched] };
  }

  rollback(snapshot: DelegationSnapshot): void {
    let i = 0;
    const walk = (node: SignerNode): void => {
      const value = snapshot.exhausted[i++];
      if (value === undefined) throw authInternal('unexpected bad delegated auth signer snapshot');
      if (node.signer) node.signer.exhausted = value;
      for (const child of node.delegates) walk(child);
    };
    walk(this.root);
    if (i !== snapshot.exhausted.length) throw authInternal('unexpected bad delegated auth signer snapshot');
    this.#matched = [...snapshot.matched];
  }
}
