// The official SDK's rpc.Server, as a real client, calls every read method and sendTransaction
// on the JSON-RPC mock and decodes what comes back.
import { Account, Keypair, Networks, Operation, rpc, TransactionBuilder, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../src/mocks.mjs';

let mock;
let server;
beforeAll(async () => {
  mock = await startMock('ledger-rpc', { port: 0 });
  server = new rpc.Server(mock.url, { allowHttp: true });
});
afterAll(() => mock?.stop());

describe('@stellar/stellar-sdk rpc.Server against the mock', () => {
  it('getLatestLedger', async () => {
    const latest = await server.getLatestLedger();
    expect(latest.sequence).toBeGreaterThan(0);
    expect(latest.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('getHealth', async () => {
    expect((await server.getHealth()).status).toBe('healthy');
  });

  it('getNetwork', async () => {
    expect((await server.getNetwork()).passphrase).toBe(Networks.TESTNET);
  });

  it('getVersionInfo', async () => {
    const info = await server.getVersionInfo();
    expect(info.protocolVersion).toBeGreaterThan(0);
  });

  it('getFeeStats', async () => {
    const stats = await server.getFeeStats();
    expect(stats.sorobanInclusionFee.p50).toMatch(/^[0-9]+$/);
    expect(stats.latestLedger).toBeGreaterThan(0);
  });

  it('getTransaction', async () => {
    // The hash of the contract's successful-transaction example.
    const tx = await server.getTransaction(
      '3c7398b13b0eb6fa868bca5f8600cd91dab9b161d7bd42abbc2b927fe425e145',
    );
    expect(tx.status).toBe('SUCCESS');
    expect(tx.envelopeXdr).toBeInstanceOf(xdr.TransactionEnvelope);
    expect(tx.resultMetaXdr).toBeInstanceOf(xdr.TransactionMeta);
  });

  it('getTransactions', async () => {
    const page = await server.getTransactions({ startLedger: 1043210, pagination: { limit: 2 } });
    expect(page.transactions.length).toBeGreaterThan(0);
    expect(page.transactions[0].envelopeXdr).toBeInstanceOf(xdr.TransactionEnvelope);
  });

  it('getLedgers', async () => {
    const page = await server.getLedgers({ startLedger: 1043210, pagination: { limit: 2 } });
    expect(page.ledgers.length).toBeGreaterThan(0);
    expect(page.ledgers[0].metadataXdr).toBeInstanceOf(xdr.LedgerCloseMeta);
    expect(page.cursor).toBeTruthy();
  });

  it('getEvents', async () => {
    const page = await server.getEvents({
      startLedger: 1043210,
      filters: [
        {
          type: 'contract',
          contractIds: ['CDLZFC3SYJYDZT7K67VZ75HPJVIEUVNIXF47ZG2FB2RMQQVU2HHGCYSC'],
          topics: [['AAAADwAAAAh0cmFuc2Zlcg==', '*', '*', '**']],
        },
      ],
      limit: 10,
    });
    expect(page.events.length).toBeGreaterThan(0);
    expect(page.events[0].topic[0]).toBeInstanceOf(xdr.ScVal);
  });

  it('getLedgerEntries', async () => {
    // The keys of the contract's example: an account and a contract balance.
    const keys = [
      'AAAAAAAAAAAlK6ThTOOuxQH/I146ZR4nk3bvI2/QSXTk9cc8lAyGUw==',
      'AAAABgAAAAHXkotywnA8z+r365/0701QSlWouXn8m0UOoshCtNHOYQAAABAAAAABAAAAAgAAAA8AAAAHQmFsYW5jZQAAAAASAAAAAbMlb2uN+LmBf8KdlIIWCIn9TGutPyDCOoYFzlNXzaADAAAAAQ==',
      'AAAAAAAAAACj5trCivl3DuPnYuT/YUgsLngz3aIaOauJXfauGSlPog==',
    ].map((key) => xdr.LedgerKey.fromXdr(key, 'base64'));
    const answer = await server.getLedgerEntries(...keys);
    expect(answer.latestLedger).toBeGreaterThan(0);
    expect(answer.entries.length).toBeGreaterThan(0);
    expect(answer.entries[0].val).toBeInstanceOf(xdr.LedgerEntryData);
  });

  it('sendTransaction', async () => {
    const source = Keypair.random();
    const tx = new TransactionBuilder(new Account(source.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.bumpSequence({ bumpTo: '10' }))
      .setTimeout(300)
      .build();
    tx.sign(source);
    const sent = await server.sendTransaction(tx);
    expect(['PENDING', 'DUPLICATE', 'TRY_AGAIN_LATER', 'ERROR']).toContain(sent.status);
    expect(sent.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
