/**
 * A sandbox ledger with a controllable clock, and helpers that build real signed envelopes with
 * the SDK's TransactionBuilder and read results and entries back out of the closed ledgers.
 */
import {
  Account,
  Asset,
  type FeeBumpTransaction,
  hash,
  Keypair,
  Operation,
  StrKey,
  scValToNative,
  TimeoutInfinite,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { expect } from 'vitest';
import { type AccountState, readAccount } from '../src/core/entries/account.js';
import { type ClaimableBalanceState, readClaimableBalance } from '../src/core/entries/claimable-balance.js';
import {
  type LiquidityPoolState,
  poolShareAsset,
  readLiquidityPool,
} from '../src/core/entries/liquidity-pool.js';
import { readTrustLine, type TrustLineState } from '../src/core/entries/trustline.js';
import { accountKey, claimableBalanceKey, liquidityPoolKey, trustLineKey } from '../src/core/keys.js';
import { createLedger, type Ledger, type LedgerOptions, type SubmitResult } from '../src/index.js';

export const T0 = 1_700_000_000;

export interface TxOptions {
  fee?: number;
  /** The sequence number the transaction carries (default: the account's next). */
  seq?: bigint;
  /** Keys that sign (default: the source). */
  signers?: Keypair[];
  timebounds?: { minTime: number; maxTime: number };
  ledgerbounds?: { minLedger: number; maxLedger: number };
  memo?: Parameters<TransactionBuilder['addMemo']>[0];
}

export class Harness {
  readonly ledger: Ledger;
  clock = T0;

  constructor(options: LedgerOptions = {}) {
    this.ledger = createLedger({ now: () => this.clock, ...options });
  }

  get passphrase(): string {
    return this.ledger.passphrase;
  }

  account(kp: Keypair | string): AccountState | undefined {
    const id = Keypair.fromPublicKey(typeof kp === 'string' ? kp : kp.publicKey()).xdrAccountId();
    const entry = this.ledger.entry(accountKey(id));
    return entry ? readAccount(entry) : undefined;
  }

  trustLine(kp: Keypair, asset: Asset): TrustLineState | undefined {
    const entry = this.ledger.entry(trustLineKey(kp.xdrAccountId(), asset.toTrustLineXdrObject()));
    return entry ? readTrustLine(entry) : undefined;
  }

  /** A claimable balance by its id in the SDK's hex form. */
  claimableBalance(idHex: string): ClaimableBalanceState | undefined {
    const entry = this.ledger.entry(claimableBalanceKey(xdr.ClaimableBalanceId.fromXDR(idHex, 'hex')));
    return entry ? readClaimableBalance(entry) : undefined;
  }

  /** A liquidity pool by its id in hex. */
  pool(idHex: string): LiquidityPoolState | undefined {
    const entry = this.ledger.entry(liquidityPoolKey(Buffer.from(idHex, 'hex')));
    return entry ? readLiquidityPool(entry) : undefined;
  }

  /** An account's trust line to a pool's shares. */
  poolShares(kp: Keypair, poolIdHex: string): TrustLineState | undefined {
    const key = trustLineKey(kp.xdrAccountId(), poolShareAsset(Buffer.from(poolIdHex, 'hex')));
    const entry = this.ledger.entry(key);
    return entry ? readTrustLine(entry) : undefined;
  }

  balance(kp: Keypair): bigint {
    return this.account(kp)?.balance ?? 0n;
  }

  nextSeq(kp: Keypair): bigint {
    return (this.account(kp)?.seqNum ?? 0n) + 1n;
  }

  /** A signed transaction from `source` with `ops`. */
  tx(source: Keypair, ops: xdr.Operation[], options: TxOptions = {}): Transaction {
    const seq = options.seq ?? this.nextSeq(source);
    const builder = new TransactionBuilder(new Account(source.publicKey(), (seq - 1n).toString()), {
      fee: String(options.fee ?? 100),
      networkPassphrase: this.passphrase,
      timebounds: options.timebounds,
      ledgerbounds: options.ledgerbounds,
    });
    for (const op of ops) builder.addOperation(op);
    if (options.memo) builder.addMemo(options.memo);
    if (!options.timebounds) builder.setTimeout(TimeoutInfinite);
    const tx = builder.build();
    tx.sign(...(options.signers ?? [source]));
    return tx;
  }

  /**
   * A transaction the SDK's builder will not make (no operation, an invalid operation), signed
   * by `signer` over its hash as any signer would.
   */
  raw(
    source: Keypair,
    operations: xdr.Operation[],
    signer: Keypair = source,
    cond: xdr.Preconditions = xdr.Preconditions.precondNone(),
  ): RawTx {
    const tx = new xdr.Transaction({
      sourceAccount: source.xdrMuxedAccount(),
      fee: 100 * Math.max(1, operations.length),
      seqNum: this.nextSeq(source),
      cond,
      memo: xdr.Memo.memoNone(),
      operations,
      ext: xdr.TransactionExt.v0(),
    });
    const payload = new xdr.TransactionSignaturePayload({
      networkId: hash(new TextEncoder().encode(this.passphrase)),
      taggedTransaction: xdr.TransactionSignaturePayloadTaggedTransaction.envelopeTypeTx(tx),
    });
    const txHash = hash(payload.toXdr());
    const envelope = xdr.TransactionEnvelope.envelopeTypeTx(
      new xdr.TransactionV1Envelope({ tx, signatures: [signer.signDecorated(txHash)] }),
    );
    return { envelope: envelope.toXdr('base64'), hash: Buffer.from(txHash).toString('hex'), tx };
  }

  feeBump(
    feeSource: Keypair,
    inner: Transaction,
    baseFee: number,
    signers: Keypair[] = [feeSource],
  ): FeeBumpTransaction {
    const tx = TransactionBuilder.buildFeeBumpTransaction(feeSource, String(baseFee), inner, this.passphrase);
    tx.sign(...signers);
    return tx;
  }

  submit(tx: Transaction | FeeBumpTransaction | string): SubmitResult {
    return this.ledger.submit(typeof tx === 'string' ? tx : tx.toXdr());
  }

  /** Closes a ledger 5 seconds after the previous one. */
  close(): xdr.LedgerCloseMeta {
    this.clock += 5;
    return this.ledger.close();
  }

  /** Submits (expecting PENDING) and closes; the results in apply order. */
  apply(...txs: (Transaction | FeeBumpTransaction)[]): {
    meta: xdr.LedgerCloseMeta;
    results: Map<string, TxRecord>;
  } {
    for (const tx of txs) {
      const submitted = this.submit(tx);
      if (submitted.status !== 'PENDING') {
        throw new Error(
          `not accepted: ${submitted.status} ${submitted.errorResult ? codeOf(submitted.errorResult) : ''}`,
        );
      }
    }
    const meta = this.close();
    return { meta, results: recordsOf(meta) };
  }

  /**
   * Submits a transaction and, when accepted, closes a ledger with it: where its result is
   * (rejected at submission or in the ledger), the result code and the operation codes.
   */
  outcome(tx: Transaction | FeeBumpTransaction | RawTx): Outcome {
    const submitted = this.submit('envelope' in tx ? tx.envelope : tx);
    if (submitted.status === 'ERROR') {
      const result = xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64');
      return { where: 'rejected', code: codeOf(result), ops: opCodesOf(result), result };
    }
    if (submitted.status !== 'PENDING') throw new Error(`unexpected ${submitted.status}`);
    const record = recordsOf(this.close()).get('envelope' in tx ? tx.hash : hashOf(tx));
    if (!record) throw new Error('the transaction is not in the ledger');
    return {
      where: 'ledger',
      code: codeOf(record.result),
      ops: opCodesOf(record.result),
      result: record.result,
      record,
    };
  }

  /** A new ledger in which `accounts` exist, with `xlm` lumens each (one test's set-up). */
  static funded(xlm: string, ...accounts: Keypair[]): Harness {
    const h = new Harness();
    h.fund(xlm, ...accounts);
    return h;
  }

  /** Creates accounts from the root with `xlm` lumens each, in one ledger. */
  fund(xlm: string, ...accounts: Keypair[]): void {
    const ops = accounts.map((kp) =>
      Operation.createAccount({ destination: kp.publicKey(), startingBalance: xlm }),
    );
    const { results } = this.apply(this.tx(this.ledger.root, ops));
    for (const record of results.values()) expect(codeOf(record.result)).toBe('txSuccess');
  }
}

export interface RawTx {
  envelope: string;
  hash: string;
  tx: xdr.Transaction;
}

export interface Outcome {
  where: 'rejected' | 'ledger';
  code: string;
  ops: string[];
  result: xdr.TransactionResult;
  record?: TxRecord;
}

export interface TxRecord {
  result: xdr.TransactionResult;
  processing: xdr.TransactionResultMetaV1;
  meta: xdr.TransactionMetaV4;
}

/** The transactions of a closed ledger by hash (hex), in apply order. */
export function recordsOf(meta: xdr.LedgerCloseMeta): Map<string, TxRecord> {
  if (meta.type !== 'v2') throw new Error('expected LedgerCloseMeta v2');
  const records = new Map<string, TxRecord>();
  for (const processing of meta.v2.txProcessing) {
    const txMeta = processing.txApplyProcessing;
    if (txMeta.type !== 'v4') throw new Error('expected TransactionMeta v4');
    records.set(processing.result.transactionHash.toString(), {
      result: processing.result.result,
      processing,
      meta: txMeta.v4,
    });
  }
  return records;
}

export function hashOf(tx: Transaction | FeeBumpTransaction): string {
  return Buffer.from(tx.hash()).toString('hex');
}

/** The ledger record of a transaction that succeeded (throws, naming the codes, otherwise). */
export function successOf(outcome: Outcome): TxRecord {
  if (!outcome.record || outcome.code !== 'txSuccess') throw new Error(`${outcome.code} ${outcome.ops}`);
  return outcome.record;
}

/** A transaction result's code name (`txSuccess`, `txBadSeq`, ...). */
export function codeOf(result: xdr.TransactionResult): string {
  return result.result.type;
}

/** The inner result of a fee bump's result. */
export function innerCodeOf(result: xdr.TransactionResult): string {
  const r = result.result;
  if (r.type !== 'txFeeBumpInnerSuccess' && r.type !== 'txFeeBumpInnerFailed')
    throw new Error('not a fee bump result');
  return r.innerResultPair.result.result.type;
}

/** The operation results of a txSUCCESS/txFAILED result (or of a fee bump's inner one), as codes. */
export function opCodesOf(result: xdr.TransactionResult): string[] {
  const r = result.result;
  let ops: xdr.OperationResult[] = [];
  if (r.type === 'txSuccess' || r.type === 'txFailed') ops = r.results;
  else if (r.type === 'txFeeBumpInnerSuccess' || r.type === 'txFeeBumpInnerFailed') {
    const inner = r.innerResultPair.result.result;
    if (inner.type === 'txSuccess' || inner.type === 'txFailed') ops = inner.results;
  }
  return ops.map(opCode);
}

/** An operation result's code: `opBadAuth`, or the inner code such as `paymentUnderfunded`. */
export function opCode(op: xdr.OperationResult): string {
  if (op.type !== 'opInner') return op.type;
  return (op.tr.value as { type: string }).type;
}

/** A contract event as it reads: its contract (C…), topics and data as native values. */
export interface SeenEvent {
  contract: string;
  topics: unknown[];
  data: unknown;
}

export function seen(event: xdr.ContractEvent): SeenEvent {
  const body = event.body.v0;
  return {
    contract: StrKey.encodeContract(event.contractId?.toBytes() ?? new Uint8Array(32)),
    topics: body.topics.map((t) => scValToNative(t)),
    data: scValToNative(body.data),
  };
}

/** The events of a transaction's operation. */
export function opEvents(record: TxRecord, index = 0): SeenEvent[] {
  return (record.meta.operations[index]?.events ?? []).map(seen);
}

/** The entry changes of a transaction's operation, as `type:entryType` strings. */
export function opChanges(record: TxRecord, index = 0): string[] {
  return (record.meta.operations[index]?.changes ?? []).map((change) => {
    const entry =
      change.type === 'ledgerEntryRemoved'
        ? change.removed.type
        : (change.value as xdr.LedgerEntry).data.type;
    return `${change.type.replace('ledgerEntry', '').toLowerCase()}:${entry}`;
  });
}

export function native(): Asset {
  return Asset.native();
}

export { Asset, Keypair, Operation, xdr };
