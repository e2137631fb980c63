// The official SDK, as a real client, reads from and submits to the Prism mock of the contract.
import { type RunningMock, startMock } from '@starspec/mock';
import {
  Account,
  Asset,
  Horizon,
  Keypair,
  Networks,
  Operation,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let mock: RunningMock;
let server: Horizon.Server;
beforeAll(async () => {
  mock = await startMock('ledger-api', { port: 0 });
  server = new Horizon.Server(mock.url, { allowHttp: true });
});
afterAll(() => mock?.stop());

describe('@stellar/stellar-sdk Horizon.Server against the mock', () => {
  it('reads ledgers', async () => {
    const page = await server.ledgers().order('desc').limit(1).call();
    expect(page.records.length).toBeGreaterThan(0);
    expect(typeof page.records[0]?.sequence).toBe('number');
    expect(typeof page.next).toBe('function');
  });

  it('reads the operations of a ledger', async () => {
    const page = await server.operations().forLedger(52425760).call();
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records[0]?.type).toBeTruthy();
  });

  it('reads one transaction by hash', async () => {
    const tx = await server
      .transactions()
      .transaction('3389e9f0f1a65f19736cacf544c2e825313e8447f569233bb8db39aa607c8889')
      .call();
    expect(tx.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(typeof tx.successful).toBe('boolean');
  });

  it('reads one account', async () => {
    const account = await server
      .accounts()
      .accountId('GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN')
      .call();
    expect(account.account_id).toMatch(/^G[A-Z2-7]{55}$/);
    expect(account.balances.length).toBeGreaterThan(0);
  });

  it('reads fee statistics', async () => {
    const stats = await server.feeStats();
    expect(stats.fee_charged.p50).toMatch(/^[0-9]+$/);
    expect(stats.last_ledger).toMatch(/^[0-9]+$/);
  });

  it('submits a transaction', async () => {
    const source = Keypair.random();
    const tx = new TransactionBuilder(new Account(source.publicKey(), '4294967296'), {
      fee: '100',
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(
        Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }),
      )
      .setTimeout(300)
      .build();
    tx.sign(source);
    const result = await server.submitTransaction(tx, { skipMemoRequiredCheck: true });
    expect(result.successful).toBe(true);
    expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('submits a transaction asynchronously', async () => {
    const source = Keypair.random();
    const tx = new TransactionBuilder(new Account(source.publicKey(), '1'), {
      fee: '100',
      networkPassphrase: Networks.TESTNET,
    })
      .addOperation(Operation.bumpSequence({ bumpTo: '10' }))
      .setTimeout(300)
      .build();
    tx.sign(source);
    const result = await server.submitAsyncTransaction(tx, { skipMemoRequiredCheck: true });
    expect(result.tx_status).toBe('PENDING');
  });
});
