import {
  Account,
  Asset,
  type FeeBumpTransaction,
  Keypair,
  Networks,
  Operation,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { encodeBytes } from '@stellar/stellar-sdk/xdr';

export const NETWORK = Networks.TESTNET;

/** The hex hash of a transaction, as the ledger API names it. */
export const hashHex = (tx: Transaction | FeeBumpTransaction): string => encodeBytes(tx.hash(), 'hex');

/** A real signed payment, with time bounds [0, maxTime] (unix seconds) or none. */
export function signedPayment(maxTime?: number): { tx: Transaction; source: Keypair } {
  const source = Keypair.random();
  const builder = new TransactionBuilder(new Account(source.publicKey(), '4242'), {
    fee: '100',
    networkPassphrase: NETWORK,
  }).addOperation(
    Operation.payment({
      destination: Keypair.random().publicKey(),
      asset: Asset.native(),
      amount: '12.5000000',
    }),
  );
  if (maxTime === undefined) builder.setTimeout(0);
  else builder.setTimebounds(0, maxTime);
  const tx = builder.build();
  tx.sign(source);
  return { tx, source };
}

/** The payment wrapped in a fee bump paid by another account. */
export function feeBumped(inner: Transaction): FeeBumpTransaction {
  const payer = Keypair.random();
  const bump = TransactionBuilder.buildFeeBumpTransaction(payer, '1000', inner, NETWORK);
  bump.sign(payer);
  return bump;
}

/** The arm of an XDR union without a value, by its name (`txBadSeq`); throws for an unknown name. */
function voidArm<T>(union: unknown, name: string): T {
  const factory = (union as Record<string, (() => T) | undefined>)[name];
  if (typeof factory !== 'function') throw new TypeError(`no union arm ${name}`);
  return factory.call(union);
}

const noOps = (code: string) => voidArm<xdr.TransactionResultResult>(xdr.TransactionResultResult, code);

/**
 * A TransactionResult XDR (base64) with the given code, e.g. `txBadSeq`; `txSuccess`
 * carries the result of one successful payment.
 */
export function resultXdr(code: string, fee = '100'): string {
  return new xdr.TransactionResult({
    feeCharged: BigInt(fee),
    result: code === 'txSuccess' ? xdr.TransactionResultResult.txSuccess([paymentSuccess()]) : noOps(code),
    ext: xdr.TransactionResultExt.v0(),
  }).toXdr('base64');
}

/** A txFAILED TransactionResult whose operations answered the given results. */
export function failedResultXdr(operations: xdr.OperationResult[]): string {
  return new xdr.TransactionResult({
    feeCharged: 100n,
    result: xdr.TransactionResultResult.txFailed(operations),
    ext: xdr.TransactionResultExt.v0(),
  }).toXdr('base64');
}

export const paymentSuccess = (): xdr.OperationResult =>
  xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentSuccess()));

export const paymentUnderfunded = (): xdr.OperationResult =>
  xdr.OperationResult.opInner(xdr.OperationResultTr.payment(xdr.PaymentResult.paymentUnderfunded()));

/** A fee bump's result whose inner transaction answered `innerCode`. */
export function feeBumpInnerFailedXdr(innerHash: Uint8Array, innerCode: string): string {
  const pair = new xdr.InnerTransactionResultPair({
    transactionHash: innerHash,
    result: new xdr.InnerTransactionResult({
      feeCharged: 100n,
      result: voidArm<xdr.InnerTransactionResultResult>(xdr.InnerTransactionResultResult, innerCode),
      ext: xdr.InnerTransactionResultExt.v0(),
    }),
  });
  return new xdr.TransactionResult({
    feeCharged: 200n,
    result: xdr.TransactionResultResult.txFeeBumpInnerFailed(pair),
    ext: xdr.TransactionResultExt.v0(),
  }).toXdr('base64');
}

/** A transaction record as GET /transactions/{hash} answers it (the members the client reads). */
export function record(tx: Transaction | FeeBumpTransaction, successful: boolean, result: string) {
  const hash = hashHex(tx);
  return {
    id: hash,
    paging_token: '180388630528',
    successful,
    hash,
    ledger: 42,
    created_at: '2026-08-21T10:00:00Z',
    envelope_xdr: tx.toEnvelope().toXdr('base64'),
    result_xdr: result,
    fee_charged: '100',
    max_fee: '100',
    operation_count: 1,
  };
}

/** The problem a sync submission answers for a transaction the network refused. */
export function transactionFailed(envelope: string, result: string, codes: Record<string, unknown>) {
  return {
    type: 'https://stellar.org/horizon-errors/transaction_failed',
    title: 'Transaction Failed',
    status: 400,
    detail: 'The transaction failed when submitted to the stellar network.',
    extras: { envelope_xdr: envelope, result_xdr: result, result_codes: codes },
  };
}

export function submissionTimeout(hash: string | undefined, envelope: string) {
  return {
    type: 'https://stellar.org/horizon-errors/transaction_submission_timeout',
    title: 'Transaction Submission Timeout',
    status: 504,
    detail: 'Your transaction submission request has timed out.',
    extras: hash === undefined ? { envelope_xdr: envelope } : { hash, envelope_xdr: envelope },
  };
}

export const NOT_FOUND = {
  status: 404,
  body: { type: 'https://stellar.org/horizon-errors/not_found', title: 'Resource Missing', status: 404 },
};

export function rateLimited(retryAfter?: string) {
  const headers: Record<string, string> = retryAfter === undefined ? {} : { 'retry-after': retryAfter };
  return {
    status: 429,
    headers,
    body: {
      type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
      title: 'Rate Limit Exceeded',
      status: 429,
    },
  };
}
