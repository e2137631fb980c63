/**
 * The keys a transaction may touch and how (soroban-env-host/src/storage.rs `Footprint`):
 * enforced against a declared footprint when applying, recorded while simulating.
 * Reaching outside the footprint, or writing a read-only key, is `(Storage, ExceededLimit)`:
 * the footprint is an externally supplied resource limit, like the budget.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import { keyKind } from './key-kind.js';
import { LedgerKeyMap } from './key-map.js';
import { checkSupportedKey } from './key-order.js';
import { DECLARED_SIZE, type Meter } from './meter.js';
import { chargeLedgerKeyClone } from './metered-clone.js';

export type AccessType = 'readOnly' | 'readWrite';

export class Footprint {
  readonly map = new LedgerKeyMap<AccessType>(DECLARED_SIZE.footprintSlot);

  /**
   * A footprint from a transaction's `LedgerFootprint`: read-write keys first, then read-only ones
   * (a key listed in both ends up read-only), as e2e_invoke.rs build_storage_footprint_from_xdr.
   * Each key is cloned into the map: charged as a metered clone and an `Rc` allocation.
   */
  static fromXdr(footprint: xdr.LedgerFootprint, meter: Meter): Footprint {
    const result = new Footprint();
    const add = (key: xdr.LedgerKey, access: AccessType) => {
      checkSupportedKey(key);
      chargeLedgerKeyClone(key, meter);
      meter.charge('MemAlloc', DECLARED_SIZE.ledgerKey);
      result.map.set(key, access, meter);
    };
    for (const key of footprint.readWrite) add(key, 'readWrite');
    for (const key of footprint.readOnly) add(key, 'readOnly');
    return result;
  }

  /** Recording: a first access is recorded as asked; read-only upgrades to read-write, never back. */
  recordAccess(key: xdr.LedgerKey, access: AccessType, meter: Meter): void {
    const existing = this.map.get(key, meter);
    if (existing === undefined || (existing === 'readOnly' && access === 'readWrite')) {
      this.map.set(key, access, meter);
    }
  }

  /** Enforcing: the key must be declared, and declared read-write to be written. */
  enforceAccess(key: xdr.LedgerKey, access: AccessType, meter: Meter): void {
    const existing = this.map.get(key, meter);
    if (existing === undefined) {
      throw new HostError(
        'Storage',
        'ExceededLimit',
        `trying to access ${keyKind(key)} outside of the footprint`,
      );
    }
    if (existing === 'readOnly' && access === 'readWrite') {
      throw new HostError(
        'Storage',
        'ExceededLimit',
        `trying to access ${keyKind(key)} outside of the footprint`,
      );
    }
  }

  accessOf(key: xdr.LedgerKey, meter: Meter): AccessType | undefined {
    return this.map.get(key, meter);
  }

  /** The footprint as XDR, each list in the host's key order (e2e storage_footprint_to_ledger_footprint). */
  toXdr(meter: Meter): xdr.LedgerFootprint {
    const readOnly: xdr.LedgerKey[] = [];
    const readWrite: xdr.LedgerKey[] = [];
    for (const [key, access] of this.map.entries(meter))
      (access === 'readOnly' ? readOnly : readWrite).push(key);
    return new xdr.LedgerFootprint({ readOnly, readWrite });
  }
}
