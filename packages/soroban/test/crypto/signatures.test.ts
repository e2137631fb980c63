import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { verifySigEd25519 } from '../../src/crypto/ed25519.js';
import { recoverKeyEcdsaSecp256k1 } from '../../src/crypto/secp256k1.js';
import { verifySigEcdsaSecp256r1 } from '../../src/crypto/secp256r1.js';
import { ED25519_CASES, K1_KEY, R1_CASES, RECOVER_CASES } from './crypto-rs-vectors.js';
import { hex, INVALID_INPUT, outcome, recordingMeter, toHex, UNEXPECTED_SIZE } from './support.js';

const bytesOf = (m: string | Uint8Array) => (typeof m === 'string' ? hex(m) : m);
const le32 = (n: bigint) => {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((n >> BigInt(8 * i)) & 0xffn);
  return out;
};
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('verify_sig_ed25519', () => {
  it.each(ED25519_CASES)('$name: $want', ({ publicKey, message, signature, want }) => {
    expect(
      outcome(() => verifySigEd25519(hex(publicKey), bytesOf(message), hex(signature), recordingMeter())),
    ).toBe(want);
  });

  // verify_strict (ed25519-dalek) refuses what a plain RFC 8032 check would let through.
  const L = ed25519.Point.Fn.ORDER;
  const identity = le32(1n);
  const rfc1Sig = hex(ED25519_CASES[0]?.signature ?? '');
  const rfc1Key = hex(ED25519_CASES[0]?.publicKey ?? '');
  const sOf = (sig: Uint8Array) => BigInt(`0x${toHex(sig.slice(32).reverse())}`);
  const strictCases = [
    {
      name: 'a non-canonical s (s + l)',
      key: rfc1Key,
      sig: concat(rfc1Sig.slice(0, 32), le32(sOf(rfc1Sig) + L)),
      want: INVALID_INPUT,
    },
    // [0]B - [k]O = O: a valid equation, but the key (and R) have small order.
    {
      name: 'the identity as key and R, s = 0',
      key: identity,
      sig: concat(identity, le32(0n)),
      want: INVALID_INPUT,
    },
  ];
  it.each(strictCases)('refuses $name', ({ key, sig, want }) => {
    expect(outcome(() => verifySigEd25519(key, new Uint8Array(0), sig, recordingMeter()))).toBe(want);
  });

  // curve25519-dalek decodes any 255-bit y (mod p) and x = 0 with the sign bit: such keys get past
  // decoding, so a bad signature length is reported, not a bad key.
  const p = ed25519.Point.Fp.ORDER;
  const decodableKeys = [
    { name: 'y = p + 1 (the identity, non-canonical)', key: le32(p + 1n) },
    { name: 'x = 0 with the sign bit', key: concat(identity.slice(0, 31), Uint8Array.of(0x80)) },
  ];
  it.each(decodableKeys)('decodes $name as dalek does', ({ key }) => {
    expect(
      outcome(() => verifySigEd25519(key, new Uint8Array(0), new Uint8Array(65), recordingMeter())),
    ).toBe(UNEXPECTED_SIZE);
  });

  it('refuses a y that is on no curve point before reading the signature', () => {
    let y = 2n;
    const tryDecode = (b: Uint8Array) => {
      try {
        ed25519.Point.fromBytes(b);
        return true;
      } catch {
        return false;
      }
    };
    while (tryDecode(le32(y))) y++;
    expect(
      outcome(() => verifySigEd25519(le32(y), new Uint8Array(0), new Uint8Array(65), recordingMeter())),
    ).toBe(INVALID_INPUT);
  });

  it('charges the key decode, the signature copy, then the verification by message length', () => {
    const meter = recordingMeter();
    verifySigEd25519(rfc1Key, new Uint8Array(0), rfc1Sig, meter);
    expect(meter.charges).toEqual([['ComputeEd25519PubKey'], ['MemCpy', 64n], ['VerifyEd25519Sig', 0n]]);
  });
});

describe('recover_key_ecdsa_secp256k1', () => {
  it.each(RECOVER_CASES)('$name: $want', ({ digest, signature, recoveryId, want }) => {
    expect(
      outcome(() => recoverKeyEcdsaSecp256k1(hex(digest), hex(signature), recoveryId, recordingMeter())),
    ).toBe(want);
  });

  const base = RECOVER_CASES[0];
  if (!base) throw new Error('no base case');
  const sig = hex(base.signature);
  const n = secp256k1.Point.Fn.ORDER;

  it('returns the 65-byte uncompressed SEC-1 key', () => {
    const meter = recordingMeter();
    expect(toHex(recoverKeyEcdsaSecp256k1(hex(base.digest), sig, 1, meter))).toBe(K1_KEY);
    expect(meter.charges).toEqual([
      ['DecodeEcdsaCurve256Sig'],
      ['MemCpy', 32n],
      ['RecoverEcdsaSecp256k1Key'],
    ]);
  });

  it('refuses the high-S twin of a valid signature', () => {
    const s = BigInt(`0x${toHex(sig.slice(32))}`);
    const high = concat(sig.slice(0, 32), hex((n - s).toString(16).padStart(64, '0')));
    expect(outcome(() => recoverKeyEcdsaSecp256k1(hex(base.digest), high, 0, recordingMeter()))).toBe(
      INVALID_INPUT,
    );
  });

  it('refuses recovery ids 2 and 3 when r + n is past the field', () => {
    expect(outcome(() => recoverKeyEcdsaSecp256k1(hex(base.digest), sig, 2, recordingMeter()))).toBe(
      INVALID_INPUT,
    );
  });

  it('recovers another key with the other parity', () => {
    expect(toHex(recoverKeyEcdsaSecp256k1(hex(base.digest), sig, 0, recordingMeter()))).not.toBe(K1_KEY);
  });
});

describe('verify_sig_ecdsa_secp256r1', () => {
  it.each(R1_CASES)('$name: $want', ({ publicKey, digest, signature, want }) => {
    expect(
      outcome(() => verifySigEcdsaSecp256r1(hex(publicKey), hex(digest), hex(signature), recordingMeter())),
    ).toBe(want);
  });

  it('charges the key, the signature, the digest copy, then the verification', () => {
    const ok = R1_CASES[0];
    if (!ok) throw new Error('no base case');
    const meter = recordingMeter();
    verifySigEcdsaSecp256r1(hex(ok.publicKey), hex(ok.digest), hex(ok.signature), meter);
    expect(meter.charges).toEqual([
      ['Sec1DecodePointUncompressed'],
      ['DecodeEcdsaCurve256Sig'],
      ['MemCpy', 32n],
      ['VerifyEcdsaSecp256r1Sig'],
    ]);
  });
});
