// Friendbot's set-up transaction is built from the XDR types (so that the SDK's TransactionBuilder
// is not loaded at start): it must be the envelope the builder makes, byte for byte.
import { Account, hash, Operation, TimeoutInfinite, TransactionBuilder } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { keypairFromSeed, masterKeypair } from '../../src/core/openssl-keypair.js';
import { channelsSetupEnvelope } from '../../src/server/friendbot/setup-envelope.js';

const PASSPHRASE = 'Standalone Network ; February 2017';

function channels(count: number) {
  return Array.from({ length: count }, (_, i) => keypairFromSeed(hash(Buffer.from(`channel ${i}`))));
}

/** The envelope as friendbot built it with the SDK's builder. */
function builtBySdk(rootSeqNum: bigint, count: number): string {
  const root = masterKeypair(PASSPHRASE);
  const builder = new TransactionBuilder(new Account(root.publicKey(), rootSeqNum.toString()), {
    fee: String(100 * count),
    networkPassphrase: PASSPHRASE,
  });
  for (const channel of channels(count))
    builder.addOperation(
      Operation.createAccount({ destination: channel.publicKey(), startingBalance: '100' }),
    );
  const tx = builder.setTimeout(TimeoutInfinite).build();
  tx.sign(root);
  return tx.toXdr();
}

describe("friendbot's set-up envelope", () => {
  it.each([
    [0n, 16],
    [8_589_934_592n, 3],
    [2n ** 62n, 1],
  ])('is the SDK builder’s, byte for byte (root sequence %s, %i channels)', (rootSeqNum, count) => {
    const envelope = channelsSetupEnvelope({
      root: masterKeypair(PASSPHRASE),
      rootSeqNum,
      channels: channels(count),
      startingBalance: 1_000_000_000n,
      baseFee: 100 * count,
      networkId: hash(Buffer.from(PASSPHRASE)),
    });
    expect(envelope).toBe(builtBySdk(rootSeqNum, count));
  });
});
