/**
 * stellar-core SignatureChecker: weighs a transaction's signatures against a set of signers
 * (pre-auth tx hashes first, then hash-x preimages, ed25519 keys, ed25519 signed payloads) and
 * remembers which signatures were used, for txBAD_AUTH_EXTRA. A checker that enforces the
 * verification budget stops verifying ed25519 signatures after TX_ED25519_VERIFY_BUDGET of them
 * (each key whose hint matches a signature's is one verification), and fails every check after.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { sameBytes } from '../keys.js';
import { startsFrom } from '../protocol.js';
import { sha256 } from '../sha256.js';
import { verifyEd25519 } from './ed25519.js';

/** SignatureChecker::TX_ED25519_VERIFY_BUDGET: the ed25519 verifications one checker may make. */
export const TX_ED25519_VERIFY_BUDGET = 1000;
const TX_ED25519_VERIFY_BUDGET_PROTOCOL = 28;

/**
 * Whether a checker enforces the budget (SignatureChecker.cpp, constructor): the queue's
 * (overlay) validation always, every other validation and apply from protocol 28.
 */
export function enforcesVerifyBudget(ledgerVersion: number, overlayValidation: boolean): boolean {
  return overlayValidation || startsFrom(ledgerVersion, TX_ED25519_VERIFY_BUDGET_PROTOCOL);
}

/** The last 4 bytes of a key or hash (stellar-core SignatureUtils::getHint). */
export function hintOf(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 0) return new Uint8Array(4);
  if (bytes.length < 4) {
    const hint = new Uint8Array(4);
    hint.set(bytes);
    return hint;
  }
  return bytes.subarray(bytes.length - 4);
}

/** stellar-core SignatureUtils::doesHintMatch. */
function hintMatches(bytes: Uint8Array, hint: Uint8Array): boolean {
  return bytes.length >= hint.length && sameBytes(bytes.subarray(bytes.length - hint.length), hint);
}

/** stellar-core SignatureUtils::getSignedPayloadHint. */
export function signedPayloadHint(signer: xdr.SignerKeyEd25519SignedPayload): Uint8Array {
  const keyHint = hintOf(signer.ed25519.toBytes());
  const payloadHint = hintOf(signer.payload);
  return keyHint.map((b, i) => b ^ (payloadHint[i] as number));
}

export interface WeightedSigner {
  key: xdr.SignerKey;
  weight: number;
}

export class SignatureChecker {
  readonly #contentsHash: Uint8Array;
  readonly #signatures: readonly xdr.DecoratedSignature[];
  readonly #used: boolean[];
  readonly #enforceVerifyBudget: boolean;
  #verifications = 0;

  constructor(
    contentsHash: Uint8Array,
    signatures: readonly xdr.DecoratedSignature[],
    enforceVerifyBudget = false,
  ) {
    this.#contentsHash = contentsHash;
    this.#signatures = signatures;
    this.#used = signatures.map(() => false);
    this.#enforceVerifyBudget = enforceVerifyBudget;
  }

  /** The ed25519 verifications made so far (signatures whose hint matched a key's). */
  get verifications(): number {
    return this.#verifications;
  }

  #overBudget(): boolean {
    return this.#enforceVerifyBudget && this.#verifications >= TX_ED25519_VERIFY_BUDGET;
  }

  /** True when the signers' weights reach `neededWeight` (stellar-core checkSignature). */
  checkSignature(signersIn: readonly WeightedSigner[], neededWeight: number): boolean {
    const byType = (type: xdr.SignerKey['type']) => signersIn.filter((s) => s.key.type === type);
    let totalWeight = 0;
    const add = (weight: number) => {
      totalWeight += Math.min(weight, 255);
      return totalWeight >= neededWeight;
    };

    for (const signer of byType('signerKeyTypePreAuthTx')) {
      if (signer.key.type !== 'signerKeyTypePreAuthTx') continue;
      if (sameBytes(signer.key.preAuthTx.toBytes(), this.#contentsHash) && add(signer.weight)) return true;
    }

    const verifyAll = (
      signers: WeightedSigner[],
      verify: (sig: xdr.DecoratedSignature, signer: WeightedSigner) => boolean,
    ): boolean => {
      for (let i = 0; i < this.#signatures.length; i++) {
        const sig = this.#signatures[i] as xdr.DecoratedSignature;
        const index = signers.findIndex((signer) => verify(sig, signer));
        if (index === -1) continue;
        this.#used[i] = true;
        if (add((signers[index] as WeightedSigner).weight)) return true;
        signers.splice(index, 1);
      }
      return false;
    };

    if (verifyAll(byType('signerKeyTypeHashX'), verifyHashX)) return true;
    if (verifyAll(byType('signerKeyTypeEd25519'), (sig, signer) => this.#verifyKey(sig, signer))) return true;
    if (this.#overBudget()) return false;
    return verifyAll(byType('signerKeyTypeEd25519SignedPayload'), (sig, signer) =>
      this.#verifySignedPayload(sig, signer),
    );
  }

  /** stellar-core checkAllSignaturesUsed. */
  checkAllSignaturesUsed(): boolean {
    return this.#used.every(Boolean);
  }

  #verifyKey(sig: xdr.DecoratedSignature, signer: WeightedSigner): boolean {
    if (signer.key.type !== 'signerKeyTypeEd25519' || this.#overBudget()) return false;
    const key = signer.key.ed25519.toBytes();
    if (!hintMatches(key, sig.hint.toBytes())) return false;
    this.#verifications++;
    return verifyEd25519(key, sig.signature.toBytes(), this.#contentsHash);
  }

  /** stellar-core SignatureUtils::verifyEd25519SignedPayload. */
  #verifySignedPayload(sig: xdr.DecoratedSignature, signer: WeightedSigner): boolean {
    if (signer.key.type !== 'signerKeyTypeEd25519SignedPayload' || this.#overBudget()) return false;
    const payload = signer.key.ed25519SignedPayload;
    if (!sameBytes(signedPayloadHint(payload), sig.hint.toBytes())) return false;
    this.#verifications++;
    return verifyEd25519(payload.ed25519.toBytes(), sig.signature.toBytes(), payload.payload);
  }
}

/** stellar-core SignatureUtils::verifyHashX. */
function verifyHashX(sig: xdr.DecoratedSignature, signer: WeightedSigner): boolean {
  if (signer.key.type !== 'signerKeyTypeHashX') return false;
  const x = signer.key.hashX.toBytes();
  return hintMatches(x, sig.hint.toBytes()) && sameBytes(x, sha256(sig.signature.toBytes()));
}
