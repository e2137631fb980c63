/**
 * change_trust, after stellar-core ChangeTrustOpFrame: creates, re-limits or deletes a trust
 * line to a credit asset or to a liquidity pool's shares (creating the pool with its first
 * share line and removing it with its last).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isAssetValid, isIssuer, isNative, issuerOf, toTrustLineAsset } from '../assets.js';
import {
  AUTH_CLAWBACK_ENABLED_FLAG,
  AUTH_REQUIRED_FLAG,
  loadAccount,
  storeAccount,
} from '../entries/account.js';
import {
  LIQUIDITY_POOL_FEE_V18,
  type LiquidityPoolState,
  liquidityPoolEntry,
  loadLiquidityPool,
  poolIdOf,
} from '../entries/liquidity-pool.js';
import {
  AUTHORIZED_FLAG,
  isAuthorizedToMaintainLiabilities,
  loadTrustLine,
  newTrustLine,
  storeTrustLine,
  TRUSTLINE_CLAWBACK_ENABLED_FLAG,
  trustLineEntry,
} from '../entries/trustline.js';
import { compareBytes, liquidityPoolKey, trustLineKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import { createEntryWithPossibleSponsorship, removeEntryWithPossibleSponsorship } from '../sponsorship.js';
import { failed, type OperationHandler, sponsorshipFailure, succeeded } from './operation.js';

type Code = xdr.ChangeTrustResult['type'];
const INT32_MAX = 0x7fffffff;

function result(code: Code): xdr.OperationResult {
  return xdr.OperationResult.opInner(xdr.OperationResultTr.changeTrust(xdr.ChangeTrustResult[code]()));
}

/** stellar-core changeTrustAssetToTrustLineAsset. */
function toLineAsset(line: xdr.ChangeTrustAsset): xdr.TrustLineAsset {
  switch (line.type) {
    case 'assetTypeCreditAlphanum4':
      return xdr.TrustLineAsset.assetTypeCreditAlphanum4(line.alphaNum4);
    case 'assetTypeCreditAlphanum12':
      return xdr.TrustLineAsset.assetTypeCreditAlphanum12(line.alphaNum12);
    case 'assetTypePoolShare':
      return xdr.TrustLineAsset.assetTypePoolShare(new xdr.PoolId(poolIdOf(line.liquidityPool)));
    default:
      throw new Error('native asset is not valid in ChangeTrustOp');
  }
}

/** stellar-core isPoolShareAssetValid: valid assets, A < B, and the protocol's fee. */
function isLineValid(line: xdr.ChangeTrustAsset): boolean {
  if (line.type !== 'assetTypePoolShare') return isAssetValid(line);
  const cp = line.liquidityPool.constantProduct;
  return (
    isAssetValid(cp.assetA) &&
    isAssetValid(cp.assetB) &&
    compareBytes(cp.assetA.toXdr(), cp.assetB.toXdr()) < 0 &&
    cp.fee === LIQUIDITY_POOL_FEE_V18
  );
}

/** stellar-core tryIncrementPoolUseCount / decrementLiquidityPoolUseCount on one pool asset's line. */
function changePoolUseCount(
  ltx: LedgerTxn,
  accountId: xdr.PublicKey,
  asset: xdr.Asset,
  delta: 1 | -1,
): Code | undefined {
  if (isNative(asset) || isIssuer(accountId, asset)) return undefined;
  const line = loadTrustLine(ltx, accountId, toTrustLineAsset(asset));
  if (!line) {
    if (delta < 0) throw new Error('asset trustline is missing');
    return 'changeTrustTrustLineMissing';
  }
  if (delta > 0 && !isAuthorizedToMaintainLiabilities(line)) return 'changeTrustNotAuthMaintainLiabilities';
  line.extVersion = 2;
  if (delta > 0 && line.liquidityPoolUseCount === INT32_MAX)
    throw new Error('liquidityPoolUseCount is INT32_MAX');
  line.liquidityPoolUseCount += delta;
  if (line.liquidityPoolUseCount < 0) throw new Error('liquidityPoolUseCount is negative');
  storeTrustLine(ltx, line);
  return undefined;
}

/** stellar-core tryManagePoolOnNewTrustLine. */
function managePoolOnNewLine(
  ltx: LedgerTxn,
  accountId: xdr.PublicKey,
  params: xdr.LiquidityPoolConstantProductParameters,
  poolId: Uint8Array,
): Code | undefined {
  const inner = ltx.child();
  const failure =
    changePoolUseCount(inner, accountId, params.assetA, 1) ??
    changePoolUseCount(inner, accountId, params.assetB, 1);
  if (failure) return failure;
  const pool: LiquidityPoolState = loadLiquidityPool(inner, poolId) ?? {
    poolId,
    params,
    reserveA: 0n,
    reserveB: 0n,
    totalPoolShares: 0n,
    poolSharesTrustLineCount: 0n,
  };
  pool.poolSharesTrustLineCount += 1n;
  inner.put(liquidityPoolEntry(pool));
  inner.commit();
  return undefined;
}

/**
 * stellar-core managePoolOnDeletedTrustLine (and the end of removeOffersAndPoolShareTrustLines):
 * the asset lines count one pool fewer, the pool one share line fewer, and goes with its last.
 */
export function managePoolOnDeletedLine(
  ltx: LedgerTxn,
  accountId: xdr.PublicKey,
  params: xdr.LiquidityPoolConstantProductParameters,
  poolId: Uint8Array,
): void {
  changePoolUseCount(ltx, accountId, params.assetA, -1);
  changePoolUseCount(ltx, accountId, params.assetB, -1);
  const pool = loadLiquidityPool(ltx, poolId);
  if (!pool) throw new Error('liquidity pool is missing');
  pool.poolSharesTrustLineCount -= 1n;
  if (pool.poolSharesTrustLineCount === 0n) ltx.erase(liquidityPoolKey(poolId));
  else ltx.put(liquidityPoolEntry(pool));
}

export const changeTrust: OperationHandler<xdr.ChangeTrustOp> = {
  checkValid(op, sourceId) {
    if (op.limit < 0n || !isLineValid(op.line) || op.line.type === 'assetTypeNative') {
      return result('changeTrustMalformed');
    }
    if (isIssuer(sourceId, op.line)) return result('changeTrustMalformed');
    return undefined;
  },

  apply(op, ctx) {
    const { ltx, sourceId } = ctx;
    if (isIssuer(sourceId, op.line)) return failed(result('changeTrustSelfNotAllowed'));
    const lineAsset = toLineAsset(op.line);
    const pool = op.line.type === 'assetTypePoolShare' ? op.line.liquidityPool : undefined;
    const poolShare = pool?.constantProduct;
    const existing = loadTrustLine(ltx, sourceId, lineAsset);

    if (existing) {
      if (op.limit < existing.balance + existing.buyingLiabilities)
        return failed(result('changeTrustInvalidLimit'));
      if (op.limit === 0n) {
        if (!poolShare && existing.extVersion === 2 && existing.liquidityPoolUseCount !== 0) {
          return failed(result('changeTrustCannotDelete'));
        }
        const source = loadAccount(ltx, sourceId);
        if (!source) throw new Error('the source account does not exist');
        removeEntryWithPossibleSponsorship(
          ltx,
          { type: 'trustline', mult: poolShare ? 2 : 1, ext: existing },
          source,
        );
        storeAccount(ltx, source);
        ltx.erase(trustLineKey(sourceId, lineAsset));
        if (pool && poolShare) managePoolOnDeletedLine(ltx, sourceId, poolShare, poolIdOf(pool));
        return succeeded(result('changeTrustSuccess'));
      }
      const issuer = issuerOf(op.line);
      if (issuer && !loadAccount(ltx, issuer)) return failed(result('changeTrustNoIssuer'));
      existing.limit = op.limit;
      storeTrustLine(ltx, existing);
      return succeeded(result('changeTrustSuccess'));
    }

    if (op.limit === 0n) return failed(result('changeTrustInvalidLimit'));
    let flags = 0;
    const issuerId = issuerOf(op.line);
    if (issuerId) {
      const issuer = loadAccount(ltx, issuerId);
      if (!issuer) return failed(result('changeTrustNoIssuer'));
      if ((issuer.flags & AUTH_REQUIRED_FLAG) === 0) flags = AUTHORIZED_FLAG;
      if ((issuer.flags & AUTH_CLAWBACK_ENABLED_FLAG) !== 0) flags |= TRUSTLINE_CLAWBACK_ENABLED_FLAG;
    }
    if (pool && poolShare) {
      const failure = managePoolOnNewLine(ltx, sourceId, poolShare, poolIdOf(pool));
      if (failure) return failed(result(failure));
    }

    const line = newTrustLine(sourceId, lineAsset, op.limit, flags);
    const source = loadAccount(ltx, sourceId);
    if (!source) throw new Error('the source account does not exist');
    const sponsorship = sponsorshipFailure(
      createEntryWithPossibleSponsorship(
        ltx,
        { type: 'trustline', mult: poolShare ? 2 : 1, ext: line },
        source,
      ),
      result('changeTrustLowReserve'),
    );
    if (sponsorship) return sponsorship;
    storeAccount(ltx, source);
    ltx.create(trustLineEntry(line));
    return succeeded(result('changeTrustSuccess'));
  },
};
