/** Poseidon and Poseidon2 (protocol 25) over the BLS12-381 or BN254 scalar field. */
export { poseidonPermutation } from './poseidon.js';
export { poseidon2Permutation } from './poseidon2.js';
export type { PermutationParams } from './state.js';
