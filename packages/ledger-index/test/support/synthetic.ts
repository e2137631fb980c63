/**
 * Transactions built here rather than applied by the sandbox: a ledger's worth of result, meta
 * changes and Stellar Asset Contract events written by hand, so the derive tests can give cases no
 * sandbox run produces (inflation, odd event shapes). The sandbox's own Soroban workload is
 * compared in test/gateway/differential-soroban.test.ts.
 */
import { Address, Asset, Keypair, Networks, StrKey, xdr } from '@stellar/stellar-sdk';
import type { ClosedLedger, ClosedTransaction } from '../../src/meta/closed-ledger.js';

export const PASSPHRASE = Networks.TESTNET;
export const issuer = Keypair.random();
export const [alice, bob, fresh, invoker] = [
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
];
export const usd = new Asset('USD', issuer.publicKey());
export const contract = StrKey.encodeContract(Buffer.alloc(32, 7));

export function i128(stroops: bigint): xdr.ScVal {
  return xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: stroops >> 64n, lo: stroops & ((1n << 64n) - 1n) }));
}

export function address(strkey: string): xdr.ScVal {
  return Address.fromString(strkey).toScVal();
}

/** An event of the asset's contract (or of `contractId` when given). */
export function sacEvent(
  asset: Asset,
  topics: xdr.ScVal[],
  data: xdr.ScVal,
  contractId = asset.contractId(PASSPHRASE),
) {
  return new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: new xdr.ContractId(StrKey.decodeContract(contractId)),
    type: xdr.ContractEventType.contract,
    body: xdr.ContractEventBody.v0(
      new xdr.ContractEventV0({
        topics: [...topics, xdr.ScVal.scvString(asset.toString())],
        data,
      }),
    ),
  });
}

export const sym = (name: string) => xdr.ScVal.scvSymbol(name);
export const muxedAmount = (stroops: bigint, id: bigint) =>
  xdr.ScVal.scvMap([
    new xdr.ScMapEntry({ key: sym('amount'), val: i128(stroops) }),
    new xdr.ScMapEntry({ key: sym('to_muxed_id'), val: xdr.ScVal.scvU64(id) }),
  ]);

export function created(data: xdr.LedgerEntryData): xdr.LedgerEntryChange {
  return xdr.LedgerEntryChange.ledgerEntryCreated(
    new xdr.LedgerEntry({ lastModifiedLedgerSeq: 100, data, ext: xdr.LedgerEntryExt.v0() }),
  );
}

/**
 * A successful transaction of one operation with that result and those meta changes and events
 * (only the fields the index reads are set), in a ledger of this network.
 */
export function syntheticTransaction(
  op: xdr.Operation,
  tr: xdr.OperationResultTr,
  changes: xdr.LedgerEntryChange[] = [],
  events: xdr.ContractEvent[] = [],
): { ledger: ClosedLedger; tx: ClosedTransaction } {
  const meta = xdr.TransactionMeta.v4(
    new xdr.TransactionMetaV4({
      ext: xdr.ExtensionPoint.v0(),
      txChangesBefore: [],
      operations: [new xdr.OperationMetaV2({ ext: xdr.ExtensionPoint.v0(), changes, events })],
      txChangesAfter: [],
      sorobanMeta: null,
      events: [],
      diagnosticEvents: [],
    }),
  );
  const result = new xdr.TransactionResult({
    feeCharged: 100n,
    result: xdr.TransactionResultResult.txSuccess([xdr.OperationResult.opInner(tr)]),
    ext: xdr.TransactionResultExt.v0(),
  });
  const tx = {
    hash: '00'.repeat(32),
    order: 1,
    successful: true,
    source: invoker.xdrMuxedAccount(),
    operations: [op],
    result,
    meta,
  } satisfies Partial<ClosedTransaction>;
  const ledger = { passphrase: PASSPHRASE, sequence: 100, closeTime: 1_700_000_000, transactions: [] };
  return { ledger: ledger as unknown as ClosedLedger, tx: tx as unknown as ClosedTransaction };
}
