/** BLS12-381 points for the tests, as the host serializes them (the generators are the standard ones). */
import { G1_VECTORS, G2_VECTORS } from './rfc9380-vectors.js';
import { hex } from './support.js';

const G1_X =
  '17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb';
const G1_Y =
  '08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1';
const G2_X_C0 =
  '024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8';
const G2_X_C1 =
  '13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e';
const G2_Y_C0 =
  '0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801';
const G2_Y_C1 =
  '0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be';

export const P_HEX =
  '1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab';
export const P = BigInt(`0x${P_HEX}`);
export const R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

/** The generators, x || y; G2 coordinates c1 || c0. */
export const G1_GEN = hex(G1_X + G1_Y);
export const G2_GEN = hex(G2_X_C1 + G2_X_C0 + G2_Y_C1 + G2_Y_C0);

export function infinity(size: number): Uint8Array {
  const out = new Uint8Array(size);
  out[0] = 0x40;
  return out;
}

/** An RFC 9380 G2 coordinate "c0,c1" as the host's c1 || c0. */
export function fp2Hex(rfc: string): string {
  const [c0, c1] = rfc.split(',');
  return `${c1}${c0}`;
}

export const g1Point = (p: { x: string; y: string }) => hex(p.x + p.y);
export const g2Point = (p: { x: string; y: string }) => hex(fp2Hex(p.x) + fp2Hex(p.y));

/** map_to_curve outputs before cofactor clearing: on the curve, outside the subgroup. */
export const G1_OFF_SUBGROUP = g1Point(G1_VECTORS[0]?.Q0 ?? { x: '', y: '' });
export const G2_OFF_SUBGROUP = g2Point(G2_VECTORS[0]?.Q0 ?? { x: '', y: '' });

/** The point with y replaced by p - y. */
export function negate(point: Uint8Array): Uint8Array {
  const half = point.length / 2;
  const out = point.slice();
  const coordinates = half / 48;
  for (let i = 0; i < coordinates; i++) {
    const at = half + 48 * i;
    const y = BigInt(`0x${Buffer.from(point.subarray(at, at + 48)).toString('hex')}`);
    out.set(hex(((P - y) % P).toString(16).padStart(96, '0')), at);
  }
  return out;
}

export function withFirstByte(point: Uint8Array, orBits: number): Uint8Array {
  const out = point.slice();
  out[0] = (out[0] ?? 0) | orBits;
  return out;
}
