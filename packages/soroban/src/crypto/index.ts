/**
 * The crypto host functions over bytes (`soroban-env-host/src/crypto/`): each takes its arguments as
 * bytes and bigints plus the budget meter, charges what the Rust host charges, and throws the host's
 * `HostError` for what the host refuses. The host layer converts objects and values to and from these.
 */
export * from './bls12-381/index.js';
export { BLS12_381_FR } from './bls12-381/scalars.js';
export * from './bn254/index.js';
export {
  decodeEd25519PublicKey,
  type Ed25519PublicKey,
  verifyEd25519Strict,
  verifySigEd25519,
} from './ed25519.js';
export { computeHashKeccak256, computeHashSha256, keccak256Raw, sha256Raw } from './hashes.js';
export { type CryptoInput, type CryptoMeter, chargeBulkInit } from './meter.js';
export * from './poseidon/index.js';
export { PRNG_SEED_BYTES, unbiasPrngSeed } from './prng-seed.js';
export { MeteredScalarField } from './scalar-field.js';
export { recoverKeyEcdsaSecp256k1 } from './secp256k1.js';
export { verifySigEcdsaSecp256r1 } from './secp256r1.js';
