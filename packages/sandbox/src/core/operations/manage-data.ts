/** manage_data, after stellar-core ManageDataOpFrame. */
import { xdr } from '@stellar/stellar-sdk/base';
import { loadAccount, storeAccount } from '../entries/account.js';
import { type DataState, dataEntry, loadData } from '../entries/data.js';
import { dataKey } from '../keys.js';
import { createEntryWithPossibleSponsorship, removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, sponsorshipFailure, succeeded } from './operation.js';

type Code = xdr.ManageDataResult['type'];

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.manageData(xdr.ManageDataResult[code]()));
}

/** stellar-core isStringValid: printable ASCII only. */
function isNameValid(name: Uint8Array): boolean {
  return name.length >= 1 && name.every((b) => b > 0x1f && b < 0x7f);
}

export const manageData: OperationHandler<xdr.ManageDataOp> = {
  checkValid(op) {
    return isNameValid(op.dataName.bytes) ? undefined : result('manageDataInvalidName');
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    const name = op.dataName.bytes;
    const existing = loadData(ltx, sourceId, name);
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');

    if (op.dataValue) {
      if (existing) {
        existing.value = op.dataValue.toBytes();
        ltx.put(dataEntry(existing));
        return succeeded(result('manageDataSuccess'));
      }
      const created: DataState = {
        sponsor: null,
        hasExtV1: false,
        accountId: sourceId,
        name,
        value: op.dataValue.toBytes(),
      };
      const sponsorship = sponsorshipFailure(
        createEntryWithPossibleSponsorship(ltx, { type: 'data', mult: 1, ext: created }, source),
        result('manageDataLowReserve'),
      );
      if (sponsorship) return sponsorship;
      storeAccount(ltx, source);
      ltx.create(dataEntry(created));
      return succeeded(result('manageDataSuccess'));
    }

    if (!existing) return failed(result('manageDataNameNotFound'));
    removeEntryWithPossibleSponsorship(ltx, { type: 'data', mult: 1, ext: existing }, source);
    storeAccount(ltx, source);
    ltx.erase(dataKey(sourceId, name));
    return succeeded(result('manageDataSuccess'));
  },
};
