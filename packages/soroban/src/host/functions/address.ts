/**
 * The `address` env module (`host.rs`): authorization (`require_auth`, `require_auth_for_args`,
 * `authorize_as_curr_contract`), strkeys of account, contract and muxed addresses, the parts of a muxed
 * address, and what an address runs (`get_address_executable`).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../../errors/host-error.js';
import { chargeInstanceClone, contractInstanceKey, DECLARED_SIZE } from '../../storage/index.js';
import { smallSymbol } from '../../values/symbol.js';
import { Tag } from '../../values/tags.js';
import { isObject, smallNumber, type Val, VOID } from '../../values/val.js';
import { wasmHashOf } from '../executable-ref.js';
import type { Host } from '../host.js';
import { traced } from '../native-slices.js';
import { add, contractHost, visit } from './access.js';
import { BYTE_SIZE, chargeCopy, chargeNewVec, VAL_SIZE } from './charges.js';
import { int } from './int.js';
import type { CallContext, HostFunction, HostModule } from './types.js';

/** A strkey's payload (a 32-byte key or hash, a version byte and a 2-byte checksum) and its base32 length. */
const STRKEY_PAYLOAD = 35;
const STRKEY_LENGTH = Math.ceil((STRKEY_PAYLOAD * 8) / 5);
/** A muxed account's (M...) payload: the key, an 8-byte id, version and checksum. */
const MUXED_STRKEY_PAYLOAD = 43;
const MUXED_STRKEY_LENGTH = Math.ceil((MUXED_STRKEY_PAYLOAD * 8) / 5);
const KEY_BYTES = 32;

const invalidStrkey = (detail: string) => new HostError('Value', 'InvalidInput', detail);

function strkeyOf(address: xdr.ScAddress): string {
  if (address.type === 'scAddressTypeAccount')
    return StrKey.encodeEd25519PublicKey(Buffer.from(address.accountId.ed25519.value));
  if (address.type === 'scAddressTypeContract')
    return StrKey.encodeContract(Buffer.from(address.contractId.value));
  throw new HostError('Object', 'InternalError', 'Unexpected ScAddress type');
}

/**
 * An account (G...) or contract (C...) strkey as an address, and with `allowMuxed` a muxed account
 * (M...); any other strkey is invalid input (conversion.rs, `strkey_to_scaddress`).
 */
function addressOfStrkey(text: string, allowMuxed: boolean): xdr.ScAddress {
  if (text.startsWith('G') && StrKey.isValidEd25519PublicKey(text))
    return xdr.ScAddress.scAddressTypeAccount(
      xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(text)),
    );
  if (text.startsWith('C') && StrKey.isValidContract(text))
    return xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(StrKey.decodeContract(text)));
  if (allowMuxed && text.startsWith('M') && StrKey.isValidMed25519PublicKey(text)) {
    const payload = Buffer.from(StrKey.decodeMed25519PublicKey(text));
    return xdr.ScAddress.scAddressTypeMuxedAccount(
      new xdr.MuxedEd25519Account({
        ed25519: payload.subarray(0, KEY_BYTES),
        id: payload.readBigUInt64BE(KEY_BYTES),
      }),
    );
  }
  throw invalidStrkey("couldn't process the string as an account or contract strkey");
}

/** `strkey_to_scaddress`: a String or Bytes object of a strkey's length, charged as the host charges. */
function strkeyToAddress(c: CallContext, strkey: Val, allowMuxed: boolean): xdr.ScAddress {
  if (!isObject(strkey)) throw new HostError('Value', 'UnexpectedType', 'strkey is not an object');
  c.host.meter.charge('VisitObject');
  const object = c.host.objects.get(strkey);
  if (object.kind !== 'Bytes' && object.kind !== 'String')
    throw new HostError('Value', 'UnexpectedType', 'strkey is not a string or bytes object');
  const { length } = object.value;
  const payload =
    length === STRKEY_LENGTH
      ? STRKEY_PAYLOAD
      : allowMuxed && length === MUXED_STRKEY_LENGTH
        ? MUXED_STRKEY_PAYLOAD
        : undefined;
  if (payload === undefined) throw invalidStrkey('unexpected strkey length');
  chargeNewVec(c, length, BYTE_SIZE);
  // The host approximates decoding as two copies of the payload.
  chargeNewVec(c, 2 * payload, BYTE_SIZE);
  return addressOfStrkey(Buffer.from(object.value).toString('latin1'), allowMuxed);
}

/** `*_sc_address_to_strkey`: the encoding's cost approximated as the payload and its base32 text allocated. */
function strkeyText(c: CallContext, address: xdr.ScAddress): string {
  if (address.type === 'scAddressTypeMuxedAccount') {
    chargeNewVec(c, MUXED_STRKEY_PAYLOAD + MUXED_STRKEY_LENGTH, BYTE_SIZE);
    chargeCopy(c, KEY_BYTES, BYTE_SIZE);
    const { ed25519, id } = address.muxedAccount;
    const payload = Buffer.alloc(KEY_BYTES + 8);
    payload.set(ed25519.value);
    payload.writeBigUInt64BE(BigInt(id), KEY_BYTES);
    return StrKey.encodeMed25519PublicKey(payload);
  }
  chargeNewVec(c, STRKEY_PAYLOAD + STRKEY_LENGTH, BYTE_SIZE);
  chargeCopy(c, KEY_BYTES, BYTE_SIZE);
  return strkeyOf(address);
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
  chargeCopy(c, 1, Number(DECLARED_SIZE.scAddress));
  if (address.type === 'scAddressTypeAccount') {
    host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
    const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: address.accountId }));
    if (!host.storage.has(key, host.budget)) return VOID;
    // `AddressExecutable::try_into_val`: the host's own `vec_new_from_slice` (and symbol and bytes).
    return traced.vec(c, [smallSymbol('Account') as Val]);
  }
  if (address.type !== 'scAddressTypeContract')
    throw new HostError('Object', 'InternalError', 'Unexpected Address variant in get_address_executable');
  chargeCopy(c, 1, Number(DECLARED_SIZE.contractId));
  host.budget.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
  const found = host.storage.tryGetFull(
    contractInstanceKey(Uint8Array.from(address.contractId.value)),
    host.budget,
  );
  if (!found) return VOID;
  const { data } = found.entry;
  if (data.type !== 'contractData' || data.contractData.val.type !== 'scvContractInstance')
    throw new HostError('Storage', 'InternalError', 'expected a contract instance entry');
  // `extract_contract_instance_from_ledger_entry`: the instance cloned (metered).
  chargeInstanceClone(data.contractData.val, host.budget);
  // An external reference answers the Wasm it resolves to now (common_types.rs, protocol 28).
  const resolved = wasmHashOf(host, data.contractData.val.instance.executable);
  if (!resolved) return traced.vec(c, [traced.symbol(c, 'StellarAsset')]);
  const wasmHash = traced.bytes(c, resolved);
  return traced.vec(c, [smallSymbol('Wasm') as Val, wasmHash]);
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
    return add(c, { kind: 'String', value: Buffer.from(strkeyText(c, value)) });
  },
  strkey_to_address: (c, strkey) => add(c, { kind: 'Address', value: strkeyToAddress(c, strkey, false) }),
  /** Protocol 26: a muxed account strkey makes a MuxedAddress object, any other an Address. */
  strkey_to_muxed_address(c, strkey) {
    const value = strkeyToAddress(c, strkey, true);
    return add(c, { kind: value.type === 'scAddressTypeMuxedAccount' ? 'MuxedAddress' : 'Address', value });
  },
  /** Protocol 26: either kind of address object as its strkey. */
  muxed_address_to_strkey(c, addressVal) {
    if (!isObject(addressVal)) throw new HostError('Value', 'UnexpectedType', 'address is not an object');
    c.host.meter.charge('VisitObject');
    const object = c.host.objects.get(addressVal);
    if (object.kind !== 'Address' && object.kind !== 'MuxedAddress')
      throw new HostError('Value', 'UnexpectedType', 'value is not an AddressObject or MuxedAddressObject');
    if (object.kind === 'MuxedAddress' && object.value.type !== 'scAddressTypeMuxedAccount')
      throw new HostError(
        'Object',
        'InternalError',
        'MuxedAddressObject is used to represent a regular address',
      );
    return add(c, { kind: 'String', value: Buffer.from(strkeyText(c, object.value)) });
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
    // `U64Val::try_from_val`: a large id becomes an object through the env (`obj_from_u64`, traced).
    return (
      smallNumber(id, Tag.U64Small) ??
      c.host.envCall('obj_from_u64', [id], () => (int.obj_from_u64 as HostFunction)(c, id), true)
    );
  },
  get_address_executable(c, addressVal) {
    const host = contractHost(c);
    return executableOf(c, host, visit(c, addressVal, 'Address').value);
  },
};
