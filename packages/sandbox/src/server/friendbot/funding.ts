/**
 * A funding transaction of friendbot (stellar/go services/friendbot `Minion.makeTx`): the
 * channel account is the source, the root pays (createAccount for a new account, else a
 * payment). Loaded with the first funding: the SDK's builder is not needed to start.
 */
import {
  Account,
  Asset,
  type Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk/base';

export interface Funding {
  bot: Keypair;
  channel: Keypair;
  /** The channel account's current sequence number. */
  channelSeqNum: bigint;
  destination: string;
  /** Whether `destination` exists (paid) or not (created). */
  exists: boolean;
  /** Lumens. */
  amount: string;
  passphrase: string;
}

/** The signed envelope, base64. */
export function fundingEnvelope(funding: Funding): string {
  const { bot, channel, destination, amount } = funding;
  const source = bot.publicKey();
  const operation = funding.exists
    ? Operation.payment({ destination, asset: Asset.native(), amount, source })
    : Operation.createAccount({ destination, startingBalance: amount, source });
  const tx = new TransactionBuilder(new Account(channel.publicKey(), funding.channelSeqNum.toString()), {
    fee: '100',
    networkPassphrase: funding.passphrase,
  })
    .addOperation(operation)
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(channel, bot);
  return tx.toXdr();
}
