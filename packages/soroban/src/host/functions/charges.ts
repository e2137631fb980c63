/**
 * The charges of the host's metered containers (`host/metered_clone.rs`, `declared_size.rs`):
 * sizes are the host's declared sizes, not JavaScript's.
 */
import { chargeBulkInit, chargeFallibleBulkInit } from '../../storage/index.js';
import type { CallContext } from './types.js';

/** Declared sizes: a Val (or Symbol), a (Val, Val) map entry, a byte. */
export const VAL_SIZE = 8;
export const ENTRY_SIZE = 24;
export const BYTE_SIZE = 1;

const charge = (context: CallContext, costType: string, input: number): void =>
  context.host.meter.charge(costType, BigInt(input));

/** `charge_shallow_copy`: `count` elements of `size` bytes copied. */
export function chargeCopy(context: CallContext, count: number, size: number): void {
  charge(context, 'MemCpy', count * size);
}

/**
 * `charge_bulk_init_cpy` (also `with_metered_capacity`, `metered_slice_to_vec` and a Vec's
 * `metered_clone` of shallow elements): the header copied, then `len` elements allocated and copied.
 */
export function chargeNewVec(context: CallContext, len: number, size: number): void {
  chargeBulkInit(context.host.meter, BigInt(len), BigInt(size));
}

/**
 * `metered_collect` into a `Result<Vec<T>, HostError>` (`iter.map(..)` of fallible conversions):
 * `charge_bulk_init_cpy` with the Result's sizes, the header and each item a HostError larger.
 */
export function chargeFallibleCollect(context: CallContext, len: number, size: number): void {
  chargeFallibleBulkInit(context.host.meter, BigInt(len), BigInt(size));
}
