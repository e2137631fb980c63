/**
 * Stellar Asset Contract entries built by hand, as the SAC writes them (soroban-env-host
 * `native_contract/token`): its instance with the asset info in its storage, contract-held
 * balances, their TTL entries, and the ledger entry changes that carry them.
 */
import { Address, type Asset, hash, Keypair, StrKey, xdr } from '@stellar/stellar-sdk';

const sym = (name: string) => xdr.ScVal.scvSymbol(name);
const entryOf = (key: xdr.ScVal, val: xdr.ScVal) => new xdr.ScMapEntry({ key, val });

export interface ContractDataOptions {
  durability?: 'persistent' | 'temporary';
}

function contractData(
  contract: string,
  key: xdr.ScVal,
  val: xdr.ScVal,
  { durability = 'persistent' }: ContractDataOptions = {},
): xdr.ContractDataEntry {
  return new xdr.ContractDataEntry({
    ext: xdr.ExtensionPoint.v0(),
    contract: new Address(contract).toScAddress(),
    key,
    durability: xdr.ContractDataDurability[durability],
    val,
  });
}

/**
 * The `[AlphaNum4|AlphaNum12, {asset_code, issuer}]` value the SAC keeps under `[AssetInfo]`: the
 * code's 4 or 12 bytes, zero-padded as the host keeps them, unless `padded` is false; `kind`
 * replaces the first symbol.
 */
export function assetInfo(asset: Asset, { padded = true, kind = '' } = {}): xdr.ScVal {
  const short = asset.getCode().length <= 4;
  const code = Buffer.alloc(padded ? (short ? 4 : 12) : asset.getCode().length);
  code.write(asset.getCode());
  const issuer = StrKey.decodeEd25519PublicKey(asset.getIssuer() ?? '');
  return xdr.ScVal.scvVec([
    sym(kind || (short ? 'AlphaNum4' : 'AlphaNum12')),
    xdr.ScVal.scvMap([
      entryOf(sym('asset_code'), xdr.ScVal.scvString(code)),
      entryOf(sym('issuer'), xdr.ScVal.scvBytes(issuer)),
    ]),
  ]);
}

/** The SAC instance of `contract` (the asset's own SAC unless told) holding `info` as its asset info. */
export function sacInstance(
  info: xdr.ScVal,
  contract: string,
  options: ContractDataOptions = {},
): xdr.ContractDataEntry {
  const instance = new xdr.ScContractInstance({
    executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
    storage: [
      entryOf(sym('METADATA'), xdr.ScVal.scvMap([entryOf(sym('decimal'), xdr.ScVal.scvU32(7))])),
      entryOf(xdr.ScVal.scvVec([sym('Admin')]), new Address(Keypair.random().publicKey()).toScVal()),
      entryOf(xdr.ScVal.scvVec([sym('AssetInfo')]), info),
    ],
  });
  return contractData(
    contract,
    xdr.ScVal.scvLedgerKeyContractInstance(),
    xdr.ScVal.scvContractInstance(instance),
    options,
  );
}

export const i128 = (n: bigint) =>
  xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: n >> 64n, lo: n & ((1n << 64n) - 1n) }));

/** The `{amount, authorized, clawback}` value of a SAC balance, with its fields as given. */
export const balanceValue = (amount: xdr.ScVal, fields = ['amount', 'authorized', 'clawback']) =>
  xdr.ScVal.scvMap([
    entryOf(sym(fields[0] ?? ''), amount),
    entryOf(sym(fields[1] ?? ''), xdr.ScVal.scvBool(true)),
    entryOf(sym(fields[2] ?? ''), xdr.ScVal.scvBool(false)),
  ]);

/** `holder`'s `Balance` entry in the contract `sac`. */
export function sacBalance(
  sac: string,
  holder: string,
  value: xdr.ScVal,
  options: ContractDataOptions = {},
): xdr.ContractDataEntry {
  return contractData(sac, xdr.ScVal.scvVec([sym('Balance'), new Address(holder).toScVal()]), value, options);
}

/** The entry's key, without the LedgerKey around it. */
export function keyDataOf(data: xdr.ContractDataEntry): xdr.LedgerKeyContractData {
  const { contract, key, durability } = data;
  return new xdr.LedgerKeyContractData({ contract, key, durability });
}

export const keyOf = (data: xdr.ContractDataEntry) => xdr.LedgerKey.contractData(keyDataOf(data));

/** The hash a TTL entry names its entry by. */
export const keyHashOf = (data: xdr.ContractDataEntry) => Buffer.from(hash(keyOf(data).toXdr()));

export function ledgerEntry(data: xdr.ContractDataEntry | xdr.TtlEntry, sequence = 2): xdr.LedgerEntry {
  const body =
    data instanceof xdr.TtlEntry ? xdr.LedgerEntryData.ttl(data) : xdr.LedgerEntryData.contractData(data);
  return new xdr.LedgerEntry({ lastModifiedLedgerSeq: sequence, data: body, ext: xdr.LedgerEntryExt.v0() });
}

export const ttl = (data: xdr.ContractDataEntry, liveUntilLedgerSeq: number) =>
  new xdr.TtlEntry({ keyHash: keyHashOf(data), liveUntilLedgerSeq });

/** Created: the entry and its TTL. */
export const created = (data: xdr.ContractDataEntry, liveUntil: number) => [
  xdr.LedgerEntryChange.ledgerEntryCreated(ledgerEntry(data)),
  xdr.LedgerEntryChange.ledgerEntryCreated(ledgerEntry(ttl(data, liveUntil))),
];

/** Restored from the archive: the entry and its TTL. */
export const restored = (data: xdr.ContractDataEntry, liveUntil: number) => [
  xdr.LedgerEntryChange.ledgerEntryRestored(ledgerEntry(data)),
  xdr.LedgerEntryChange.ledgerEntryRestored(ledgerEntry(ttl(data, liveUntil))),
];

/** Updated from `before` to `after` (an entry or a TTL). */
export const updated = <T extends xdr.ContractDataEntry | xdr.TtlEntry>(before: T, after: T) => [
  xdr.LedgerEntryChange.ledgerEntryState(ledgerEntry(before)),
  xdr.LedgerEntryChange.ledgerEntryUpdated(ledgerEntry(after)),
];

export const removed = (data: xdr.ContractDataEntry) => [
  xdr.LedgerEntryChange.ledgerEntryState(ledgerEntry(data)),
  xdr.LedgerEntryChange.ledgerEntryRemoved(keyOf(data)),
];
