/**
 * The `crypto` env module: hashes, signatures, BLS12-381, BN254 and Poseidon (`src/crypto/` holds the rules and
 * charges); here objects become bytes and numbers, and results become objects.
 */
import * as crypto from '../../crypto/index.js';
import { fromBool, u32Of, VOID } from '../../values/val.js';
import { bytes, fr, frVal, lazyItems, newBytes, pointItems, u64 } from './crypto-args.js';
import { bn254Functions } from './crypto-bn254.js';
import { poseidonFunctions } from './crypto-poseidon.js';
import type { HostModule } from './types.js';

export const cryptoModule: HostModule = {
  compute_hash_sha256: (c, x) => newBytes(c, crypto.computeHashSha256(bytes(c, x), c.host.meter)),
  compute_hash_keccak256: (c, x) => newBytes(c, crypto.computeHashKeccak256(bytes(c, x), c.host.meter)),
  verify_sig_ed25519(c, k, x, s) {
    const read = (object: typeof k) => () => bytes(c, object);
    crypto.verifySigEd25519(read(k), read(x), read(s), c.host.meter);
    return VOID;
  },
  recover_key_ecdsa_secp256k1: (c, digest, signature, recoveryId) =>
    newBytes(
      c,
      crypto.recoverKeyEcdsaSecp256k1(
        () => bytes(c, digest),
        () => bytes(c, signature),
        u32Of(recoveryId),
        c.host.meter,
      ),
    ),
  verify_sig_ecdsa_secp256r1(c, key, digest, signature) {
    crypto.verifySigEcdsaSecp256r1(
      () => bytes(c, key),
      () => bytes(c, digest),
      () => bytes(c, signature),
      c.host.meter,
    );
    return VOID;
  },
  bls12_381_check_g1_is_in_subgroup: (c, p) =>
    fromBool(crypto.bls12381CheckG1IsInSubgroup(bytes(c, p), c.host.meter)),
  bls12_381_check_g2_is_in_subgroup: (c, p) =>
    fromBool(crypto.bls12381CheckG2IsInSubgroup(bytes(c, p), c.host.meter)),
  bls12_381_g1_add: (c, a, b) => newBytes(c, crypto.bls12381G1Add(bytes(c, a), bytes(c, b), c.host.meter)),
  bls12_381_g2_add: (c, a, b) => newBytes(c, crypto.bls12381G2Add(bytes(c, a), bytes(c, b), c.host.meter)),
  bls12_381_g1_mul: (c, p, s) => newBytes(c, crypto.bls12381G1Mul(bytes(c, p), fr(c, s), c.host.meter)),
  bls12_381_g2_mul: (c, p, s) => newBytes(c, crypto.bls12381G2Mul(bytes(c, p), fr(c, s), c.host.meter)),
  bls12_381_g1_msm: (c, vp, vs) =>
    newBytes(
      c,
      crypto.bls12381G1Msm(
        pointItems(c, vp),
        lazyItems(c, vs, (v) => fr(c, v)),
        c.host.meter,
      ),
    ),
  bls12_381_g2_msm: (c, vp, vs) =>
    newBytes(
      c,
      crypto.bls12381G2Msm(
        pointItems(c, vp),
        lazyItems(c, vs, (v) => fr(c, v)),
        c.host.meter,
      ),
    ),
  bls12_381_map_fp_to_g1: (c, fp) => newBytes(c, crypto.bls12381MapFpToG1(bytes(c, fp), c.host.meter)),
  bls12_381_map_fp2_to_g2: (c, fp2) => newBytes(c, crypto.bls12381MapFp2ToG2(bytes(c, fp2), c.host.meter)),
  bls12_381_hash_to_g1: (c, msg, dst) =>
    newBytes(c, crypto.bls12381HashToG1(bytes(c, msg), bytes(c, dst), c.host.meter)),
  bls12_381_hash_to_g2: (c, msg, dst) =>
    newBytes(c, crypto.bls12381HashToG2(bytes(c, msg), bytes(c, dst), c.host.meter)),
  bls12_381_multi_pairing_check: (c, vp1, vp2) =>
    fromBool(crypto.bls12381MultiPairingCheck(pointItems(c, vp1), pointItems(c, vp2), c.host.meter)),
  bls12_381_fr_add: (c, a, b) => frVal(c, crypto.bls12381FrAdd(fr(c, a), fr(c, b), c.host.meter)),
  bls12_381_fr_sub: (c, a, b) => frVal(c, crypto.bls12381FrSub(fr(c, a), fr(c, b), c.host.meter)),
  bls12_381_fr_mul: (c, a, b) => frVal(c, crypto.bls12381FrMul(fr(c, a), fr(c, b), c.host.meter)),
  bls12_381_fr_pow: (c, a, e) => frVal(c, crypto.bls12381FrPow(fr(c, a), u64(c, e), c.host.meter)),
  bls12_381_fr_inv: (c, a) => frVal(c, crypto.bls12381FrInv(fr(c, a), c.host.meter)),
  bls12_381_g1_is_on_curve: (c, p) => fromBool(crypto.bls12381G1IsOnCurve(bytes(c, p), c.host.meter)),
  bls12_381_g2_is_on_curve: (c, p) => fromBool(crypto.bls12381G2IsOnCurve(bytes(c, p), c.host.meter)),
  ...bn254Functions,
  ...poseidonFunctions,
};
