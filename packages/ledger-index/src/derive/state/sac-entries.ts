/**
 * The Stellar Asset Contract's own entries among contract data, recognised as stellar/go's
 * `ingest/sac/contract_data.go` recognises them for Horizon's asset stats: the instance whose
 * storage holds `[Symbol("AssetInfo")] → [AlphaNum4|AlphaNum12, {asset_code, issuer}]` (only
 * when the contract id is that asset's SAC on this network, so a forged instance is ignored), and
 * balances `[Symbol("Balance"), Address(C…)] → {amount, authorized, clawback}` held by contracts.
 * Both persistent; the lumens' contract has no asset stats. Entries are named by the sha256 of
 * their LedgerKey, as their TTL entries name them.
 */
import { Asset, hash, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { writeLedgerKey } from '../../generated/xdr-writer.gen.js';
import { writeXdr } from '../../meta/xdr-writer.js';
import { hex } from './common.js';

type Data = xdr.ContractDataEntry | xdr.LedgerKeyContractData;

const symbol = (value: xdr.ScVal | undefined): string | undefined =>
  value?.type === 'scvSymbol' ? value.sym.toString() : undefined;

/** The contract's id (C…), or undefined when the entry's owner is no contract. */
function contractOf(data: Data): string | undefined {
  const owner = data.contract;
  return owner.type === 'scAddressTypeContract'
    ? StrKey.encodeContract(Buffer.from(owner.contractId.toBytes()))
    : undefined;
}

const nativeIds = new Map<string, string>();

/** A persistent entry of a contract other than the lumens' SAC: its contract id. */
function candidateContract(data: Data, passphrase: string): string | undefined {
  if (data.durability.name !== 'persistent') return undefined;
  const contract = contractOf(data);
  let native = nativeIds.get(passphrase);
  if (native === undefined) {
    native = Asset.native().contractId(passphrase);
    nativeIds.set(passphrase, native);
  }
  return contract === native ? undefined : contract;
}

/** sha256 of the entry's LedgerKey XDR, in hex (TtlEntry.keyHash). */
export function contractDataKeyHash(data: Data): string {
  const key = xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({ contract: data.contract, key: data.key, durability: data.durability }),
  );
  return hex(hash(writeXdr(writeLedgerKey, key)));
}

/** The asset of a `[AlphaNum4|AlphaNum12, {asset_code, issuer}]` asset info. */
function assetInfo(value: xdr.ScVal): Asset | undefined {
  if (value.type !== 'scvVec' || value.vec?.length !== 2) return undefined;
  const [kind, fields] = value.vec;
  const type = symbol(kind);
  if (type !== 'AlphaNum4' && type !== 'AlphaNum12') return undefined;
  if (fields?.type !== 'scvMap' || fields.map?.length !== 2) return undefined;
  const [code, issuer] = fields.map;
  if (symbol(code?.key) !== 'asset_code' || code?.val.type !== 'scvString') return undefined;
  if (symbol(issuer?.key) !== 'issuer' || issuer?.val.type !== 'scvBytes') return undefined;
  const issuerBytes = Buffer.from(issuer.val.bytes.toBytes());
  if (issuerBytes.length !== 32) return undefined;
  // The host keeps the code's 4 or 12 bytes, zeros after the code included (contract.rs).
  const codeBytes = Buffer.from(code.val.str.bytes);
  let end = codeBytes.length;
  while (end > 0 && codeBytes[end - 1] === 0) end--;
  try {
    return new Asset(codeBytes.subarray(0, end).toString(), StrKey.encodeEd25519PublicKey(issuerBytes));
  } catch {
    return undefined;
  }
}

/** The asset (`CODE:ISSUER`) whose SAC instance this entry is, or undefined (AssetFromContractData). */
export function sacInstanceAsset(entry: xdr.ContractDataEntry, passphrase: string): string | undefined {
  if (entry.key.type !== 'scvLedgerKeyContractInstance' || entry.val.type !== 'scvContractInstance')
    return undefined;
  const contract = candidateContract(entry, passphrase);
  const storage = entry.val.instance.storage;
  if (!contract || !storage) return undefined;
  const info = storage.find(
    ({ key }) => key.type === 'scvVec' && key.vec?.length === 1 && symbol(key.vec[0]) === 'AssetInfo',
  );
  const asset = info && assetInfo(info.val);
  if (!asset || asset.contractId(passphrase) !== contract) return undefined;
  return `${asset.getCode()}:${asset.getIssuer()}`;
}

/** Whether the key is a `Balance` key held by a contract (the value aside). */
export function isContractBalanceKey(data: Data, passphrase: string): boolean {
  const key = data.key;
  if (key.type !== 'scvVec' || key.vec?.length !== 2 || symbol(key.vec[0]) !== 'Balance') return false;
  const holder = key.vec[1];
  return (
    holder?.type === 'scvAddress' &&
    holder.address.type === 'scAddressTypeContract' &&
    candidateContract(data, passphrase) !== undefined
  );
}

/** Whether the key may name an entry this module recognises (a removal carries its key alone). */
export function isSacKey(data: xdr.LedgerKeyContractData, passphrase: string): boolean {
  if (data.key.type === 'scvLedgerKeyContractInstance')
    return candidateContract(data, passphrase) !== undefined;
  return isContractBalanceKey(data, passphrase);
}

/**
 * The amount of a contract's balance entry in a SAC-shaped contract, or undefined
 * (ContractBalanceFromContractData: exactly `amount` i128 ≥ 0, `authorized` and `clawback` bools).
 */
export function contractBalanceAmount(entry: xdr.ContractDataEntry, passphrase: string): bigint | undefined {
  if (!isContractBalanceKey(entry, passphrase)) return undefined;
  if (entry.val.type !== 'scvMap' || entry.val.map?.length !== 3) return undefined;
  const [amount, authorized, clawback] = entry.val.map;
  if (symbol(amount?.key) !== 'amount' || amount?.val.type !== 'scvI128') return undefined;
  if (symbol(authorized?.key) !== 'authorized' || authorized?.val.type !== 'scvBool') return undefined;
  if (symbol(clawback?.key) !== 'clawback' || clawback?.val.type !== 'scvBool') return undefined;
  const { hi, lo } = amount.val.i128;
  if (hi < 0n) return undefined;
  return (BigInt(hi) << 64n) + BigInt(lo);
}

/** The contract (C…) that holds the entry; the SAC's id for its instance and balances. */
export const sacContractId = (entry: xdr.ContractDataEntry): string | undefined => contractOf(entry);
