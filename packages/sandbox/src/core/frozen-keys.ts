/**
 * CAP-77 frozen ledger keys (protocol 26): the keys the network's CONFIG_SETTING_FROZEN_LEDGER_KEYS
 * lists, and which of them a transaction touches as stellar-core decides it before applying
 * (TransactionFrame::accessesFrozenKey, OperationFrame::accessesFrozenKey and each operation's
 * doesAccessFrozenKey) or while applying (offerAccessesFrozenKey, the claim and pool operations).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { NetworkSettings } from '../soroban/settings.js';
import { isNative, toTrustLineAsset } from './assets.js';
import { accountKey, muxedToAccountId, toHex, trustLineKey } from './keys.js';
import { assetOf } from './operations/allow-trust.js';
import { startsFrom } from './protocol.js';
import type { TransactionFrame } from './tx/frame.js';

/** The frozen keys and the transactions that may touch them anyway (by contents hash). */
export class FrozenKeys {
  private constructor(
    private readonly keys: ReadonlySet<string>,
    private readonly bypass: ReadonlySet<string>,
  ) {}

  /**
   * The network's frozen keys, or undefined when none is frozen (SorobanNetworkConfig::hasFrozenKeys;
   * before protocol 26 the setting does not exist, so nothing is).
   */
  static of(settings: NetworkSettings, ledgerVersion: number): FrozenKeys | undefined {
    const keys = settings.frozenLedgerKeys;
    if (!startsFrom(ledgerVersion, 26) || !keys || keys.size === 0) return undefined;
    return new FrozenKeys(keys, settings.freezeBypassTxs ?? new Set());
  }

  /** SorobanNetworkConfig::isKeyFrozen. */
  has(key: xdr.LedgerKey): boolean {
    return this.keys.has(key.toXdr('hex'));
  }

  /** SorobanNetworkConfig::isFreezeBypassTx. */
  bypasses(contentsHash: Uint8Array): boolean {
    return this.bypass.has(toHex(contentsHash));
  }

  account(id: xdr.PublicKey): boolean {
    return this.has(accountKey(id));
  }

  /** The trust line of `asset` held by `id`; lumens have none. */
  trustLine(id: xdr.PublicKey, asset: xdr.Asset): boolean {
    return !isNative(asset) && this.has(trustLineKey(id, toTrustLineAsset(asset)));
  }

  /** Either of `id`'s lines of a pool's two assets (the pool operations' accessesFrozenKeyAtApplyTime). */
  poolLines(id: xdr.PublicKey, assetA: xdr.Asset, assetB: xdr.Asset): boolean {
    return this.trustLine(id, assetA) || this.trustLine(id, assetB);
  }

  /** Where `id` holds `asset`: its account for lumens, else its trust line (ClaimClaimableBalanceOpFrame). */
  holding(id: xdr.PublicKey, asset: xdr.Asset): boolean {
    return isNative(asset) ? this.account(id) : this.trustLine(id, asset);
  }

  /** TransactionUtils offerAccessesFrozenKey: the seller's account (for a lumen side) or a trust line. */
  offer(offer: { sellerId: xdr.PublicKey; selling: xdr.Asset; buying: xdr.Asset }): boolean {
    const { sellerId, selling, buying } = offer;
    if ((isNative(selling) || isNative(buying)) && this.account(sellerId)) return true;
    return this.trustLine(sellerId, selling) || this.trustLine(sellerId, buying);
  }
}

/** Each operation's doesAccessFrozenKey: the keys it is known to touch before it runs. */
function operationTouchesFrozenKey(op: xdr.Operation, sourceId: xdr.PublicKey, frozen: FrozenKeys): boolean {
  const body = op.body;
  switch (body.type) {
    case 'createAccount':
      return frozen.account(body.createAccountOp.destination);
    case 'payment': {
      const { asset, destination } = body.paymentOp;
      const destId = muxedToAccountId(destination);
      if (isNative(asset)) return frozen.account(destId);
      return frozen.trustLine(sourceId, asset) || frozen.trustLine(destId, asset);
    }
    case 'pathPaymentStrictReceive':
    case 'pathPaymentStrictSend': {
      const op =
        body.type === 'pathPaymentStrictReceive'
          ? body.pathPaymentStrictReceiveOp
          : body.pathPaymentStrictSendOp;
      const destId = muxedToAccountId(op.destination);
      if (frozen.trustLine(sourceId, op.sendAsset)) return true;
      return frozen.holding(destId, op.destAsset);
    }
    case 'manageSellOffer':
    case 'manageBuyOffer':
    case 'createPassiveSellOffer': {
      const op =
        body.type === 'manageSellOffer'
          ? body.manageSellOfferOp
          : body.type === 'manageBuyOffer'
            ? body.manageBuyOfferOp
            : body.createPassiveSellOfferOp;
      return frozen.trustLine(sourceId, op.selling) || frozen.trustLine(sourceId, op.buying);
    }
    case 'changeTrust': {
      const line = body.changeTrustOp.line;
      if (line.type === 'assetTypeCreditAlphanum4')
        return frozen.trustLine(sourceId, xdr.Asset.assetTypeCreditAlphanum4(line.alphaNum4));
      if (line.type === 'assetTypeCreditAlphanum12')
        return frozen.trustLine(sourceId, xdr.Asset.assetTypeCreditAlphanum12(line.alphaNum12));
      return false;
    }
    case 'allowTrust': {
      const op = body.allowTrustOp;
      return frozen.trustLine(op.trustor, assetOf(sourceId, op.asset));
    }
    case 'setTrustLineFlags':
      return frozen.trustLine(body.setTrustLineFlagsOp.trustor, body.setTrustLineFlagsOp.asset);
    case 'clawback':
      return frozen.trustLine(muxedToAccountId(body.clawbackOp.from), body.clawbackOp.asset);
    case 'accountMerge':
      return frozen.account(muxedToAccountId(body.destination));
    case 'createClaimableBalance':
      return frozen.trustLine(sourceId, body.createClaimableBalanceOp.asset);
    case 'revokeSponsorship': {
      const op = body.revokeSponsorshipOp;
      if (op.type === 'revokeSponsorshipLedgerEntry') return frozen.has(op.ledgerKey);
      return frozen.account(op.signer.accountId);
    }
    default:
      // The claim and pool operations check at apply time; Soroban ones through the footprint.
      return false;
  }
}

/** TransactionFrame::accessesFrozenKey: the source, a Soroban footprint, each operation and its source. */
export function transactionTouchesFrozenKey(tx: TransactionFrame, frozen: FrozenKeys): boolean {
  if (frozen.account(tx.sourceId)) return true;
  const footprint = tx.sorobanData?.resources.footprint;
  if (footprint && [...footprint.readOnly, ...footprint.readWrite].some((key) => frozen.has(key)))
    return true;
  return tx.operations.some((op, i) => {
    if (op.sourceAccount && frozen.account(muxedToAccountId(op.sourceAccount))) return true;
    return operationTouchesFrozenKey(op, tx.opSourceId(i), frozen);
  });
}
