/**
 * The root's transaction creating friendbot's channel accounts, built from the XDR types: the
 * envelope the SDK's TransactionBuilder makes for it (`fee` per operation times the operations,
 * time bounds 0/0 for TimeoutInfinite, no memo), byte for byte, without loading the builder, its
 * operations and bignumber.js at start (they load with the first funding, funding.ts). The 64-bit
 * fields are plain bigints: the namespace's own Int64/Uint64 would bring all of xdr/index.js into
 * the start (scripts/sdk-base-imports.mjs).
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { TransactionFrame } from '../../core/tx/frame.js';

export interface ChannelsSetup {
  root: Keypair;
  /** The root account's current sequence number. */
  rootSeqNum: bigint;
  channels: readonly Keypair[];
  /** Stroops each channel account starts with. */
  startingBalance: bigint;
  /** The builder's `fee` option: stroops per operation. */
  baseFee: number;
  networkId: Uint8Array;
}

/** The signed envelope, base64. */
export function channelsSetupEnvelope(setup: ChannelsSetup): string {
  const operations = setup.channels.map(
    (channel) =>
      new xdr.Operation({
        sourceAccount: null,
        body: xdr.OperationBody.createAccount(
          new xdr.CreateAccountOp({
            destination: channel.xdrAccountId(),
            startingBalance: setup.startingBalance,
          }),
        ),
      }),
  );
  const tx = new xdr.Transaction({
    sourceAccount: setup.root.xdrMuxedAccount(),
    fee: setup.baseFee * operations.length,
    seqNum: setup.rootSeqNum + 1n,
    cond: xdr.Preconditions.precondTime(new xdr.TimeBounds({ minTime: 0n, maxTime: 0n })),
    memo: xdr.Memo.memoNone(),
    operations,
    ext: xdr.TransactionExt.v0(),
  });
  const unsigned = xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx, signatures: [] }),
  );
  const { contentsHash } = new TransactionFrame(setup.networkId, unsigned);
  return xdr.TransactionEnvelope.envelopeTypeTx(
    new xdr.TransactionV1Envelope({ tx, signatures: [setup.root.signDecorated(Buffer.from(contentsHash))] }),
  ).toXdr('base64');
}
