// What the RPC reads out of a closed ledger holding a Soroban transaction: its envelope in the
// transaction set's parallel (Soroban) phase, and the diagnostic events of its TransactionMeta v4
// answered by getTransaction as `diagnosticEventsXdr` / `diagnosticEventsJson` (stellar-rpc
// get_transaction.go). The ledger is one the sandbox closed, its transaction moved into that phase.
import { validate } from '@starspec/ledger-rpc';
import {
  Account,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLedger } from '../../src/close/close-ledger.js';
import { createNetwork, type Network } from '../../src/index.js';
import { type LedgerRecord, ledgerRecord } from '../../src/network/records.js';
import { getTransaction } from '../../src/rpc/transactions.js';
import { inXdrFormat } from '../../src/rpc/xdr-json.js';

let network: Network;
let original: LedgerRecord;

const diagnostic = new xdr.DiagnosticEvent({
  inSuccessfulContractCall: true,
  event: new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: null,
    type: xdr.ContractEventType.diagnostic,
    body: xdr.ContractEventBody.v0(
      new xdr.ContractEventV0({ topics: [xdr.ScVal.scvSymbol('fn_return')], data: xdr.ScVal.scvU32(11) }),
    ),
  }),
});

beforeAll(() => {
  network = createNetwork({ closeEvery: 'manual', now: () => 1_700_000_000 });
  network.closeLedger();
  const root = network.ledger.root;
  const account = network.ledger.entry(
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: root.xdrAccountId() })),
  );
  if (account?.data.type !== 'account') throw new Error('no root account');
  const tx = new TransactionBuilder(new Account(root.publicKey(), String(account.data.account.seqNum)), {
    fee: '100',
    networkPassphrase: network.passphrase,
  })
    .addOperation(
      Operation.createAccount({ destination: Keypair.random().publicKey(), startingBalance: '10' }),
    )
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(root);
  expect(network.submit(tx.toXdr()).status).toBe('PENDING');
  original = network.closeLedger();
});
afterAll(() => network.close());

/** The closed ledger with its one transaction in the Soroban phase and a diagnostic event in its meta. */
function asSorobanLedger(): LedgerRecord {
  const meta = original.closed.meta;
  if (meta.type !== 'v2' || meta.v2.txSet.type !== 'v1TxSet') throw new Error('expected meta v2');
  const v2 = meta.v2;
  const envelope = original.transactions[0]?.envelope as xdr.TransactionEnvelope;
  const phases = [
    xdr.TransactionPhase.v0Components([]),
    xdr.TransactionPhase.parallelTxsComponent(
      new xdr.ParallelTxsComponent({ baseFee: null, executionStages: [[[envelope]]] }),
    ),
  ];
  const txSet = xdr.GeneralizedTransactionSet.v1TxSet(
    new xdr.TransactionSetV1({ previousLedgerHash: v2.txSet.v1TxSet.previousLedgerHash, phases }),
  );
  const processing = v2.txProcessing[0] as xdr.TransactionResultMetaV1;
  if (processing.txApplyProcessing.type !== 'v4') throw new Error('expected TransactionMeta v4');
  const txMeta = xdr.TransactionMeta.v4(
    new xdr.TransactionMetaV4({ ...processing.txApplyProcessing.v4, diagnosticEvents: [diagnostic] }),
  );
  const txProcessing = [new xdr.TransactionResultMetaV1({ ...processing, txApplyProcessing: txMeta })];
  const moved = xdr.LedgerCloseMeta.v2(new xdr.LedgerCloseMetaV2({ ...v2, txSet, txProcessing }));
  return ledgerRecord(closedLedger(moved), network.passphrase);
}

function servingOnly(record: LedgerRecord): Network {
  const closed = {
    oldest: () => record,
    latest: () => record,
    get: (sequence: number) => (sequence === record.sequence ? record : undefined),
    range: () => [record],
    transaction: (hash: string) => record.transactions.find((tx) => tx.hash === hash.toLowerCase()),
  };
  return { ...network, closed: closed as unknown as Network['closed'] };
}

describe('a Soroban transaction in a closed ledger', () => {
  it('is found in the parallel phase, with its diagnostic events', () => {
    const record = asSorobanLedger();
    expect(record.transactions.map((tx) => tx.hash)).toEqual(original.transactions.map((tx) => tx.hash));
    expect(record.transactions[0]?.diagnosticEvents.map((e) => e.toXdr('base64'))).toEqual([
      diagnostic.toXdr('base64'),
    ]);
  });

  it('getTransaction gives diagnosticEventsXdr, and diagnosticEventsJson in json', async () => {
    const record = asSorobanLedger();
    const hash = record.transactions[0]?.hash as string;
    const base64 = getTransaction({ network: servingOnly(record) }, { hash });
    expect(base64.diagnosticEventsXdr).toEqual([diagnostic.toXdr('base64')]);
    expect(validate.result('getTransaction', base64).errors).toEqual([]);
    const json = await inXdrFormat('json', (toJson) =>
      getTransaction({ network: servingOnly(record) }, { hash }, toJson),
    );
    expect(json.diagnosticEventsJson).toHaveLength(1);
    expect(json).not.toHaveProperty('diagnosticEventsXdr');
  });

  it('a classic transaction has no diagnosticEventsXdr', () => {
    const hash = original.transactions[0]?.hash as string;
    expect(getTransaction({ network }, { hash })).not.toHaveProperty('diagnosticEventsXdr');
  });
});
