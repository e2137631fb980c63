/**
 * A map from ledger keys kept sorted in the host's key order, charging the budget as the host's
 * `MeteredOrdMap` does (soroban-env-host/src/host/metered_map.rs): a binary search charges a copy
 * of log2(n)+1 slots plus each key comparison; an insert rebuilds the whole vector (allocation,
 * copy, scan and a comparison of every adjacent pair); iteration charges a scan.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { compareLedgerKeys } from './key-order.js';
import { DECLARED_SIZE, type Meter } from './meter.js';

export class LedgerKeyMap<V> {
  private slots: Array<[xdr.LedgerKey, V]> = [];

  /** `slotSize`: the declared size of one (key, value) slot, the unit of every copy charge. */
  constructor(private readonly slotSize: bigint) {}

  get size(): number {
    return this.slots.length;
  }

  private chargeSlots(meter: Meter, count: number): void {
    meter.charge('MemCpy', this.slotSize * BigInt(count));
  }

  /** Binary search as the host's pre-1.82 Rust `binary_search_by` probes. */
  private find(key: xdr.LedgerKey, meter: Meter): { found: boolean; index: number } {
    const magnitude = this.slots.length === 0 ? 0 : Math.floor(Math.log2(this.slots.length)) + 1;
    this.chargeSlots(meter, magnitude + 1);
    let left = 0;
    let right = this.slots.length;
    let size = right;
    while (left < right) {
      const mid = left + Math.floor(size / 2);
      const probe = this.slots[mid] as [xdr.LedgerKey, V];
      const order = compareLedgerKeys(probe[0], key, meter);
      if (order === 0) return { found: true, index: mid };
      if (order < 0) left = mid + 1;
      else right = mid;
      size = right - left;
    }
    return { found: false, index: left };
  }

  get(key: xdr.LedgerKey, meter: Meter): V | undefined {
    const { found, index } = this.find(key, meter);
    if (!found) return undefined;
    this.chargeSlots(meter, 1);
    return (this.slots[index] as [xdr.LedgerKey, V])[1];
  }

  has(key: xdr.LedgerKey, meter: Meter): boolean {
    return this.find(key, meter).found;
  }

  set(key: xdr.LedgerKey, value: V, meter: Meter): void {
    this.chargeSlots(meter, 1);
    const { found, index } = this.find(key, meter);
    const next = this.slots.slice();
    next.splice(index, found ? 1 : 0, [key, value]);
    this.chargeRebuild(next, meter);
    this.slots = next;
  }

  /** `from_exact_iter` then `from_map`: a deep clone of the slot vector and a sortedness check. */
  private chargeRebuild(slots: Array<[xdr.LedgerKey, V]>, meter: Meter): void {
    meter.charge('MemCpy', DECLARED_SIZE.vec);
    meter.charge('MemAlloc', this.slotSize * BigInt(slots.length));
    this.chargeSlots(meter, slots.length);
    this.chargeSlots(meter, slots.length);
    for (let i = 1; i < slots.length; i++) {
      compareLedgerKeys((slots[i - 1] as [xdr.LedgerKey, V])[0], (slots[i] as [xdr.LedgerKey, V])[0], meter);
    }
  }

  /** Every (key, value) in key order, charging one scan. */
  entries(meter: Meter): ReadonlyArray<readonly [xdr.LedgerKey, V]> {
    this.chargeSlots(meter, this.slots.length);
    return this.slots.slice();
  }

  /** A copy, charged as the host's `metered_clone` of the map (used for rollback points). */
  clone(meter: Meter): LedgerKeyMap<V> {
    meter.charge('MemCpy', DECLARED_SIZE.vec);
    meter.charge('MemAlloc', this.slotSize * BigInt(this.slots.length));
    this.chargeSlots(meter, this.slots.length);
    const copy = new LedgerKeyMap<V>(this.slotSize);
    copy.slots = this.slots.slice();
    return copy;
  }
}
