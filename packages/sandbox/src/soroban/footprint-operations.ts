/**
 * extend_footprint_ttl and restore_footprint (stellar-core ExtendFootprintTTLOpFrame.cpp and
 * RestoreFootprintOpFrame.cpp, protocol 23): their footprint checks at submission
 * (doCheckValidForSoroban), then the host's `applyExtendTtl` / `applyRestore` over the
 * operation's ledger view, each new live-until ledger written as the entry's TTL entry and the
 * rent taken from the refundable fee.
 */

import type { FootprintApplyCode, FootprintApplyResult } from '@starspec/soroban';
import { xdr } from '@stellar/stellar-sdk/base';
import {
  failed,
  type OpApplyContext,
  type OperationHandler,
  type OpOutcome,
  succeeded,
} from '../core/operations/operation.js';
import type { SorobanOpContext } from './context.js';
import { extendTtl, ledgerInfo, ledgerSnapshot, liveRestores } from './ledger-state.js';
import { isPersistentKey, isSorobanKey } from './resources.js';

const SUFFIX: Record<FootprintApplyCode, string> = {
  success: 'Success',
  malformed: 'Malformed',
  resourceLimitExceeded: 'ResourceLimitExceeded',
  insufficientRefundableFee: 'InsufficientRefundableFee',
};

function extendResult(code: FootprintApplyCode): xdr.OperationResult {
  const name = `extendFootprintTtl${SUFFIX[code]}` as xdr.ExtendFootprintTtlResult['type'];
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.extendFootprintTtl(xdr.ExtendFootprintTtlResult[name]()),
  );
}

function restoreResult(code: FootprintApplyCode): xdr.OperationResult {
  const name = `restoreFootprint${SUFFIX[code]}` as xdr.RestoreFootprintResult['type'];
  return xdr.OperationResult.opInner(
    xdr.OperationResultTr.restoreFootprint(xdr.RestoreFootprintResult[name]()),
  );
}

function footprintInput(ctx: OpApplyContext): {
  soroban: SorobanOpContext;
  input: Parameters<SorobanOpContext['host']['applyRestore']>[0];
} {
  const soroban = ctx.soroban;
  const data = ctx.tx.sorobanData;
  if (!soroban || !data) throw new Error('a Soroban operation applied without its Soroban context');
  return {
    soroban,
    input: {
      ledger: ledgerInfo(ctx.ltx, soroban.networkId, soroban.settings),
      snapshot: ledgerSnapshot(ctx.ltx),
      settings: soroban.settings,
      resources: data.resources,
      maxRefundableFee: soroban.fee.maximum,
    },
  };
}

function finish(
  done: FootprintApplyResult,
  ctx: OpApplyContext,
  soroban: SorobanOpContext,
  toResult: (code: FootprintApplyCode) => xdr.OperationResult,
): OpOutcome {
  if (done.code !== 'success') return failed(toResult(done.code));
  for (const update of done.ttlUpdates) {
    if (!ctx.ltx.load(update.key)) ctx.ltx.put(update.entry);
    extendTtl(ctx.ltx, update.key, update.liveUntilLedger);
  }
  soroban.fee.spend(done.rentFee, done.rentFee);
  return succeeded(toResult('success'));
}

export const extendFootprintTtl: OperationHandler<xdr.ExtendFootprintTtlOp> = {
  checkValid(body, _sourceId, _header, settings) {
    if (body.extendTo > settings.stateArchival.maxEntryTtl - 1) return extendResult('malformed');
    return undefined;
  },
  apply(body, ctx) {
    const { soroban, input } = footprintInput(ctx);
    return finish(
      soroban.host.applyExtendTtl({ ...input, extendTo: body.extendTo }),
      ctx,
      soroban,
      extendResult,
    );
  },
};

export const restoreFootprint: OperationHandler<xdr.RestoreFootprintOp> = {
  checkValid() {
    return undefined;
  },
  apply(_body, ctx) {
    const { soroban, input } = footprintInput(ctx);
    const done = soroban.host.applyRestore(input);
    if (done.code === 'success')
      soroban.liveRestores = liveRestores(
        ctx.ltx,
        done.ttlUpdates.map(({ key, liveUntilLedger }) => ({ key, liveUntil: liveUntilLedger })),
      );
    return finish(done, ctx, soroban, restoreResult);
  },
};

/** The footprint checks doCheckValidForSoroban makes, which need the transaction's footprint. */
export function footprintMalformed(
  type: xdr.OperationBody['type'],
  footprint: xdr.LedgerFootprint,
): xdr.OperationResult | undefined {
  if (type === 'extendFootprintTtl') {
    if (footprint.readWrite.length > 0 || !footprint.readOnly.every(isSorobanKey))
      return extendResult('malformed');
  } else if (type === 'restoreFootprint') {
    if (footprint.readOnly.length > 0 || !footprint.readWrite.every(isPersistentKey))
      return restoreResult('malformed');
  }
  return undefined;
}
