/**
 * What the delegation tests share (after `AuthBuilder` and `DelegatedAuthTest` in
 * soroban-env-host/src/test/auth_delegation.rs at v28.0.2): a protocol-27 TestEnv with delegating
 * accounts (src/testing/delegating-account.ts), and entries for `accounts[0].auth_fn(signer, 123)`
 * signed by a tree of signers described as plain data.
 */
import { hash, type Keypair, xdr } from '@stellar/stellar-sdk/base';
import {
  accountSignature,
  type DelegationStep,
  delegatingAccountWat,
  delegatingSignature,
} from '../../src/testing/delegating-account.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { outcome } from '../support/outcome.js';
import { contract } from '../vm/wat.js';
import { addressVal, invocation, scAddress } from './custom-accounts-support.js';
import { accountEntry, EXPIRATION, PASSPHRASE, putAccount } from './support.js';

export { outcome };
export const AUTH_FN_ARG = 123;
export const UNAUTHORIZED = 'Error(Auth, InvalidAction)';

let wasm: Uint8Array | undefined;
export const delegatingWasm = (): Uint8Array => {
  wasm ??= contract(delegatingAccountWat(), 27);
  return wasm;
};

/**
 * A signer: a delegating account (its extra steps, then a `Delegate` step per delegate, each
 * delegate's signature attached) or a Stellar account signing with its key.
 */
export interface Signer {
  readonly address: string;
  readonly key?: Keypair;
  /** Its steps before the `Delegate` steps; a step may need entries of its own (`Direct`, `TryIndir`). */
  readonly steps?: (payload: Uint8Array, entries: xdr.SorobanAuthorizationEntry[]) => DelegationStep[];
  readonly delegates?: readonly Signer[];
  /** Attached signatures without a `Delegate` step (`add_unused_delegated_signer`). */
  readonly unused?: readonly string[];
  /** Swap the last two attached signatures (`shuffle_builtin_delegated_signers`). */
  readonly unsorted?: boolean;
}

/** How the entry is built when a test wants it wrong (`force_*` of AuthBuilder). */
export interface EntryOptions {
  readonly preimageWithAddress?: boolean;
  readonly preimageAddress?: string;
  readonly withDelegates?: boolean;
  readonly v2?: boolean;
}

const byAddress = (a: xdr.SorobanDelegateSignature, b: xdr.SorobanDelegateSignature) =>
  Buffer.compare(Buffer.from(a.address.toXDR()), Buffer.from(b.address.toXDR()));

/** A signer's signature over the payload and its delegates' signatures, sorted by address. */
export function sign(
  signer: Signer,
  payload: Uint8Array,
  entries: xdr.SorobanAuthorizationEntry[],
): { signature: xdr.ScVal; delegates: xdr.SorobanDelegateSignature[] } {
  if (signer.key) return { signature: accountSignature(signer.key, payload), delegates: [] };
  const delegates = signer.delegates ?? [];
  const steps: DelegationStep[] = [
    ...(signer.steps?.(payload, entries) ?? []),
    ...delegates.map((d): DelegationStep => ({ kind: 'Delegate', address: scAddress(d.address) })),
  ];
  const attached = delegates.map((d) => {
    const { signature, delegates: nestedDelegates } = sign(d, payload, entries);
    return new xdr.SorobanDelegateSignature({ address: scAddress(d.address), signature, nestedDelegates });
  });
  for (const address of signer.unused ?? [])
    attached.push(
      new xdr.SorobanDelegateSignature({
        address: scAddress(address),
        signature: xdr.ScVal.scvVoid(),
        nestedDelegates: [],
      }),
    );
  attached.sort(byAddress);
  if (signer.unsorted) attached.push(...attached.splice(-2, 2).reverse());
  return { signature: delegatingSignature(steps), delegates: attached };
}

export function signaturePayload(
  root: xdr.SorobanAuthorizedInvocation,
  nonce: bigint,
  address: string | undefined,
): Uint8Array {
  const fields = {
    networkId: hash(Buffer.from(PASSPHRASE)),
    nonce,
    signatureExpirationLedger: EXPIRATION,
    invocation: root,
  };
  const preimage = address
    ? xdr.HashIdPreimage.envelopeTypeSorobanAuthorizationWithAddress(
        new xdr.HashIdPreimageSorobanAuthorizationWithAddress({ ...fields, address: scAddress(address) }),
      )
    : xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(new xdr.HashIdPreimageSorobanAuthorization(fields));
  return hash(Buffer.from(preimage.toXDR()));
}

let nextNonce = 1n;

/**
 * `build_auth_entries`: the signer's entry for `root`, with the credentials its options ask for,
 * after the entries its steps need.
 */
export function signedEntries(
  signer: Signer,
  root: xdr.SorobanAuthorizedInvocation,
  options: EntryOptions = {},
): xdr.SorobanAuthorizationEntry[] {
  const nonce = nextNonce++;
  const delegated = (signer.delegates?.length ?? 0) > 0 || (signer.unused?.length ?? 0) > 0;
  const withAddress = options.preimageWithAddress ?? (delegated || options.withDelegates || options.v2);
  const payload = signaturePayload(
    root,
    nonce,
    withAddress ? (options.preimageAddress ?? signer.address) : undefined,
  );
  const entries: xdr.SorobanAuthorizationEntry[] = [];
  const { signature, delegates } = sign(signer, payload, entries);
  const creds = new xdr.SorobanAddressCredentials({
    address: scAddress(signer.address),
    nonce,
    signatureExpirationLedger: EXPIRATION,
    signature,
  });
  const credentials =
    delegates.length > 0 || options.withDelegates
      ? xdr.SorobanCredentials.sorobanCredentialsAddressWithDelegates(
          new xdr.SorobanAddressCredentialsWithDelegates({ addressCredentials: creds, delegates }),
        )
      : options.v2
        ? xdr.SorobanCredentials.sorobanCredentialsAddressV2(creds)
        : xdr.SorobanCredentials.sorobanCredentialsAddress(creds);
  entries.push(new xdr.SorobanAuthorizationEntry({ credentials, rootInvocation: root }));
  return entries;
}

/** `DelegatedAuthTest::setup`: `count` delegating accounts and Stellar accounts for `keys`. */
export function delegationSetup(count: number, keys: readonly Keypair[] = [], protocolVersion = 27) {
  const env = new TestEnv({ ledger: { protocolVersion, sequenceNumber: 100, maxEntryTtl: 10_000 } });
  for (const key of keys) putAccount(env, accountEntry(key));
  const accounts = Array.from({ length: count }, () => env.register(delegatingWasm()));
  const target = accounts[0] as string;
  const authFnRoot = (address: string, arg = AUTH_FN_ARG) =>
    invocation(target, 'auth_fn', [addressVal(address), xdr.ScVal.scvU32(arg)]);
  /** `call_auth_fn`: `accounts[0].auth_fn(signer, 123)` with the signer's entry. */
  const callAuthFn = (signer: Signer, options?: EntryOptions) =>
    outcome(() =>
      env.invoke(target, 'auth_fn', [addressVal(signer.address), xdr.ScVal.scvU32(AUTH_FN_ARG)], {
        auth: signedEntries(signer, authFnRoot(signer.address), options),
      }),
    );
  return { env, accounts, authFnRoot, callAuthFn };
}

/** A delegating account whose `__check_auth` checks the payload it is given. */
export const expectPayload = (payload: Uint8Array): DelegationStep[] => [{ kind: 'Payload', payload }];

/**
 * `sign_direct_delegated`: the owner's `__check_auth` calls `require_auth_for_args(signer,
 * [payload])`, so the signer needs an entry of its own for the owner's `__check_auth(payload)`.
 */
export function direct(owner: string, signer: Signer) {
  return (payload: Uint8Array, entries: xdr.SorobanAuthorizationEntry[]): DelegationStep[] => {
    entries.push(...signedEntries(signer, invocation(owner, '__check_auth', [xdr.ScVal.scvBytes(payload)])));
    return [{ kind: 'Direct', address: scAddress(signer.address) }];
  };
}

/** `sign_try_indirect_delegated`: `try_call(signer, "indirect", [payload])`, which must succeed iff `ok`. */
export function tryIndirect(signer: Signer, ok: boolean) {
  return (payload: Uint8Array, entries: xdr.SorobanAuthorizationEntry[]): DelegationStep[] => {
    entries.push(
      ...signedEntries(signer, invocation(signer.address, 'indirect', [xdr.ScVal.scvBytes(payload)])),
    );
    return [{ kind: 'TryIndir', address: scAddress(signer.address), flag: ok }];
  };
}
