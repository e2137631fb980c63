/** The `crypto` module's BN254 functions (protocols 25 and 26): objects to bytes and scalars, and back. */
import * as crypto from '../../crypto/index.js';
import { fromBool } from '../../values/val.js';
import { bytes, fr, frVal, lazyItems, ledgerProtocol, newBytes, pointItems, u64 } from './crypto-args.js';
import type { HostModule } from './types.js';

export const bn254Functions: HostModule = {
  bn254_g1_add: (c, a, b) =>
    newBytes(c, crypto.bn254G1Add(bytes(c, a), bytes(c, b), ledgerProtocol(c), c.host.meter)),
  bn254_g1_mul: (c, p, s) =>
    newBytes(c, crypto.bn254G1Mul(bytes(c, p), fr(c, s), ledgerProtocol(c), c.host.meter)),
  bn254_g1_msm: (c, vp, vs) =>
    newBytes(
      c,
      crypto.bn254G1Msm(
        pointItems(c, vp),
        lazyItems(c, vs, (v) => fr(c, v)),
        ledgerProtocol(c),
        c.host.meter,
      ),
    ),
  bn254_multi_pairing_check: (c, vp1, vp2) =>
    fromBool(
      crypto.bn254MultiPairingCheck(pointItems(c, vp1), pointItems(c, vp2), ledgerProtocol(c), c.host.meter),
    ),
  bn254_g1_is_on_curve: (c, p) =>
    fromBool(crypto.bn254G1IsOnCurve(bytes(c, p), ledgerProtocol(c), c.host.meter)),
  bn254_fr_add: (c, a, b) => frVal(c, crypto.bn254FrAdd(fr(c, a), fr(c, b), c.host.meter)),
  bn254_fr_sub: (c, a, b) => frVal(c, crypto.bn254FrSub(fr(c, a), fr(c, b), c.host.meter)),
  bn254_fr_mul: (c, a, b) => frVal(c, crypto.bn254FrMul(fr(c, a), fr(c, b), c.host.meter)),
  bn254_fr_pow: (c, a, e) => frVal(c, crypto.bn254FrPow(fr(c, a), u64(c, e), c.host.meter)),
  bn254_fr_inv: (c, a) => frVal(c, crypto.bn254FrInv(fr(c, a), c.host.meter)),
};
