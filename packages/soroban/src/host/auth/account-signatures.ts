/**
 * Authenticating a Stellar account (`builtin_contracts/account_contract.rs`
 * check_account_authentication): a vector of `{public_key, signature}` ed25519 signatures of the
 * payload, keys strictly increasing, at most 20, each a signer of the account (the master key's
 * weight or a signer's, capped at 255), whose weights reach the account's medium threshold.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { verifySigEd25519 } from '../../crypto/index.js';
import { HostError } from '../../errors/host-error.js';
import type { Val } from '../../values/val.js';
import type { Host } from '../host.js';
import { fixedBytes, structFields, vecItems } from './contract-types.js';

const MAX_ACCOUNT_SIGNATURES = 20;
/** ContractError::AuthenticationError of the built-in contracts. */
const AUTHENTICATION_ERROR = 5;
const MASTER_WEIGHT = 0;
const MEDIUM_THRESHOLD = 2;
const SIGNATURE_FIELDS = ['public_key', 'signature'] as const;

const authenticationError = (detail: string) => new HostError('Contract', AUTHENTICATION_ERROR, detail);

export function checkAccountAuthentication(
  host: Host,
  accountId: xdr.AccountId,
  payload: Uint8Array,
  signature: Val,
): void {
  const signatures = vecItems(host, signature);
  if (signatures.length > MAX_ACCOUNT_SIGNATURES) throw authenticationError('too many account signers');
  if (signatures.length === 0) throw authenticationError('no account signatures found');
  const account = loadAccount(host, accountId);
  let previous: Uint8Array | undefined;
  let weight = 0;
  for (const item of signatures) {
    const [keyVal, sigVal] = structFields(host, item, SIGNATURE_FIELDS) as [Val, Val];
    const publicKey = fixedBytes(host, keyVal, 32);
    const sig = fixedBytes(host, sigVal, 64);
    if (previous && Buffer.compare(previous, publicKey) >= 0)
      throw authenticationError('public keys are not ordered');
    verifySigEd25519(publicKey, payload, sig, host.budget);
    const signerWeight = signerWeightOf(account, publicKey);
    if (signerWeight === 0) throw authenticationError('signer does not belong to account');
    weight += signerWeight;
    previous = publicKey;
  }
  const threshold = account.thresholds.value[MEDIUM_THRESHOLD] ?? 0;
  if (weight < threshold) throw authenticationError('signature weight is lower than threshold');
}

/** `load_account`: the account's entry from storage (missing: the storage's error). */
export function loadAccount(host: Host, accountId: xdr.AccountId): xdr.AccountEntry {
  const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId }));
  const entry = host.storage.get(key, host.budget);
  if (entry.data.type !== 'account')
    throw new HostError('Storage', 'InternalError', 'ledger entry is not account');
  return entry.data.account;
}

/** `get_signer_weight_from_account`: 0 for a key that is not the account's. */
function signerWeightOf(account: xdr.AccountEntry, publicKey: Uint8Array): number {
  if (Buffer.compare(account.accountId.ed25519.value, publicKey) === 0)
    return account.thresholds.value[MASTER_WEIGHT] ?? 0;
  for (const signer of account.signers)
    if (
      signer.key.type === 'signerKeyTypeEd25519' &&
      Buffer.compare(signer.key.ed25519.value, publicKey) === 0
    )
      return Math.min(signer.weight, 255);
  return 0;
}
