/**
 * The official SDK's Horizon.Server, unchanged, against both REST faces: the sandbox's own, and
 * starspec-horizon (the gateway) over the sandbox's RPC.
 */
import { Asset, Horizon, Keypair, NetworkError, Operation, type xdr } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { FACES, signedViaHorizon, useFaces } from '../support/faces.js';
import { fund } from '../support/sandbox.js';

const faces = useFaces();

describe.each(FACES)('Horizon.Server against the %s', (face) => {
  let horizon: Horizon.Server;
  const alice = Keypair.random();
  const bob = Keypair.random();
  const usd = new Asset('USD', alice.publicKey());

  beforeAll(async () => {
    horizon = new Horizon.Server(faces.url(face), { allowHttp: true });
    await fund(faces.t, alice, bob);
    await faces.caughtUp(face);
  });

  async function submit(source: Keypair, operations: xdr.Operation[]) {
    const tx = await signedViaHorizon(horizon, faces.t, source, operations);
    return { tx, answer: horizon.submitTransaction(tx) };
  }

  it('answers the root document and loads an account with its balance', async () => {
    expect((await horizon.root()).network_passphrase).toBe(faces.t.net.passphrase);
    const account = await horizon.loadAccount(alice.publicKey());
    expect(account.balances.find((b) => b.asset_type === 'native')?.balance).toBe('10000.0000000');
  });

  it('submits, then lists the payment in ledgers, transactions, operations, payments and effects', async () => {
    const { tx, answer } = await submit(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '5' }),
    ]);
    const landed = await answer;
    const hash = Buffer.from(tx.hash()).toString('hex');
    expect(landed).toMatchObject({ successful: true, hash });
    // The SDK types a single ledger's answer as a page; it is the record.
    const ledger = (await horizon
      .ledgers()
      .ledger(landed.ledger)
      .call()) as unknown as Horizon.ServerApi.LedgerRecord;
    expect(ledger.sequence).toBe(landed.ledger);
    const payments = await horizon.payments().forTransaction(hash).call();
    expect(payments.records[0]).toMatchObject({
      type: 'payment',
      from: alice.publicKey(),
      amount: '5.0000000',
    });
    const effects = await horizon.effects().forTransaction(hash).call();
    expect(effects.records.map((e) => e.type)).toEqual(['account_credited', 'account_debited']);
    const page = await horizon.transactions().order('desc').limit(1).call();
    const back = await (await page.next()).prev();
    expect(back.records[0]?.hash).toBe(page.records[0]?.hash);
  });

  it('crosses offers: offers, trades and the trustline balances', async () => {
    await (await submit(bob, [Operation.changeTrust({ asset: usd })])).answer;
    await (
      await submit(alice, [Operation.payment({ destination: bob.publicKey(), asset: usd, amount: '100' })])
    ).answer;
    await (
      await submit(bob, [
        Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: '2' }),
      ])
    ).answer;
    const offers = await horizon.offers().seller(bob.publicKey()).call();
    expect(offers.records[0]).toMatchObject({ amount: '10.0000000', price: '2.0000000' });
    await (
      await submit(alice, [
        Operation.manageBuyOffer({ selling: Asset.native(), buying: usd, buyAmount: '4', price: '2' }),
      ])
    ).answer;
    const trades = await horizon.trades().forAssetPair(usd, Asset.native()).call();
    expect(trades.records[0]).toMatchObject({ base_amount: '4.0000000', counter_amount: '8.0000000' });
    const bobAccount = await horizon.loadAccount(bob.publicKey());
    expect(bobAccount.balances.find((b) => 'asset_code' in b && b.asset_code === 'USD')?.balance).toBe(
      '96.0000000',
    );
    expect((await horizon.feeStats()).last_ledger).toEqual(expect.any(String));
  });

  it("lists an account's transactions, operations, payments, effects, offers and trades (forAccount)", async () => {
    const id = bob.publicKey();
    const transactions = await horizon.transactions().forAccount(id).call();
    expect(transactions.records.some((r) => r.source_account === id)).toBe(true);
    const operations = await horizon.operations().forAccount(id).call();
    expect(operations.records.map((r) => r.type)).toEqual(
      expect.arrayContaining(['create_account', 'change_trust', 'payment', 'manage_sell_offer']),
    );
    const payments = await horizon.payments().forAccount(id).limit(200).call();
    expect(
      payments.records.some(
        (r) => r.type === 'payment' && 'to' in r && r.to === id && r.asset_code === 'USD',
      ),
    ).toBe(true);
    const effects = await horizon.effects().forAccount(id).limit(200).call();
    expect(effects.records.length).toBeGreaterThan(0);
    expect(effects.records.every((r) => r.account === id)).toBe(true);
    const offers = await horizon.offers().forAccount(id).call();
    expect(offers.records).toHaveLength(1);
    expect(offers.records[0]).toMatchObject({ seller: id, amount: '6.0000000', price: '2.0000000' });
    const trades = await horizon.trades().forAccount(id).call();
    expect(trades.records).toHaveLength(1);
    expect([trades.records[0]?.base_account, trades.records[0]?.counter_account]).toContain(id);
    const page = await horizon.operations().forAccount(id).order('desc').limit(1).call();
    const back = await (await page.next()).prev();
    expect(back.records.map((r) => r.id)).toEqual(page.records.map((r) => r.id));
  });

  it('surfaces a failed transaction as BadResponseError with its result codes', async () => {
    const { answer } = await submit(alice, [
      Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as { response: { data: { extras: unknown } } }).response.data.extras).toMatchObject({
      result_codes: { transaction: 'tx_failed', operations: ['op_no_destination'] },
    });
  });

  it('submits asynchronously', async () => {
    const tx = await signedViaHorizon(horizon, faces.t, bob, [
      Operation.payment({ destination: alice.publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    expect(await horizon.submitAsyncTransaction(tx)).toMatchObject({ tx_status: 'PENDING' });
  });

  it('streams payments as they land (server-sent events)', async () => {
    const got: string[] = [];
    let close: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      close = horizon
        .payments()
        .cursor('now')
        .stream({
          onmessage: (payment) => {
            const { from, transaction_hash } = payment as unknown as {
              from?: string;
              transaction_hash: string;
            };
            if (from === alice.publicKey()) got.push(transaction_hash);
            if (got.length === 2) resolve();
          },
        });
    });
    await new Promise((r) => setTimeout(r, 200));
    const sent: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { tx, answer } = await submit(alice, [
        Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
      ]);
      await answer;
      sent.push(Buffer.from(tx.hash()).toString('hex'));
    }
    await arrived;
    close();
    expect(got).toEqual(sent);
  });

  it("streams an account's payments as they land (forAccount, cursor now)", async () => {
    const got: string[] = [];
    let close: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      close = horizon
        .payments()
        .forAccount(bob.publicKey())
        .cursor('now')
        .stream({
          onmessage: (payment) => {
            got.push((payment as unknown as { transaction_hash: string }).transaction_hash);
            resolve();
          },
        });
    });
    await new Promise((r) => setTimeout(r, 200));
    const { tx, answer } = await submit(alice, [
      Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }),
    ]);
    await answer;
    await arrived;
    close();
    expect(got).toEqual([Buffer.from(tx.hash()).toString('hex')]);
  });
});
