/**
 * The offers and pools an operation crossed (`ClaimAtom`s of manage offer and path payment
 * results), read the same way whatever their XDR arm (stellar/go `xdr.ClaimAtom` accessors).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { accountId } from '../format.js';

export interface Claim {
  kind: 'orderbook' | 'liquidity_pool';
  /** The offer's seller (orderbook claims). */
  seller?: string;
  sellerKey?: xdr.PublicKey;
  offerId?: bigint;
  /** The pool's hex id (liquidity pool claims). */
  poolId?: string;
  assetSold: xdr.Asset;
  amountSold: bigint;
  assetBought: xdr.Asset;
  amountBought: bigint;
}

export function readClaim(atom: xdr.ClaimAtom): Claim {
  const amounts = (a: {
    assetSold: xdr.Asset;
    amountSold: bigint;
    assetBought: xdr.Asset;
    amountBought: bigint;
  }) => ({
    assetSold: a.assetSold,
    amountSold: a.amountSold,
    assetBought: a.assetBought,
    amountBought: a.amountBought,
  });
  switch (atom.type) {
    case 'claimAtomTypeLiquidityPool':
      return {
        kind: 'liquidity_pool',
        poolId: atom.liquidityPool.liquidityPoolId.toString(),
        ...amounts(atom.liquidityPool),
      };
    case 'claimAtomTypeOrderBook':
      return {
        kind: 'orderbook',
        seller: accountId(atom.orderBook.sellerId),
        sellerKey: atom.orderBook.sellerId,
        offerId: atom.orderBook.offerId,
        ...amounts(atom.orderBook),
      };
    default: {
      const raw = Buffer.from(atom.v0.sellerEd25519.value);
      return {
        kind: 'orderbook',
        seller: StrKey.encodeEd25519PublicKey(raw),
        sellerKey: xdr.PublicKey.publicKeyTypeEd25519(raw),
        offerId: atom.v0.offerId,
        ...amounts(atom.v0),
      };
    }
  }
}

/**
 * What a strict-receive path payment spent: the source asset bought by the first hop's claims
 * (stellar/go `PathPaymentStrictReceiveResult.SendAmount`), or the last payment when nothing was
 * crossed.
 */
export function strictReceiveSendAmount(success: xdr.PathPaymentStrictReceiveResultSuccess): bigint {
  const claims = success.offers.map(readClaim);
  const first = claims[0];
  if (!first) return success.last.amount;
  let sent = 0n;
  for (const claim of claims) {
    if (!claim.assetBought.equals(first.assetBought)) break;
    sent += claim.amountBought;
  }
  return sent;
}
