/**
 * What storage charges the budget through: the budget layer passes its own object with this shape.
 * `costType` is the xdr.ContractCostType member name, `input` the cost model's input.
 */
export interface Meter {
  charge(costType: string, input?: bigint): void;
}

/** A meter that charges nothing: for callers outside a host (tests, simulation bookkeeping). */
export const FREE_METER: Meter = { charge() {} };

/**
 * Declared sizes the Rust host charges for copies and comparisons
 * (soroban-env-host/src/host/declared_size.rs); never the real JavaScript sizes.
 */
export const DECLARED_SIZE = {
  rc: 16n,
  vec: 24n,
  accessType: 1n,
  u32: 4n,
  /** (Rc<LedgerKey>, AccessType): a footprint map slot. */
  footprintSlot: 16n + 1n + 8n,
  /** (Rc<LedgerKey>, Option<(Rc<LedgerEntry>, Option<u32>)>): a storage map slot. */
  storageSlot: 16n + (16n + (4n + 8n) + 8n + 8n) + 8n,
  /** (Rc<LedgerKey>, Rc<TtlEntry>): e2e's TTL entry map slot. */
  ttlSlot: 16n + 16n + 8n,
  /** (Rc<LedgerKey>, ()): e2e's restored key set slot. */
  keySetSlot: 16n + 0n + 8n,
  ledgerKey: 120n,
  ledgerEntry: 256n,
  accountEntry: 216n,
  trustLineEntry: 128n,
  ledgerEntryExt: 33n,
  ttlEntry: 36n,
  contractId: 32n,
  accountId: 32n,
  asset: 45n,
  scAddress: 48n,
  scVal: 64n,
  sorobanAuthorizationEntry: 296n,
  createContractArgsV2: 144n,
  /** What a `Result<_, HostError>` adds to its value's size. */
  hostError: 16n,
} as const;

/**
 * `charge_bulk_init_cpy` of a Vec (metered_clone.rs; also `with_metered_capacity`): the header
 * copied, then `count` items of `itemSize` bytes allocated and copied.
 */
export function chargeBulkInit(meter: Meter, count: bigint, itemSize: bigint): void {
  meter.charge('MemCpy', DECLARED_SIZE.vec);
  meter.charge('MemAlloc', count * itemSize);
  meter.charge('MemCpy', count * itemSize);
}

/**
 * `metered_collect` into a `Result<Vec<T>, HostError>`: the bulk init with the Result's sizes,
 * the header and each item a HostError larger.
 */
export function chargeFallibleBulkInit(meter: Meter, count: bigint, itemSize: bigint): void {
  const item = itemSize + DECLARED_SIZE.hostError;
  meter.charge('MemCpy', DECLARED_SIZE.vec + DECLARED_SIZE.hostError);
  meter.charge('MemAlloc', count * item);
  meter.charge('MemCpy', count * item);
}

/** A `Vec<u8>` of `length` bytes built in one go. */
export function chargeBytesInit(meter: Meter, length: bigint): void {
  chargeBulkInit(meter, length, 1n);
}
