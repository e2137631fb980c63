/**
 * The `address` env module (`host.rs`): authorization (`require_auth`, `require_auth_for_args`,
 * `authorize_as_curr_contract`), strkeys of account and contract addresses, the parts of a muxed
 * address, and what an address runs (`get_address_executable`).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { contractInstanceKey, DECLARED_SIZE } from '../../storage/index.js';
import { smallSymbol } from '../../values/symbol.js';
import { Tag } from '../../values/tags.js';
import { isObject, smallNumber, type Val, VOID } from '../../values/val.js';
import type { Host } from '../host.js';
import { add, contractHost, visit } from './access.js';
import { BYTE_SIZE, chargeCopy, chargeNewVec, VAL_SIZE } from './charges.js';
import type { CallContext, HostModule } from './types.js';

/** A strkey's payload (a 32-byte key or hash, a version byte and a 2-byte checksum) and its base32 length. */
const STRKEY_PAYLOAD = 35;
const STRKEY_LENGTH = Math.ceil((STRKEY_PAYLOAD * 8) / 5);
const KEY_BYTES = 32;
/** Declared sizes (host/declared_size.rs): an ScAddress, a ContractId. */
const SC_ADDRESS_SIZE = 48;
const CONTRACT_ID_SIZE = 32;

const invalidStrkey = (detail: string) => new HostError('Value', 'InvalidInput', detail);

function strkeyOf(address: xdr.ScAddress): string {
  if (address.type === 'scAddressTypeAccount')
    return StrKey.encodeEd25519PublicKey(Buffer.from(address.accountId.ed25519.value));
  if (address.type === 'scAddressTypeContract')
    return StrKey.encodeContract(Buffer.from(address.contractId.value));
  throw new HostError('Object', 'InternalError', 'Unexpected ScAddress type');
}

/** An account (G...) or contract (C...) strkey as an address; any other strkey is invalid input. */
function addressOfStrkey(text: string): xdr.ScAddress {
  if (text.startsWith('G') && StrKey.isValidEd25519PublicKey(text))
    return xdr.ScAddress.scAddressTypeAccount(
      xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(text)),
    );
  if (text.startsWith('C') && StrKey.isValidContract(text))
    return xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(StrKey.decodeContract(text)));
  throw invalidStrkey("couldn't process the string as an account or contract strkey");
}

function muxedAccount(c: CallContext, muxed: Val): xdr.MuxedEd25519Account {
  const { value } = visit(c, muxed, 'MuxedAddress');
  if (value.type !== 'scAddressTypeMuxedAccount')
    throw new HostError(
      'Object',
      'InternalError',
      'MuxedAddressObject is used to represent a regular address',
    );
  return value.muxedAccount;
}

/** `AddressExecutable` as the host writes it: `["Wasm", hash]`, `["StellarAsset"]` or `["Account"]`. */
function executableOf(c: CallContext, host: Host, address: xdr.ScAddress): Val {
  // `scaddress_from_address` clones the address; each ledger key is a metered `Rc::new`
  // (`to_account_key`, `contract_instance_ledger_key`, which clones the contract id first).
  chargeCopy(c, 1, SC_ADDRESS_SIZE);
  if (address.type === 'scAddressTypeAccount') {
    host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
    const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: address.accountId }));
    if (!host.storage.has(key, host.budget)) return VOID;
    return add(c, { kind: 'Vec', value: [smallSymbol('Account') as Val] });
  }
  if (address.type !== 'scAddressTypeContract')
    throw new HostError('Object', 'InternalError', 'Unexpected Address variant in get_address_executable');
  chargeCopy(c, 1, CONTRACT_ID_SIZE);
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  const found = host.storage.tryGetFull(
    contractInstanceKey(Uint8Array.from(address.contractId.value)),
    host.budget,
  );
  if (!found) return VOID;
  const { data } = found.entry;
  if (data.type !== 'contractData' || data.contractData.val.type !== 'scvContractInstance')
    throw new HostError('Storage', 'InternalError', 'expected a contract instance entry');
  const { executable } = data.contractData.val.instance;
  if (executable.type !== 'contractExecutableWasm')
    return add(c, { kind: 'Vec', value: [add(c, { kind: 'Symbol', value: Buffer.from('StellarAsset') })] });
  const wasmHash = add(c, { kind: 'Bytes', value: Uint8Array.from(executable.wasmHash.value) });
  return add(c, { kind: 'Vec', value: [smallSymbol('Wasm') as Val, wasmHash] });
}

/** A Vec object's items, copied as the host copies them out (`HostVec::to_vec`). */
function vecItems(c: CallContext, vec: Val): readonly Val[] {
  const items = visit(c, vec, 'Vec').value;
  chargeNewVec(c, items.length, VAL_SIZE);
  return items;
}

export const address: HostModule = {
  require_auth_for_args(c, addressVal, args) {
    const host = contractHost(c);
    host.auth.requireAuth(host, addressVal, vecItems(c, args));
    return VOID;
  },
  require_auth(c, addressVal) {
    const host = contractHost(c);
    const frame = host.frames.current;
    if (!frame) throw new HostError('Context', 'InternalError', 'no contract running');
    if (frame.kind !== 'contract')
      throw new HostError('Context', 'InternalError', 'require_auth is not suppported for host fns');
    chargeNewVec(c, frame.args.length, VAL_SIZE);
    host.auth.requireAuth(host, addressVal, frame.args);
    return VOID;
  },
  authorize_as_curr_contract(c, entries) {
    const host = contractHost(c);
    host.auth.authorizeAsCurrentContract(host, vecItems(c, entries));
    return VOID;
  },
  address_to_strkey(c, addressVal) {
    const { value } = visit(c, addressVal, 'Address');
    // The host approximates the encoding's cost as the payload and its base32 text allocated.
    chargeNewVec(c, STRKEY_PAYLOAD + STRKEY_LENGTH, BYTE_SIZE);
    chargeCopy(c, KEY_BYTES, BYTE_SIZE);
    return add(c, { kind: 'String', value: Buffer.from(strkeyOf(value)) });
  },
  strkey_to_address(c, strkey) {
    if (!isObject(strkey)) throw new HostError('Value', 'UnexpectedType', 'strkey is not an object');
    c.host.meter.charge('VisitObject');
    const object = c.host.objects.get(strkey);
    if (object.kind !== 'Bytes' && object.kind !== 'String')
      throw new HostError('Value', 'UnexpectedType', 'strkey is not a string or bytes object');
    if (object.value.length !== STRKEY_LENGTH) throw invalidStrkey('unexpected strkey length');
    chargeNewVec(c, object.value.length, BYTE_SIZE);
    // The host approximates decoding as two copies of the payload.
    chargeNewVec(c, 2 * STRKEY_PAYLOAD, BYTE_SIZE);
    return add(c, { kind: 'Address', value: addressOfStrkey(Buffer.from(object.value).toString('latin1')) });
  },
  get_address_from_muxed_address(c, muxed) {
    const account = muxedAccount(c, muxed);
    chargeCopy(c, KEY_BYTES, BYTE_SIZE);
    return add(c, {
      kind: 'Address',
      value: xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(account.ed25519.value)),
    });
  },
  get_id_from_muxed_address(c, muxed) {
    const { id } = muxedAccount(c, muxed);
    return smallNumber(id, Tag.U64Small) ?? add(c, { kind: 'U64', value: id });
  },
  get_address_executable(c, addressVal) {
    const host = contractHost(c);
    return executableOf(c, host, visit(c, addressVal, 'Address').value);
  },
};
