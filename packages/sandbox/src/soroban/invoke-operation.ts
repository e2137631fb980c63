/**
 * invoke_host_function (stellar-core InvokeHostFunctionOpFrame, protocol 23): checked at
 * submission against the network's contract size (doCheckValidForSoroban), applied by the host's
 * `applyHostFunction` over the operation's ledger view, its writes put back, its events in the
 * operation's meta and its success hash over the return value and events.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid } from '../core/assets.js';
import { failed, type OperationHandler, succeeded } from '../core/operations/operation.js';
import { invokeSuccessHash } from './context.js';
import { ledgerInfo, ledgerSnapshot, liveRestores, writeBack } from './ledger-state.js';
import { archivedIndices } from './resources.js';

type Code = Exclude<xdr.InvokeHostFunctionResult['type'], 'invokeHostFunctionSuccess'>;

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.invokeHostFunction(xdr.InvokeHostFunctionResult[code]()),
  );
}

export const invokeHostFunction: OperationHandler<xdr.InvokeHostFunctionOp> = {
  checkValid(body, _sourceId, _header, settings) {
    const fn = body.hostFunction;
    if (fn.type === 'hostFunctionTypeUploadContractWasm' && fn.wasm.length > settings.contractMaxSizeBytes)
      return result('invokeHostFunctionMalformed');
    if (
      fn.type === 'hostFunctionTypeCreateContract' &&
      fn.createContract.contractIdPreimage.type === 'contractIdPreimageFromAsset' &&
      !isAssetValid(fn.createContract.contractIdPreimage.fromAsset)
    )
      return result('invokeHostFunctionMalformed');
    return undefined;
  },

  apply(body, ctx) {
    const soroban = ctx.soroban;
    const data = ctx.tx.sorobanData;
    if (!soroban || !data) throw new Error('a Soroban operation applied without its Soroban context');
    const applied = soroban.host.applyHostFunction({
      ledger: ledgerInfo(ctx.ltx, soroban.networkId, soroban.settings),
      snapshot: ledgerSnapshot(ctx.ltx),
      settings: soroban.settings,
      modules: soroban.modules,
      hostFunction: body.hostFunction,
      resources: data.resources,
      archivedSorobanEntries: archivedIndices(data),
      auth: body.auth,
      sourceAccount: ctx.sourceId,
      maxRefundableFee: soroban.fee.maximum,
      diagnostics: soroban.diagnostics,
      prngSeed: soroban.prngSeed,
    });
    soroban.diagnosticEvents.push(...applied.diagnosticEvents);
    if (applied.code !== 'invokeHostFunctionSuccess') return failed(result(applied.code));
    // Restored entries come back for the minimum persistent TTL (then may be extended further).
    const restoredUntil = ctx.ltx.header.ledgerSeq + soroban.settings.stateArchival.minPersistentTtl - 1;
    const restoredKeys = applied.restoredRwEntryIndices.flatMap((index) => {
      const key = data.resources.footprint.readWrite[index];
      return key ? [{ key, liveUntil: restoredUntil }] : [];
    });
    soroban.liveRestores = liveRestores(ctx.ltx, restoredKeys);
    writeBack(ctx.ltx, applied.writes, new Set(restoredKeys.map(({ key }) => key.toXdr('base64'))));
    ctx.events.addContractEvents(applied.contractEvents);
    soroban.returnValue = applied.returnValue;
    soroban.fee.spend(applied.rentFee, applied.refundableFeeConsumed);
    const success = invokeSuccessHash(applied.returnValue, applied.contractEvents);
    return succeeded(
      xdr.OperationResult.opInner(
        xdr.OperationResultTr.invokeHostFunction(
          xdr.InvokeHostFunctionResult.invokeHostFunctionSuccess(success),
        ),
      ),
    );
  },
};
