/** create_account, after stellar-core CreateAccountOpFrame (doApplyFromV14). */
import { xdr } from '@stellar/stellar-sdk/base';
import { accountAvailableBalance, addAccountBalance } from '../balances.js';
import { accountEntry, loadAccount, newAccount, storeAccount } from '../entries/account.js';
import { accountAddressOf, muxedAddress } from '../events.js';
import { sameAccount } from '../keys.js';
import { createEntryWithPossibleSponsorship } from '../sponsorship.js';
import { startingSequenceNumber } from '../tx/seq.js';
import { failed, type OperationHandler, sponsorshipFailure, succeeded } from './operation.js';

type Code = xdr.CreateAccountResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.createAccount(xdr.CreateAccountResult[code]()));
}

export const createAccount: OperationHandler<xdr.CreateAccountOp> = {
  checkValid(op, sourceId) {
    if (op.startingBalance < 0n) return result('createAccountMalformed');
    if (sameAccount(op.destination, sourceId)) return result('createAccountMalformed');
    return undefined;
  },

  apply(op, ctx) {
    const { ltx } = ctx;
    if (loadAccount(ltx, op.destination)) return failed(result('createAccountAlreadyExist'));

    const inner = ltx.child();
    const created = newAccount(
      op.destination,
      op.startingBalance,
      startingSequenceNumber(inner.header.ledgerSeq),
    );
    const sponsorship = sponsorshipFailure(
      createEntryWithPossibleSponsorship(inner, { type: 'account', mult: 2, ext: created }, created),
      result('createAccountLowReserve'),
    );
    if (sponsorship) return sponsorship;

    const source = loadAccount(inner, ctx.sourceId);
    if (!source || accountAvailableBalance(inner.header, source) < op.startingBalance) {
      return failed(result('createAccountUnderfunded'));
    }
    if (!addAccountBalance(inner.header, source, -op.startingBalance))
      throw new Error('could not debit the source');
    storeAccount(inner, source);
    inner.create(accountEntry(created));
    inner.commit();

    ctx.events.transfer(
      xdr.Asset.assetTypeNative(),
      muxedAddress(ctx.sourceMuxed),
      accountAddressOf(op.destination),
      op.startingBalance,
      true,
    );
    return succeeded(result('createAccountSuccess'));
  },
};
