// The benchmark's accounts and signed envelopes: deterministic keys, the root's createAccount
// transactions that fund them, rounds of payments (every account pays the next one a stroop, one
// transaction per source and ledger, as the queue takes them), and the floor every submitted
// payment costs at least: decoding its XDR and checking its ed25519 signature with node:crypto.
import { createPublicKey, verify } from 'node:crypto';
import {
  Account,
  Asset,
  hash,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';

/** Operations per createAccount transaction (and payments per ledger: the default set size). */
export const LEDGER_SIZE = 100;

/** `count` keys, the same in every run. */
export function benchKeys(count) {
  return Array.from({ length: count }, (_, i) =>
    Keypair.fromRawEd25519Seed(hash(Buffer.from(`starspec sandbox bench ${i}`))),
  );
}

/** A signed envelope (base64) from `source` at sequence number `seq` with `operations`. */
function envelope(source, seq, operations, passphrase) {
  const builder = new TransactionBuilder(new Account(source.publicKey(), String(seq - 1n)), {
    fee: String(100 * operations.length),
    networkPassphrase: passphrase,
  });
  for (const operation of operations) builder.addOperation(operation);
  // Closing many ledgers a second runs close times ahead of the clock: no upper time bound.
  const tx = builder.setTimeout(TimeoutInfinite).build();
  tx.sign(source);
  return tx.toXDR();
}

/** The root's transactions creating the accounts, 100 at a time; `rootSeq` is its current one. */
export function fundingEnvelopes(root, rootSeq, keys, passphrase) {
  const envelopes = [];
  for (let i = 0; i < keys.length; i += LEDGER_SIZE) {
    const operations = keys
      .slice(i, i + LEDGER_SIZE)
      .map((key) => Operation.createAccount({ destination: key.publicKey(), startingBalance: '1000' }));
    envelopes.push(envelope(root, rootSeq + 1n + BigInt(envelopes.length), operations, passphrase));
  }
  return envelopes;
}

/**
 * One round: every account pays the next one a stroop of lumens at its next sequence number.
 * `seqs` (the accounts' current ones) move on by one.
 */
export function paymentRound(keys, seqs, passphrase) {
  return keys.map((key, i) => {
    seqs[i] += 1n;
    const payment = Operation.payment({
      destination: (keys[(i + 1) % keys.length] ?? key).publicKey(),
      asset: Asset.native(),
      amount: '0.0000001',
    });
    return envelope(key, seqs[i], [payment], passphrase);
  });
}

/** The envelopes in ledger-sized batches (`size` each, default LEDGER_SIZE). */
export function batches(envelopes, size = LEDGER_SIZE) {
  const out = [];
  for (let i = 0; i < envelopes.length; i += size) out.push(envelopes.slice(i, i + size));
  return out;
}

/**
 * The least work of a node per payment: decode the envelope, hash the signature payload and
 * verify the source's signature (node:crypto, OpenSSL). Returns how many verified.
 */
export function decodeAndVerify(envelopes, networkId) {
  let verified = 0;
  for (const base64 of envelopes) {
    const envelope = xdr.TransactionEnvelope.fromXdr(base64, 'base64');
    const { tx, signatures } = envelope.v1;
    const payload = new xdr.TransactionSignaturePayload({
      networkId,
      taggedTransaction: xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTx(tx),
    });
    const x = Buffer.from(tx.sourceAccount.ed25519.toBytes()).toString('base64url');
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    const signature = signatures[0]?.signature.toBytes();
    if (signature && verify(null, hash(payload.toXdr()), key, signature)) verified++;
  }
  return verified;
}
