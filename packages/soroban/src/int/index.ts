/**
 * The integer semantics of the host's `int` module on plain bigints: building and splitting
 * 64/128/256-bit numbers, 256-bit arithmetic with the host's errors and charges, and 256-bit
 * numbers to and from bytes. Val encoding and host objects are other layers'.
 */
export * from './arith256.js';
export * from './bounds.js';
export * from './bytes256.js';
export * from './meter.js';
export * from './objects64.js';
export * from './pieces.js';
