/**
 * revoke_sponsorship, after stellar-core RevokeSponsorshipOpFrame: the sponsor of an entry or
 * signer (or its owner, when unsponsored) hands its reserve back to the owner, or over to the
 * account sponsoring the source's future reserves.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer } from '../assets.js';
import {
  type AccountState,
  loadAccount,
  prepareAccountExt,
  readAccount,
  storeAccount,
} from '../entries/account.js';
import { entryExt, readEntryExt } from '../entries/entry-ext.js';
import type { HeaderState } from '../header.js';
import { sameAccount } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { canEstablish, canRemove, canTransfer, type SponsorshipResult, sponsorOf } from '../sponsorship.js';
import { failed, type OperationHandler, type OpOutcome, succeeded } from './operation.js';
import { findSigner } from './set-options.js';

type Code = xdr.RevokeSponsorshipResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.revokeSponsorship(xdr.RevokeSponsorshipResult[code]()),
  );
}

const SUCCESS = () => succeeded(result('revokeSponsorshipSuccess'));

/** stellar-core processSponsorshipResult. */
function refusal(res: SponsorshipResult): OpOutcome | undefined {
  if (res === 'success') return undefined;
  if (res === 'lowReserve') return failed(result('revokeSponsorshipLowReserve'));
  if (res === 'tooManySponsoring') return failed(xdr.OperationResult.opTooManySponsoring());
  throw new Error('unexpected sponsorship result');
}

/** The account an entry belongs to (a claimable balance: its sponsor). */
function ownerOf(entry: xdr.LedgerEntry): xdr.PublicKey | null {
  const data = entry.data;
  switch (data.type) {
    case 'account':
      return data.account.accountId;
    case 'trustline':
      return data.trustLine.accountId;
    case 'offer':
      return data.offer.sellerId;
    case 'data':
      return data.data.accountId;
    case 'claimableBalance':
      return readEntryExt(entry).sponsor;
    default:
      throw new Error('Invalid key type');
  }
}

/** stellar-core computeMultiplier. */
function multiplierOf(entry: xdr.LedgerEntry): number {
  const data = entry.data;
  if (data.type === 'account') return 2;
  if (data.type === 'trustline') return data.trustLine.asset.type === 'assetTypePoolShare' ? 2 : 1;
  if (data.type === 'claimableBalance') return data.claimableBalance.claimants.length;
  return 1;
}

function mustLoad(ltx: LedgerTxn, id: xdr.PublicKey): AccountState {
  const account = loadAccount(ltx, id);
  if (!account) throw new Error('the account does not exist');
  return account;
}

function moveCounts(
  from: AccountState | undefined,
  to: AccountState | undefined,
  owner: AccountState | undefined,
  mult: number,
  ownerDelta: number,
) {
  if (from) from.numSponsoring -= mult;
  if (to) {
    prepareAccountExt(to, 2);
    to.numSponsoring += mult;
  }
  if (owner && ownerDelta !== 0) {
    prepareAccountExt(owner, 2);
    owner.numSponsored += ownerDelta * mult;
  }
}

function updateEntrySponsorship(ltx: LedgerTxn, key: xdr.LedgerKey, sourceId: xdr.PublicKey): OpOutcome {
  const entry = ltx.load(key);
  if (!entry) return failed(result('revokeSponsorshipDoesNotExist'));
  const ext = readEntryExt(entry);
  const owner = ownerOf(entry) as xdr.PublicKey;
  const wasSponsored = ext.sponsor !== null;
  if (ext.sponsor ? !sameAccount(ext.sponsor, sourceId) : !sameAccount(owner, sourceId)) {
    return failed(result('revokeSponsorshipNotSponsor'));
  }
  const newSponsorId = sponsorOf(ltx, sourceId);
  const willBeSponsored = newSponsorId !== undefined && !sameAccount(newSponsorId, owner);
  if (!willBeSponsored && entry.data.type === 'claimableBalance')
    return failed(result('revokeSponsorshipOnlyTransferable'));
  if (!wasSponsored && !willBeSponsored) return SUCCESS();

  const header: HeaderState = ltx.header;
  const mult = multiplierOf(entry);
  const isAccount = entry.data.type === 'account';
  // The owner's account: the entry itself for an account entry (none for a claimable balance).
  const ownerAccount = isAccount
    ? readAccount(entry)
    : entry.data.type === 'claimableBalance'
      ? undefined
      : mustLoad(ltx, owner);
  const oldSponsor = ext.sponsor ? mustLoad(ltx, ext.sponsor) : undefined;
  const newSponsor = willBeSponsored && newSponsorId ? mustLoad(ltx, newSponsorId) : undefined;

  if (oldSponsor && newSponsor) {
    const stop = refusal(canTransfer(header, oldSponsor, newSponsor, mult));
    if (stop) return stop;
    moveCounts(oldSponsor, newSponsor, undefined, mult, 0);
    ext.sponsor = newSponsor.accountId;
  } else if (oldSponsor) {
    const stop = refusal(canRemove(header, oldSponsor, ownerAccount, mult));
    if (stop) return stop;
    moveCounts(oldSponsor, undefined, ownerAccount, mult, -1);
    ext.sponsor = null;
  } else if (newSponsor) {
    const stop = refusal(canEstablish(header, newSponsor, ownerAccount, mult));
    if (stop) return stop;
    moveCounts(undefined, newSponsor, ownerAccount, mult, 1);
    ext.sponsor = newSponsor.accountId;
    ext.hasExtV1 = true;
  }
  for (const account of [oldSponsor, newSponsor]) if (account) storeAccount(ltx, account);
  if (isAccount && ownerAccount) {
    storeAccount(ltx, { ...ownerAccount, sponsor: ext.sponsor, hasExtV1: ext.hasExtV1 });
  } else {
    if (ownerAccount) storeAccount(ltx, ownerAccount);
    ltx.put(new xdr.LedgerEntry({ ...entry, ext: entryExt(ext) }));
  }
  return SUCCESS();
}

function updateSignerSponsorship(
  ltx: LedgerTxn,
  signer: xdr.RevokeSponsorshipOpSigner,
  sourceId: xdr.PublicKey,
): OpOutcome {
  const account = loadAccount(ltx, signer.accountId);
  if (!account) return failed(result('revokeSponsorshipDoesNotExist'));
  const [index, found] = findSigner(account.signers, signer.signerKey);
  if (!found) return failed(result('revokeSponsorshipDoesNotExist'));
  const sponsorId = account.extVersion >= 2 ? (account.signerSponsoringIds[index] ?? null) : null;
  if (sponsorId ? !sameAccount(sponsorId, sourceId) : !sameAccount(signer.accountId, sourceId)) {
    return failed(result('revokeSponsorshipNotSponsor'));
  }
  const newSponsorId = sponsorOf(ltx, sourceId);
  const willBeSponsored = newSponsorId !== undefined && !sameAccount(newSponsorId, signer.accountId);
  if (!sponsorId && !willBeSponsored) return SUCCESS();

  const header = ltx.header;
  const oldSponsor = sponsorId ? mustLoad(ltx, sponsorId) : undefined;
  const newSponsor = willBeSponsored && newSponsorId ? mustLoad(ltx, newSponsorId) : undefined;
  if (oldSponsor && newSponsor) {
    const stop = refusal(canTransfer(header, oldSponsor, newSponsor, 1));
    if (stop) return stop;
    moveCounts(oldSponsor, newSponsor, undefined, 1, 0);
  } else if (oldSponsor) {
    const stop = refusal(canRemove(header, oldSponsor, account, 1));
    if (stop) return stop;
    moveCounts(oldSponsor, undefined, account, 1, -1);
  } else if (newSponsor) {
    const stop = refusal(canEstablish(header, newSponsor, account, 1));
    if (stop) return stop;
    moveCounts(undefined, newSponsor, account, 1, 1);
  }
  prepareAccountExt(account, 2);
  account.signerSponsoringIds[index] = newSponsor ? newSponsor.accountId : null;
  for (const changed of [oldSponsor, newSponsor, account]) if (changed) storeAccount(ltx, changed);
  return SUCCESS();
}

function isPrintable(bytes: Uint8Array): boolean {
  return bytes.length > 0 && bytes.every((b) => b > 0x1f && b < 0x7f);
}

export const revokeSponsorship: OperationHandler<xdr.RevokeSponsorshipOp> = {
  checkValid(op) {
    if (op.type !== 'revokeSponsorshipLedgerEntry') return undefined;
    const key = op.ledgerKey;
    switch (key.type) {
      case 'account':
      case 'claimableBalance':
        return undefined;
      case 'trustline': {
        const { asset, accountId } = key.trustLine;
        const bad = !isAssetValid(asset) || asset.type === 'assetTypeNative' || isIssuer(accountId, asset);
        return bad ? result('revokeSponsorshipMalformed') : undefined;
      }
      case 'offer':
        return key.offer.offerId <= 0n ? result('revokeSponsorshipMalformed') : undefined;
      case 'data':
        return isPrintable(key.data.dataName.bytes) ? undefined : result('revokeSponsorshipMalformed');
      default:
        return result('revokeSponsorshipMalformed');
    }
  },

  apply(op, ctx) {
    return op.type === 'revokeSponsorshipLedgerEntry'
      ? updateEntrySponsorship(ctx.ltx, op.ledgerKey, ctx.sourceId)
      : updateSignerSponsorship(ctx.ltx, op.signer, ctx.sourceId);
  },
};
