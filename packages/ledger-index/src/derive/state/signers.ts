/**
 * An account's signers as stellar-horizon keeps them: `SignerSummary` (the master key while its
 * weight is above 0, and every added signer) with `SponsorPerSigner`, listed by key; a master
 * key of weight 0 is appended last (`PopulateAccountEntry`).
 */
import type { components } from '@starspec/ledger-api';
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { accountId } from '../format.js';

export type Signer = components['schemas']['Signer'];

const SIGNER_TYPES: Record<xdr.SignerKey['type'], Signer['type']> = {
  signerKeyTypeEd25519: 'ed25519_public_key',
  signerKeyTypePreAuthTx: 'preauth_tx',
  signerKeyTypeHashX: 'sha256_hash',
  signerKeyTypeEd25519SignedPayload: 'ed25519_signed_payload',
};

/** The account's thresholds bytes: master weight, low, medium, high. */
export function thresholdBytes(account: xdr.AccountEntry): Uint8Array {
  return account.thresholds.toBytes();
}

function signerSponsors(account: xdr.AccountEntry): (xdr.PublicKey | null)[] {
  const v1 = account.ext.type === 'v1' ? account.ext.v1 : undefined;
  return v1?.ext.type === 'v2' ? v1.ext.v2.signerSponsoringIDs : [];
}

/** The signers stellar-horizon's `accounts_signers` table holds for the account. */
export function signerSummary(account: xdr.AccountEntry): Signer[] {
  const id = accountId(account.accountId);
  const masterWeight = thresholdBytes(account)[0] ?? 0;
  const sponsors = signerSponsors(account);
  const signers: Signer[] = account.signers.map((signer, index) => {
    const sponsor = sponsors[index];
    return {
      weight: signer.weight,
      key: SignerKey.encodeSignerKey(signer.key),
      type: SIGNER_TYPES[signer.key.type],
      ...(sponsor ? { sponsor: accountId(sponsor) } : {}),
    };
  });
  if (masterWeight > 0) signers.push({ weight: masterWeight, key: id, type: 'ed25519_public_key' });
  return signers.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The `signers` of the account record: the summary, and a disabled master key last. */
export function accountSigners(account: xdr.AccountEntry): Signer[] {
  const signers = signerSummary(account);
  const id = accountId(account.accountId);
  if (!signers.some((signer) => signer.key === id))
    signers.push({ weight: thresholdBytes(account)[0] ?? 0, key: id, type: 'ed25519_public_key' });
  return signers;
}
