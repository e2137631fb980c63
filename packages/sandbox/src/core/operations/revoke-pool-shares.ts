/**
 * What revoking a trust line's authorization does to the trustor's pool shares in that asset,
 * after stellar-core removeOffersAndPoolShareTrustLines (CAP-38): each such pool-share line is
 * removed and its shares redeemed into claimable balances the trustor can claim
 * unconditionally, their reserve paid by whoever paid the line's.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, isNative, sameAsset, toTrustLineAsset } from '../assets.js';
import { poolWithdrawalAmount } from '../dex/pool-shares.js';
import { loadAccount, storeAccount } from '../entries/account.js';
import {
  balanceIdOf,
  claimableBalanceEntry,
  claimableBalanceReserve,
  newClaimableBalance,
  setClawbackEnabled,
} from '../entries/claimable-balance.js';
import { loadLiquidityPool, storeLiquidityPool } from '../entries/liquidity-pool.js';
import {
  isClawbackEnabledOnTrustLine,
  loadTrustLine,
  readTrustLine,
  type TrustLineState,
} from '../entries/trustline.js';
import { claimableBalanceAddress, type OpEvents, poolAddress } from '../events.js';
import { compareBytes, entryKey, sameAccount, trustLineKey } from '../keys.js';
import type { LedgerTxn } from '../ledger-txn.js';
import {
  createEntryWithPossibleSponsorship,
  establishEntrySponsorship,
  removeEntryWithPossibleSponsorship,
  sponsorOf,
} from '../sponsorship.js';
import { managePoolOnDeletedLine } from './change-trust.js';

export type RemoveResult = 'success' | 'lowReserve' | 'tooManySponsoring';

const UINT32_MAX = 0xffffffff;

/** The operation that revokes: its transaction's source and sequence number, and its index. */
export interface RevokingOperation {
  txSourceId: xdr.PublicKey;
  seqNum: bigint;
  opIndex: number;
}

/** stellar-core getRevokeID: SHA-256 of the revoking operation, the pool and the asset. */
export function revokeBalanceId(
  op: RevokingOperation,
  poolId: Uint8Array,
  asset: xdr.Asset,
): xdr.ClaimableBalanceId {
  return balanceIdOf(
    xdr.HashIdPreimage.envelopeTypePoolRevokeOpId(
      new xdr.HashIdPreimageRevokeId({
        sourceAccount: op.txSourceId,
        seqNum: op.seqNum,
        opNum: op.opIndex,
        liquidityPoolId: new xdr.PoolId(poolId),
        asset,
      }),
    ),
  );
}

/**
 * stellar-core loadPoolShareTrustLinesByAccountAndAsset, ordered by key as
 * prefetchPoolShareTrustLinesByAccountAndGetKeys sorts them.
 */
function poolShareLinesWith(ltx: LedgerTxn, accountId: xdr.PublicKey, asset: xdr.Asset): TrustLineState[] {
  return ltx
    .liveEntries('trustline')
    .filter((entry) => {
      if (entry.data.type !== 'trustline') return false;
      const line = entry.data.trustLine;
      if (line.asset.type !== 'assetTypePoolShare' || !sameAccount(line.accountId, accountId)) return false;
      const pool = loadLiquidityPool(ltx, line.asset.liquidityPoolId.toBytes());
      return (
        pool !== undefined && (sameAsset(pool.params.assetA, asset) || sameAsset(pool.params.assetB, asset))
      );
    })
    .sort((a, b) => compareBytes(entryKey(a).toXdr(), entryKey(b).toXdr()))
    .map(readTrustLine);
}

interface Redemption {
  ltx: LedgerTxn;
  op: RevokingOperation;
  trustor: xdr.PublicKey;
  poolId: Uint8Array;
  /** The account that paid the pool-share line's reserve (stellar-core getTrustLineBacker). */
  backer: xdr.PublicKey;
  events: OpEvents;
}

/** The redeemIntoClaimableBalance step of stellar-core removeOffersAndPoolShareTrustLines. */
function redeemIntoClaimableBalance(r: Redemption, asset: xdr.Asset, amount: bigint): RemoveResult {
  const { ltx } = r;
  if (amount === 0n) return 'success';
  if (isIssuer(r.trustor, asset)) {
    r.events.burn(asset, poolAddress(r.poolId), amount);
    return 'success';
  }
  const unconditional = xdr.Claimant.claimantTypeV0(
    new xdr.ClaimantV0({
      destination: r.trustor,
      predicate: xdr.ClaimPredicate.claimPredicateUnconditional(),
    }),
  );
  const balance = newClaimableBalance(revokeBalanceId(r.op, r.poolId, asset), [unconditional], asset, amount);
  r.events.transfer(asset, poolAddress(r.poolId), claimableBalanceAddress(balance.balanceId), amount, false);
  if (!isNative(asset)) {
    const assetLine = loadTrustLine(ltx, r.trustor, toTrustLineAsset(asset));
    if (!assetLine) throw new Error('the asset trust line of a pool-share line is missing');
    if (isClawbackEnabledOnTrustLine(assetLine)) setClawbackEnabled(balance);
  }
  const backer = loadAccount(ltx, r.backer);
  if (!backer) throw new Error('the account backing the pool-share line does not exist');
  const reserve = claimableBalanceReserve(balance);
  if (sponsorOf(ltx, r.backer)) {
    // The backer's future reserves are sponsored: its sponsor pays, if it can.
    const res = createEntryWithPossibleSponsorship(ltx, reserve, backer);
    if (res === 'lowReserve' || res === 'tooManySponsoring') return res;
    if (res !== 'success') throw new Error('Unexpected result from canEstablishEntrySponsorship');
  } else {
    // The balance takes over the reserve the line held, even below the minimum balance.
    if (backer.numSponsoring > UINT32_MAX - reserve.mult)
      throw new Error('no numSponsoring available for revoke');
    establishEntrySponsorship(reserve, backer, undefined);
  }
  storeAccount(ltx, backer);
  ltx.create(claimableBalanceEntry(balance));
  return 'success';
}

/**
 * The pool-share part of stellar-core removeOffersAndPoolShareTrustLines (the offers are
 * removed first by the caller): all or nothing.
 */
export function redeemPoolShares(
  ltx: LedgerTxn,
  trustor: xdr.PublicKey,
  asset: xdr.Asset,
  op: RevokingOperation,
  events: OpEvents,
): RemoveResult {
  const inner = ltx.child();
  for (const line of poolShareLinesWith(inner, trustor, asset)) {
    if (line.asset.type !== 'assetTypePoolShare') throw new Error('not a pool-share line');
    const poolId = line.asset.liquidityPoolId.toBytes();
    const redemption: Redemption = {
      ltx: inner,
      op,
      trustor,
      poolId,
      backer: line.sponsor ?? trustor,
      events,
    };

    const account = loadAccount(inner, trustor);
    if (!account) throw new Error('the trustor does not exist');
    removeEntryWithPossibleSponsorship(inner, { type: 'trustline', mult: 2, ext: line }, account);
    storeAccount(inner, account);
    inner.erase(trustLineKey(trustor, line.asset));

    const pool = loadLiquidityPool(inner, poolId);
    if (!pool) throw new Error('the pool of a pool-share line is missing');
    if (line.balance !== 0n) {
      const amountA = poolWithdrawalAmount(line.balance, pool.totalPoolShares, pool.reserveA);
      const redeemedA = redeemIntoClaimableBalance(redemption, pool.params.assetA, amountA);
      if (redeemedA !== 'success') return redeemedA;
      const amountB = poolWithdrawalAmount(line.balance, pool.totalPoolShares, pool.reserveB);
      const redeemedB = redeemIntoClaimableBalance(redemption, pool.params.assetB, amountB);
      if (redeemedB !== 'success') return redeemedB;
      pool.totalPoolShares -= line.balance;
      pool.reserveA -= amountA;
      pool.reserveB -= amountB;
      storeLiquidityPool(inner, pool);
    }
    managePoolOnDeletedLine(inner, trustor, pool.params, poolId);
  }
  inner.commit();
  return 'success';
}
