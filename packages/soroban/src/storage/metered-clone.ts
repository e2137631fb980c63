/**
 * The charges of cloning ledger keys and entries in the host (host/metered_clone.rs): a shallow copy
 * of the declared size, then every heap part below it (vectors: allocation and copy per element;
 * byte strings: per byte). Scalars, addresses and hashes have no heap part.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { DECLARED_SIZE, type Meter } from './meter.js';

type ScValWire = ReturnType<xdr.ScVal['toXdrObject']>;
type ScMapEntryWire = { key: ScValWire; val: ScValWire };

const DEPTH_LIMIT = 100;
const SC_MAP_ENTRY_SIZE = 128n;
const SIGNER_SIZE = 72n;

function chargeVector(meter: Meter, count: number, elementSize: bigint): void {
  meter.charge('MemAlloc', elementSize * BigInt(count));
  meter.charge('MemCpy', elementSize * BigInt(count));
}

function chargeScValParts(v: ScValWire, meter: Meter, depth: number): void {
  if (depth >= DEPTH_LIMIT) throw new HostError('Context', 'ExceededLimit', 'value too deep to clone');
  switch (v.type) {
    case 16:
      if (v.vec === null) throw new HostError('Value', 'InvalidInput', 'ScVal vec without a body');
      chargeVector(meter, v.vec.length, DECLARED_SIZE.scVal);
      for (const item of v.vec) chargeScValParts(item, meter, depth + 1);
      return;
    case 17:
      if (v.map === null) throw new HostError('Value', 'InvalidInput', 'ScVal map without a body');
      chargeMapParts(v.map, meter, depth);
      return;
    case 13:
      chargeVector(meter, v.bytes.length, 1n);
      return;
    case 14:
      chargeVector(meter, v.str.bytes.length, 1n);
      return;
    case 15:
      chargeVector(meter, v.sym.bytes.length, 1n);
      return;
    case 22:
      chargeVector(meter, v.executableTag.bytes.length, 1n);
      return;
    case 19:
      if (v.instance.storage !== null) chargeMapParts(v.instance.storage, meter, depth);
      return;
    default:
      return;
  }
}

function chargeMapParts(entries: ScMapEntryWire[], meter: Meter, depth: number): void {
  chargeVector(meter, entries.length, SC_MAP_ENTRY_SIZE);
  for (const entry of entries) {
    chargeScValParts(entry.key, meter, depth + 1);
    chargeScValParts(entry.val, meter, depth + 1);
  }
}

/** The heap parts of an ScVal (what `charge_for_substructure` charges). */
export function chargeScValSubstructure(value: xdr.ScVal, meter: Meter): void {
  chargeScValParts(value.toXdrObject(), meter, 0);
}

/**
 * `ScVec::metered_clone`: its header copied, its items allocated and copied, then each item's heap
 * parts, each item a depth checkpoint of its own (`ScVal::charge_for_substructure`).
 */
export function chargeScVecClone(items: readonly xdr.ScVal[], meter: Meter): void {
  meter.charge('MemCpy', DECLARED_SIZE.vec);
  chargeVector(meter, items.length, DECLARED_SIZE.scVal);
  for (const item of items) chargeScValParts(item.toXdrObject(), meter, 0);
}

/** `LedgerKey::metered_clone`. */
export function chargeLedgerKeyClone(key: xdr.LedgerKey, meter: Meter): void {
  meter.charge('MemCpy', DECLARED_SIZE.ledgerKey);
  if (key.type === 'contractData') chargeScValSubstructure(key.contractData.key, meter);
}

/** `LedgerEntry::metered_clone`. */
export function chargeLedgerEntryClone(entry: xdr.LedgerEntry, meter: Meter): void {
  meter.charge('MemCpy', DECLARED_SIZE.ledgerEntry);
  const data = entry.data;
  switch (data.type) {
    case 'contractData':
      chargeScValSubstructure(data.contractData.val, meter);
      chargeScValSubstructure(data.contractData.key, meter);
      return;
    case 'contractCode':
      chargeVector(meter, data.contractCode.code.length, 1n);
      return;
    case 'account':
      chargeAccountEntrySubstructure(data.account, meter);
      return;
    case 'trustline':
      return;
    default:
      throw new HostError('Value', 'InternalError', `cannot clone a ${data.type} entry`);
  }
}

/** An AccountEntry's heap parts: its home domain and its signers (`charge_for_substructure`). */
function chargeAccountEntrySubstructure(account: xdr.AccountEntry, meter: Meter): void {
  chargeVector(meter, account.homeDomain.bytes.length, 1n);
  chargeVector(meter, account.signers.length, SIGNER_SIZE);
  for (const signer of account.signers) {
    if (signer.key.type === 'signerKeyTypeEd25519SignedPayload') {
      chargeVector(meter, signer.key.ed25519SignedPayload.payload.length, 1n);
    }
  }
}

/** `AccountEntry::metered_clone` (metered_clone.rs): its declared size, then its heap parts. */
export function chargeAccountEntryClone(account: xdr.AccountEntry, meter: Meter): void {
  meter.charge('MemCpy', DECLARED_SIZE.accountEntry);
  chargeAccountEntrySubstructure(account, meter);
}
