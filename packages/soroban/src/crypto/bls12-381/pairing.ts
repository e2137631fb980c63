/**
 * `bls12_381_multi_pairing_check` (`host.rs`, `crypto/bls12_381.rs` `pairing_internal`): whether the
 * product of e(P_i, Q_i) is one. The vectors must be equally long and not empty (checked before any
 * point is read); every point must be in its subgroup. A pair with a point at infinity contributes one,
 * as arkworks' Miller loop skips it.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { invalidInput } from '../errors.js';
import type { CryptoMeter } from '../meter.js';
import { FP12_BYTES, Fp12 } from './fields.js';
import { G1, G2 } from './groups.js';
import { decodeCheckedPoints, type PointSource } from './point-codec.js';

export function bls12381MultiPairingCheck(g1s: PointSource, g2s: PointSource, meter: CryptoMeter): boolean {
  if (g1s.length !== g2s.length || g1s.length === 0) {
    throw invalidInput(`multi-pairing-check: invalid input vector lengths ${g1s.length} and ${g2s.length}`);
  }
  const ps = decodeCheckedPoints(G1, g1s, meter);
  const qs = decodeCheckedPoints(G2, g2s, meter);
  meter.charge('Bls12381Pairing', BigInt(ps.length));
  const pairs = ps.flatMap((g1, i) => {
    const g2 = qs[i];
    return g2 && !g1.is0() && !g2.is0() ? [{ g1, g2 }] : [];
  });
  const product = bls12_381.pairingBatch(pairs);
  meter.charge('MemCmp', BigInt(FP12_BYTES));
  return Fp12.eql(product, Fp12.ONE);
}
