/**
 * CAP-67 unified events for classic operations, as stellar-core's EventManager emits them from
 * protocol 23: `transfer` / `mint` / `burn` / `clawback` / `set_authorized` contract events of
 * the asset's Stellar Asset Contract per operation, and `fee` transaction events.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { isIssuer, issuerOf, sep11 } from './assets.js';
import { accountIdFromBytes } from './keys.js';
import { sha256 } from './sha256.js';

/** stellar-core getAssetContractID: the id of the asset's Stellar Asset Contract. */
export function assetContractId(networkId: Uint8Array, asset: xdr.Asset): Uint8Array {
  const preimage = xdr.HashIdPreimage.envelopeTypeContractId(
    new xdr.HashIdPreimageContractId({
      networkId,
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAsset(asset),
    }),
  );
  return sha256(preimage.toXdr());
}

/** stellar-core makeI128SCVal for an int64. */
export function i128(value: bigint): xdr.ScVal {
  return xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: value < 0n ? -1n : 0n, lo: BigInt.asUintN(64, value) }));
}

/** stellar-core makeMuxedAccountAddress. */
export function muxedAddress(account: xdr.MuxedAccount): xdr.ScAddress {
  if (account.type === 'keyTypeEd25519') {
    return xdr.ScAddress.scAddressTypeAccount(accountIdFromBytes(account.ed25519.toBytes()));
  }
  return xdr.ScAddress.scAddressTypeMuxedAccount(
    new xdr.MuxedEd25519Account({ id: account.med25519.id, ed25519: account.med25519.ed25519.toBytes() }),
  );
}

export function accountAddressOf(id: xdr.PublicKey): xdr.ScAddress {
  return xdr.ScAddress.scAddressTypeAccount(id);
}

export function poolAddress(poolId: Uint8Array): xdr.ScAddress {
  return xdr.ScAddress.scAddressTypeLiquidityPool(new xdr.PoolId(poolId));
}

export function claimableBalanceAddress(id: xdr.ClaimableBalanceId): xdr.ScAddress {
  return xdr.ScAddress.scAddressTypeClaimableBalance(id);
}

/** stellar-core getAddressWithDroppedMuxedInfo. */
function dropMuxedInfo(address: xdr.ScAddress): xdr.ScAddress {
  if (address.type !== 'scAddressTypeMuxedAccount') return address;
  return xdr.ScAddress.scAddressTypeAccount(accountIdFromBytes(address.muxedAccount.ed25519.toBytes()));
}

function addressIsIssuer(address: xdr.ScAddress, asset: xdr.Asset): boolean {
  if (address.type === 'scAddressTypeAccount') return isIssuer(address.accountId, asset);
  if (address.type === 'scAddressTypeMuxedAccount') {
    return isIssuer(accountIdFromBytes(address.muxedAccount.ed25519.toBytes()), asset);
  }
  return false;
}

/** stellar-core makeClassicMemoSCVal. */
function memoValue(memo: xdr.Memo): xdr.ScVal {
  switch (memo.type) {
    case 'memoText':
      return xdr.ScVal.scvString(memo.text);
    case 'memoId':
      return xdr.ScVal.scvU64(memo.id);
    case 'memoHash':
      return xdr.ScVal.scvBytes(memo.hash.toBytes());
    case 'memoReturn':
      return xdr.ScVal.scvBytes(memo.retHash.toBytes());
    default:
      throw new Error('Memo type cannot be `None`');
  }
}

const symbol = (name: string) => xdr.ScVal.scvSymbol(name);
const address = (a: xdr.ScAddress) => xdr.ScVal.scvAddress(dropMuxedInfo(a));

export class OpEvents {
  readonly #networkId: Uint8Array;
  readonly #memo: xdr.Memo;
  readonly #events: xdr.ContractEvent[] = [];

  constructor(networkId: Uint8Array, memo: xdr.Memo) {
    this.#networkId = networkId;
    this.#memo = memo;
  }

  get events(): readonly xdr.ContractEvent[] {
    return this.#events;
  }

  /** A contract's events, as the host emitted them (Soroban operations). */
  addContractEvents(events: readonly xdr.ContractEvent[]): void {
    this.#events.push(...events);
  }

  #event(asset: xdr.Asset, topics: xdr.ScVal[], data: xdr.ScVal): xdr.ContractEvent {
    return new xdr.ContractEvent({
      ext: xdr.ExtensionPoint.v0(),
      contractId: new xdr.ContractId(assetContractId(this.#networkId, asset)),
      type: xdr.ContractEventType.contract,
      body: xdr.ContractEventBody.v0(
        new xdr.ContractEventV0({ topics: [...topics, xdr.ScVal.scvString(sep11(asset))], data }),
      ),
    });
  }

  /** stellar-core getPossibleMuxedData: the amount, or {amount, to_muxed_id} for a muxed or memo'd recipient. */
  #amountData(to: xdr.ScAddress, amount: bigint, allowMuxedIdOrMemo: boolean): xdr.ScVal {
    const value = i128(amount);
    const toMuxed = to.type === 'scAddressTypeMuxedAccount';
    const memoed = to.type === 'scAddressTypeAccount' && this.#memo.type !== 'memoNone';
    if (!allowMuxedIdOrMemo || (!toMuxed && !memoed)) return value;
    const id =
      to.type === 'scAddressTypeMuxedAccount' ? xdr.ScVal.scvU64(to.muxedAccount.id) : memoValue(this.#memo);
    return xdr.ScVal.scvMap([
      new xdr.ScMapEntry({ key: symbol('amount'), val: value }),
      new xdr.ScMapEntry({ key: symbol('to_muxed_id'), val: id }),
    ]);
  }

  transfer(
    asset: xdr.Asset,
    from: xdr.ScAddress,
    to: xdr.ScAddress,
    amount: bigint,
    allowMuxedIdOrMemo: boolean,
  ): void {
    const data = this.#amountData(to, amount, allowMuxedIdOrMemo);
    this.#events.push(this.#event(asset, [symbol('transfer'), address(from), address(to)], data));
  }

  mint(
    asset: xdr.Asset,
    to: xdr.ScAddress,
    amount: bigint,
    allowMuxedIdOrMemo: boolean,
    atStart = false,
  ): void {
    const event = this.#event(
      asset,
      [symbol('mint'), address(to)],
      this.#amountData(to, amount, allowMuxedIdOrMemo),
    );
    if (atStart) this.#events.unshift(event);
    else this.#events.push(event);
  }

  burn(asset: xdr.Asset, from: xdr.ScAddress, amount: bigint): void {
    this.#events.push(this.#event(asset, [symbol('burn'), address(from)], i128(amount)));
  }

  clawback(asset: xdr.Asset, from: xdr.ScAddress, amount: bigint): void {
    this.#events.push(this.#event(asset, [symbol('clawback'), address(from)], i128(amount)));
  }

  setAuthorized(asset: xdr.Asset, id: xdr.PublicKey, authorize: boolean): void {
    this.#events.push(
      this.#event(
        asset,
        [symbol('set_authorized'), xdr.ScVal.scvAddress(accountAddressOf(id))],
        xdr.ScVal.scvBool(authorize),
      ),
    );
  }

  /** stellar-core eventForTransferWithIssuerCheck: a move from or to the issuer is a mint or a burn. */
  transferWithIssuerCheck(
    asset: xdr.Asset,
    from: xdr.ScAddress,
    to: xdr.ScAddress,
    amount: bigint,
    allowMuxedIdOrMemo: boolean,
  ): void {
    const fromIssuer = issuerOf(asset) !== undefined && addressIsIssuer(from, asset);
    const toIssuer = issuerOf(asset) !== undefined && addressIsIssuer(to, asset);
    if (fromIssuer && !toIssuer) this.mint(asset, to, amount, allowMuxedIdOrMemo);
    else if (toIssuer && !fromIssuer) this.burn(asset, from, amount);
    else this.transfer(asset, from, to, amount, allowMuxedIdOrMemo);
  }
}

/** stellar-core TxEventManager::newFeeEvent (no event for a zero amount). */
export function feeEvent(
  networkId: Uint8Array,
  feeSource: xdr.PublicKey,
  amount: bigint,
  stage: xdr.TransactionEventStage,
): xdr.TransactionEvent | undefined {
  if (amount === 0n) return undefined;
  const event = new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: new xdr.ContractId(assetContractId(networkId, xdr.Asset.assetTypeNative())),
    type: xdr.ContractEventType.contract,
    body: xdr.ContractEventBody.v0(
      new xdr.ContractEventV0({
        topics: [symbol('fee'), xdr.ScVal.scvAddress(accountAddressOf(feeSource))],
        data: i128(amount),
      }),
    ),
  });
  return new xdr.TransactionEvent({ stage, event });
}
