/** set_options, after stellar-core SetOptionsOpFrame. */
import { xdr } from '@stellar/stellar-sdk/base';
import {
  type AccountState,
  AUTH_CLAWBACK_ENABLED_FLAG,
  AUTH_IMMUTABLE_FLAG,
  AUTH_REQUIRED_FLAG,
  AUTH_REVOCABLE_FLAG,
  loadAccount,
  MASK_ACCOUNT_FLAGS_V17,
  storeAccount,
  THRESHOLD_HIGH,
  THRESHOLD_LOW,
  THRESHOLD_MASTER_WEIGHT,
  THRESHOLD_MED,
} from '../entries/account.js';
import { accountIdBytes, compareBytes, sameAccount } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { createSignerWithPossibleSponsorship, removeSignerWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type Code = xdr.SetOptionsResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.setOptions(xdr.SetOptionsResult[code]()));
}

const ALL_ACCOUNT_AUTH_FLAGS =
  AUTH_REQUIRED_FLAG | AUTH_REVOCABLE_FLAG | AUTH_IMMUTABLE_FLAG | AUTH_CLAWBACK_ENABLED_FLAG;
const MAX_SIGNERS = 20;

/** The bytes of a signer key's value, for ordering (type first, then the key material). */
function signerKeyParts(key: xdr.SignerKey): [number, Uint8Array, Uint8Array] {
  const tag = xdr.SignerKeyType.fromName(key.type).value;
  switch (key.type) {
    case 'signerKeyTypeEd25519':
      return [tag, key.ed25519.toBytes(), new Uint8Array(0)];
    case 'signerKeyTypePreAuthTx':
      return [tag, key.preAuthTx.toBytes(), new Uint8Array(0)];
    case 'signerKeyTypeHashX':
      return [tag, key.hashX.toBytes(), new Uint8Array(0)];
    default:
      return [tag, key.ed25519SignedPayload.ed25519.toBytes(), key.ed25519SignedPayload.payload];
  }
}

/** The order stellar-core keeps an account's signers in (SignerKey's operator<). */
export function compareSignerKeys(a: xdr.SignerKey, b: xdr.SignerKey): number {
  const [ta, ka, pa] = signerKeyParts(a);
  const [tb, kb, pb] = signerKeyParts(b);
  return ta - tb || compareBytes(ka, kb) || compareBytes(pa, pb);
}

/** stellar-core findSignerByKey: the insertion point, and whether the key is there. */
export function findSigner(signers: readonly xdr.Signer[], key: xdr.SignerKey): [number, boolean] {
  const index = signers.findIndex((s) => compareSignerKeys(s.key, key) >= 0);
  if (index === -1) return [signers.length, false];
  return [index, compareSignerKeys((signers[index] as xdr.Signer).key, key) === 0];
}

function isPrintable(bytes: Uint8Array): boolean {
  return bytes.every((b) => b > 0x1f && b < 0x7f);
}

/** stellar-core accountFlagClawbackIsValid: clawback needs revocable. */
function clawbackFlagsValid(flags: number): boolean {
  return !((flags & AUTH_CLAWBACK_ENABLED_FLAG) !== 0 && (flags & AUTH_REVOCABLE_FLAG) === 0);
}

/** stellar-core addOrChangeSigner; false with the failing result. */
function addOrChangeSigner(
  ltx: LedgerTxn,
  account: AccountState,
  signer: xdr.Signer,
): xdr.OperationResult | undefined {
  const [index, found] = findSigner(account.signers, signer.key);
  if (found) {
    account.signers[index] = signer;
    return undefined;
  }
  if (account.signers.length === MAX_SIGNERS) return result('setOptionsTooManySigners');
  account.signers.splice(index, 0, signer);
  if (account.extVersion >= 2) account.signerSponsoringIds.splice(index, 0, null);
  switch (createSignerWithPossibleSponsorship(ltx, index, account)) {
    case 'success':
      return undefined;
    case 'lowReserve':
      return result('setOptionsLowReserve');
    case 'tooManySubentries':
      return xdr.OperationResult.opTooManySubentries();
    case 'tooManySponsoring':
      return xdr.OperationResult.opTooManySponsoring();
    default:
      throw new Error('Unexpected result from createSignerWithPossibleSponsorship');
  }
}

export const setOptions: OperationHandler<xdr.SetOptionsOp> = {
  threshold(op) {
    const changesAuth =
      op.masterWeight !== null ||
      op.lowThreshold !== null ||
      op.medThreshold !== null ||
      op.highThreshold !== null ||
      op.signer !== null;
    return changesAuth ? 'high' : 'medium';
  },

  checkValid(op, sourceId) {
    const maskInvalid = (flags: number | null) => flags !== null && (flags & ~MASK_ACCOUNT_FLAGS_V17) !== 0;
    if (maskInvalid(op.setFlags) || maskInvalid(op.clearFlags)) return result('setOptionsUnknownFlag');
    if (op.setFlags !== null && op.clearFlags !== null && (op.setFlags & op.clearFlags) !== 0) {
      return result('setOptionsBadFlags');
    }
    const thresholds = [op.masterWeight, op.lowThreshold, op.medThreshold, op.highThreshold];
    if (thresholds.some((t) => t !== null && t > 255)) return result('setOptionsThresholdOutOfRange');
    if (op.signer) {
      const key = op.signer.key;
      const isSelf = key.type === 'signerKeyTypeEd25519' && sameBytesKey(key.ed25519.toBytes(), sourceId);
      const emptyPayload =
        key.type === 'signerKeyTypeEd25519SignedPayload' && key.ed25519SignedPayload.payload.length === 0;
      if (isSelf || op.signer.weight > 255 || emptyPayload) return result('setOptionsBadSigner');
    }
    if (op.homeDomain && !isPrintable(op.homeDomain.bytes)) return result('setOptionsInvalidHomeDomain');
    return undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const account = loadAccount(ltx, sourceId);
    if (!account) throw new Error('the source account does not exist');

    if (op.inflationDest) {
      if (!sameAccount(op.inflationDest, sourceId) && !loadAccount(ltx, op.inflationDest)) {
        return failed(result('setOptionsInvalidInflation'));
      }
      account.inflationDest = op.inflationDest;
    }
    const immutable = (account.flags & AUTH_IMMUTABLE_FLAG) !== 0;
    if (op.clearFlags !== null) {
      if ((op.clearFlags & ALL_ACCOUNT_AUTH_FLAGS) !== 0 && immutable)
        return failed(result('setOptionsCantChange'));
      account.flags &= ~op.clearFlags;
    }
    if (op.setFlags !== null) {
      if ((op.setFlags & ALL_ACCOUNT_AUTH_FLAGS) !== 0 && immutable)
        return failed(result('setOptionsCantChange'));
      account.flags |= op.setFlags;
    }
    if ((op.setFlags !== null || op.clearFlags !== null) && !clawbackFlagsValid(account.flags)) {
      return failed(result('setOptionsAuthRevocableRequired'));
    }
    if (op.homeDomain) account.homeDomain = op.homeDomain.bytes;
    const levels: [number | null, number][] = [
      [op.masterWeight, THRESHOLD_MASTER_WEIGHT],
      [op.lowThreshold, THRESHOLD_LOW],
      [op.medThreshold, THRESHOLD_MED],
      [op.highThreshold, THRESHOLD_HIGH],
    ];
    for (const [value, index] of levels) if (value !== null) account.thresholds[index] = value & 0xff;

    if (op.signer) {
      if (op.signer.weight) {
        const inner = ltx.child();
        const failure = addOrChangeSigner(inner, account, op.signer);
        if (failure) return failed(failure);
        inner.commit();
      } else {
        const [index, found] = findSigner(account.signers, op.signer.key);
        if (found) removeSignerWithPossibleSponsorship(ltx, index, account);
      }
    }
    storeAccount(ltx, account);
    return succeeded(result('setOptionsSuccess'));
  },
};

function sameBytesKey(key: Uint8Array, accountId: xdr.PublicKey): boolean {
  return compareBytes(key, accountIdBytes(accountId)) === 0;
}
