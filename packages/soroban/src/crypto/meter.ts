/**
 * How the crypto functions charge the budget: the budget layer's `charge`, called with the
 * `xdr.ContractCostType` member name and the input the Rust host passes, at the point it charges.
 */
export interface CryptoMeter {
  charge(costType: string, input?: bigint): void;
}

/** The host's `bulk_charge(ty, n, input)`: the same charge `times` times over. */
export function chargeTimes(meter: CryptoMeter, costType: string, times: number, input?: bigint): void {
  for (let i = 0; i < times; i++) meter.charge(costType, input);
}

/** Declared size of a `Vec` header in the host's metering (`declared_size.rs`). */
const VEC_HEADER_BYTES = 24n;

/**
 * `Vec::<u8>::charge_bulk_init_cpy(len)` (`metered_clone.rs`): one shallow copy of the Vec header,
 * then an allocation and a copy of `len` bytes.
 */
export function chargeByteVecInit(meter: CryptoMeter, len: number): void {
  meter.charge('MemCpy', VEC_HEADER_BYTES);
  meter.charge('MemAlloc', BigInt(len));
  meter.charge('MemCpy', BigInt(len));
}

/**
 * `charge_bulk_init_cpy(len)` for any container (`metered_clone.rs`): one shallow copy of the
 * container (`containerBytes`), then `len` items of `itemBytes` allocated and copied.
 */
export function chargeBulkInit(
  meter: CryptoMeter,
  containerBytes: number,
  len: number,
  itemBytes: number,
): void {
  meter.charge('MemCpy', BigInt(containerBytes));
  meter.charge('MemAlloc', BigInt(len * itemBytes));
  meter.charge('MemCpy', BigInt(len * itemBytes));
}

/**
 * An input, or how to read it: a host function passes readers, so that each object is visited only
 * when the Rust host would read it (a bad first input fails before the others are visited).
 */
export type CryptoInput = Uint8Array | (() => Uint8Array);

export const readInput = (input: CryptoInput): Uint8Array => (typeof input === 'function' ? input() : input);
