/** account_merge, after stellar-core MergeOpFrame::doApplyFromV16. */
import { xdr } from '@stellar/stellar-sdk/base';
import { addAccountBalance } from '../balances.js';
import { AUTH_IMMUTABLE_FLAG, loadAccount, storeAccount } from '../entries/account.js';
import { muxedAddress } from '../events.js';
import { accountIdBytes, accountKey, muxedToAccountId, sameAccount, toHex } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import {
  removeEntryWithPossibleSponsorship,
  removeSignerWithPossibleSponsorship,
  sponsoringCount,
} from '../sponsorship.js';
import { startingSequenceNumber } from '../tx/seq.js';
import { failed, type OperationHandler, succeeded } from './operation.js';

type VoidCode = Exclude<xdr.AccountMergeResult['type'], 'accountMergeSuccess'>;

function result(code: VoidCode): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.accountMerge(xdr.AccountMergeResult[code]()));
}

const MAX_SEQ_NUM_TO_APPLY = 'max-seq-num-to-apply:';

/**
 * stellar-core's MAX_SEQ_NUM_TO_APPLY entry: when a ledger holds a merge, the highest sequence
 * number each source applies in it, so a merged account cannot be recreated and replay it.
 */
export function setMaxSeqNumToApply(ltx: LedgerTxn, accountId: xdr.PublicKey, seqNum: bigint): void {
  ltx.putInternal(MAX_SEQ_NUM_TO_APPLY + toHex(accountIdBytes(accountId)), seqNum);
}

export const accountMerge: OperationHandler<xdr.MuxedAccount> = {
  threshold: () => 'high',

  checkValid(destination, sourceId) {
    return sameAccount(muxedToAccountId(destination), sourceId) ? result('accountMergeMalformed') : undefined;
  },

  apply(destination, ctx) {
    const { ltx, sourceId } = ctx;
    const destId = muxedToAccountId(destination);
    if (!loadAccount(ltx, destId)) return failed(result('accountMergeNoAccount'));
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    if ((source.flags & AUTH_IMMUTABLE_FLAG) !== 0) return failed(result('accountMergeImmutableSet'));
    if (source.numSubEntries !== source.signers.length) return failed(result('accountMergeHasSubEntries'));

    // stellar-core isSeqnumTooFar: recreating the account must not move its sequence backwards.
    const maxSeq = startingSequenceNumber(ltx.header.ledgerSeq);
    const maxToApply = ltx.getInternal<bigint>(MAX_SEQ_NUM_TO_APPLY + toHex(accountIdBytes(sourceId)));
    if ((maxToApply !== undefined && maxToApply >= maxSeq) || source.seqNum >= maxSeq) {
      return failed(result('accountMergeSeqnumTooFar'));
    }
    if (sponsoringCount(ltx, sourceId) > 0 || source.numSponsoring > 0)
      return failed(result('accountMergeIsSponsor'));

    while (source.signers.length > 0)
      removeSignerWithPossibleSponsorship(ltx, source.signers.length - 1, source);

    const balance = source.balance;
    const dest = loadAccount(ltx, destId);
    if (!dest || !addAccountBalance(ltx.header, dest, balance)) return failed(result('accountMergeDestFull'));
    storeAccount(ltx, dest);

    removeEntryWithPossibleSponsorship(ltx, { type: 'account', mult: 2, ext: source }, source);
    ltx.erase(accountKey(sourceId));

    ctx.events.transfer(
      xdr.Asset.assetTypeNative(),
      muxedAddress(ctx.sourceMuxed),
      muxedAddress(destination),
      balance,
      true,
    );
    return succeeded(
      xdr.OperationResult.opInner(
        xdr.OperationResultTr.accountMerge(xdr.AccountMergeResult.accountMergeSuccess(balance)),
      ),
    );
  },
};
