/**
 * What the custom-account tests share (after soroban-env-host/src/test/auth.rs at v23.0.0): the
 * account test contracts, entries with address credentials for a contract address, the payload
 * such an entry signs, and an outcome as the host's error (or `ok`).
 */
import { hash, type Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../src/budget/index.js';
import { AuthorizationManager, nonceKey } from '../../src/host/auth/index.js';
import { Host } from '../../src/host/host.js';
import { Storage } from '../../src/storage/index.js';
import type { TestEnv } from '../../src/testing/test-env.js';
import { readSoroban } from '../support/shared.js';

export { outcome } from '../host/functions/support.js';

import { EXPIRATION, PASSPHRASE } from './support.js';

export const WASM = {
  simple: () => readSoroban('wasm/20/example_simple_account.wasm'),
  conditional: () => readSoroban('wasm/20/test_conditional_account.wasm'),
  delegated: () => readSoroban('wasm/20/test_delegated_account.wasm'),
  recursive: () => readSoroban('wasm/20/recursive_account.wasm'),
  context: () => readSoroban('wasm/22/test_custom_account_context.wasm'),
  auth: () => readSoroban('wasm/20/auth_test_contract.wasm'),
  invokerAuth: () => readSoroban('wasm/23/invoker_auth_test_contract.wasm'),
};

export const scAddress = (strkey: string): xdr.ScAddress =>
  StrKey.isValidContract(strkey)
    ? xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(StrKey.decodeContract(strkey)))
    : xdr.ScAddress.scAddressTypeAccount(
        xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(strkey)),
      );

export const addressVal = (strkey: string): xdr.ScVal => xdr.ScVal.scvAddress(scAddress(strkey));

/** A contract function call as an authorized invocation. */
export function invocation(
  contract: string,
  fn: string,
  args: xdr.ScVal[] = [],
  subs: xdr.SorobanAuthorizedInvocation[] = [],
): xdr.SorobanAuthorizedInvocation {
  return new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({ contractAddress: scAddress(contract), functionName: fn, args }),
    ),
    subInvocations: subs,
  });
}

/** An entry with address credentials for `address`. */
export function addressEntry(
  address: string,
  root: xdr.SorobanAuthorizedInvocation,
  signature: xdr.ScVal,
  nonce: bigint,
  expiration = EXPIRATION,
): xdr.SorobanAuthorizationEntry {
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({
        address: scAddress(address),
        nonce,
        signatureExpirationLedger: expiration,
        signature,
      }),
    ),
    rootInvocation: root,
  });
}

/** The SHA-256 of the `HashIdPreimage::SorobanAuthorization` an address signs. */
export function payload(
  root: xdr.SorobanAuthorizedInvocation,
  nonce: bigint,
  expiration = EXPIRATION,
): Uint8Array {
  const preimage = xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(
    new xdr.HashIdPreimageSorobanAuthorization({
      networkId: hash(Buffer.from(PASSPHRASE)),
      nonce,
      signatureExpirationLedger: expiration,
      invocation: root,
    }),
  );
  return hash(Buffer.from(preimage.toXdr()));
}

/** simple_account's signature: the owner key's 64 bytes over the payload. */
export const ownerSignature = (key: Keypair, root: xdr.SorobanAuthorizedInvocation, nonce: bigint) =>
  xdr.ScVal.scvBytes(Buffer.from(key.sign(payload(root, nonce))));

/** The live-until ledger of an address's nonce entry, if the ledger holds it. */
export const contractNonceLiveUntil = (env: TestEnv, address: string, nonce: bigint): number | undefined =>
  env.snapshot.get(nonceKey(scAddress(address), nonce))?.liveUntil;

/**
 * A host over the TestEnv's ledger, enforcing these entries (`set_authorization_entries`), for
 * what `TestEnv.invoke` does not take: host functions other than a call, an unlimited budget.
 * Its writes stay in the host.
 */
export function enforcingHost(
  env: TestEnv,
  entries: xdr.SorobanAuthorizationEntry[] = [],
  budget = Budget.default(),
): Host {
  const host = new Host({
    budget,
    storage: Storage.recording(env.snapshot, () => env.ledger),
    ledger: env.ledger,
  });
  host.auth = AuthorizationManager.enforcing(host, entries);
  return host;
}
