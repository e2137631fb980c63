/**
 * Authenticating a Stellar account (`builtin_contracts/account_contract.rs`
 * check_account_authentication): a vector of `{public_key, signature}` ed25519 signatures of the
 * payload, keys strictly increasing, at most 20, each a signer of the account (the master key's
 * weight or a signer's, capped at 255), whose weights reach the account's medium threshold. The
 * check reads the signatures through the host's own env, as the Rust account contract does: the
 * vector's length and items, each struct unpacked and its byte strings' lengths checked, keys
 * compared with `obj_cmp`, `verify_sig_ed25519` over the payload's Bytes object, the key copied out
 * to find its weight, each call charged and traced.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { bytesN, bytesToArray, structFields } from '../../builtin/contract-types.js';
import { envCall } from '../../builtin/env.js';
import { HostError } from '../../errors/host-error.js';
import { chargeAccountEntryClone, DECLARED_SIZE } from '../../storage/index.js';
import { Tag } from '../../values/tags.js';
import { fromU32, tagOf, u32Of, type Val } from '../../values/val.js';
import type { Host } from '../host.js';
import { traced } from '../native-slices.js';
import { conversionError } from './contract-types.js';

const MAX_ACCOUNT_SIGNATURES = 20;
/** ContractError::AuthenticationError of the built-in contracts. */
const AUTHENTICATION_ERROR = 5;
const MASTER_WEIGHT = 0;
const MEDIUM_THRESHOLD = 2;
const SIGNATURE_FIELDS = ['public_key', 'signature'] as const;
/** `Uint256`'s declared size: the key `get_signer_weight_from_account` clones. */
const UINT256_SIZE = 32n;

const authenticationError = (detail: string) => new HostError('Contract', AUTHENTICATION_ERROR, detail);

/**
 * The payload as the check gets it: its bytes, made into a Bytes object once the signature count
 * is checked (protocol 23's check), or the object the authentication frame already holds.
 */
export type SignaturePayload = { readonly bytes: Uint8Array; readonly obj?: Val };

export function checkAccountAuthentication(
  host: Host,
  accountId: xdr.AccountId,
  payload: SignaturePayload,
  signature: Val,
): void {
  // `signature.try_into_val::<HostVec>()`: a Vec object, no host call.
  if (tagOf(signature) !== Tag.VecObject) throw conversionError('expected a vector');
  const count = u32Of(envCall(host, 'vec', 'vec_len', [signature]));
  if (count > MAX_ACCOUNT_SIGNATURES) throw authenticationError('too many account signers');
  if (count === 0) throw authenticationError('no account signatures found');
  const payloadObj = payload.obj ?? traced.bytes(host.context(), payload.bytes);
  const account = loadAccount(host, accountId);
  let previous: Val | undefined;
  let weight = 0;
  for (let i = 0; i < count; i++) {
    const item = envCall(host, 'vec', 'vec_get', [signature, fromU32(i)]);
    const [keyVal, sigVal] = structFields(host, item, SIGNATURE_FIELDS) as [Val, Val];
    const publicKey = bytesN(host, keyVal, 32);
    const sig = bytesN(host, sigVal, 64);
    if (
      previous !== undefined &&
      BigInt.asIntN(64, envCall(host, 'context', 'obj_cmp', [previous, publicKey])) >= 0n
    )
      throw authenticationError('public keys are not ordered');
    envCall(host, 'crypto', 'verify_sig_ed25519', [publicKey, payloadObj, sig]);
    const signerWeight = signerWeightOf(host, account, bytesToArray(host, publicKey, 32));
    if (signerWeight === 0) throw authenticationError('signer does not belong to account');
    weight += signerWeight;
    previous = publicKey;
  }
  const threshold = account.thresholds.value[MEDIUM_THRESHOLD] ?? 0;
  if (weight < threshold) throw authenticationError('signature weight is lower than threshold');
}

/**
 * `load_account` (host/data_helper.rs): the key a metered `Rc`, the entry read from storage (missing:
 * the storage's error), the account entry cloned (metered).
 */
export function loadAccount(host: Host, accountId: xdr.AccountId): xdr.AccountEntry {
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId }));
  const entry = host.storage.get(key, host.budget);
  if (entry.data.type !== 'account')
    throw new HostError('Storage', 'InternalError', 'ledger entry is not account');
  chargeAccountEntryClone(entry.data.account, host.budget);
  return entry.data.account;
}

/** `get_signer_weight_from_account`: 0 for a key that is not the account's (the key cloned first). */
function signerWeightOf(host: Host, account: xdr.AccountEntry, publicKey: Uint8Array): number {
  host.budget.charge('MemCpy', UINT256_SIZE);
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
