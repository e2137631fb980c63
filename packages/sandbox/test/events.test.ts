// CAP-67 unified events as stellar-core emits them from protocol 23: a `fee` event per
// transaction and transfer / mint / burn / set_authorized events per operation, each from the
// asset's Stellar Asset Contract.
import { Account, Memo, MuxedAccount, type xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  Asset,
  codeOf,
  Harness,
  hashOf,
  Keypair,
  Operation,
  opEvents,
  seen,
  type TxRecord,
} from './harness.js';

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob, issuer);
});

function applied(...txs: Parameters<Harness['apply']>): TxRecord[] {
  const { results } = h.apply(...txs);
  return txs.map((tx) => {
    const record = results.get(hashOf(tx));
    if (!record) throw new Error('missing');
    expect(codeOf(record.result)).toMatch(/^tx(FeeBumpInner)?Success$/);
    return record;
  });
}

describe('fee events', () => {
  it('each transaction emits `fee` from its fee source, before all transactions, for the fee charged', () => {
    const [record] = applied(h.tx(alice, [Operation.bumpSequence({ bumpTo: '0' })]));
    const events = record?.meta.events ?? [];
    expect(events).toHaveLength(1);
    expect(events[0]?.stage.name).toBe('transactionEventStageBeforeAllTxs');
    expect(seen(events[0]?.event as xdr.ContractEvent)).toEqual({
      contract: Asset.native().contractId(h.passphrase),
      topics: ['fee', alice.publicKey()],
      data: 100n,
    });
  });

  it('a fee bump charges its fee source', () => {
    const [record] = applied(h.feeBump(bob, h.tx(alice, [Operation.bumpSequence({ bumpTo: '0' })]), 300));
    expect(seen(record?.meta.events[0]?.event as xdr.ContractEvent).topics).toEqual(['fee', bob.publicKey()]);
    expect(seen(record?.meta.events[0]?.event as xdr.ContractEvent).data).toBe(200n);
  });
});

describe('operation events', () => {
  const native = () => Asset.native();

  it('create_account: transfer of the starting balance', () => {
    const carol = Keypair.random();
    const [record] = applied(
      h.tx(alice, [Operation.createAccount({ destination: carol.publicKey(), startingBalance: '7' })]),
    );
    expect(opEvents(record as TxRecord)).toEqual([
      {
        contract: native().contractId(h.passphrase),
        topics: ['transfer', alice.publicKey(), carol.publicKey(), 'native'],
        data: 70_000_000n,
      },
    ]);
  });

  it('payment: transfer; with a memo the data carries it as to_muxed_id', () => {
    const [plain] = applied(
      h.tx(alice, [Operation.payment({ destination: bob.publicKey(), asset: native(), amount: '2' })]),
    );
    expect(opEvents(plain as TxRecord)[0]?.data).toBe(20_000_000n);
    const [memoed] = applied(
      h.tx(alice, [Operation.payment({ destination: bob.publicKey(), asset: native(), amount: '2' })], {
        memo: Memo.id('42'),
      }),
    );
    expect(opEvents(memoed as TxRecord)[0]?.data).toEqual({ amount: 20_000_000n, to_muxed_id: 42n });
  });

  it('payment to a muxed account: the topic is the account, the data names the muxed id', () => {
    const muxed = new MuxedAccount(new Account(bob.publicKey(), '0'), '7');
    const [record] = applied(
      h.tx(alice, [Operation.payment({ destination: muxed.accountId(), asset: native(), amount: '1' })]),
    );
    const [event] = opEvents(record as TxRecord);
    expect(event?.topics).toEqual(['transfer', alice.publicKey(), bob.publicKey(), 'native']);
    expect(event?.data).toEqual({ amount: 10_000_000n, to_muxed_id: 7n });
  });

  it('credit payments: from the issuer a mint, to the issuer a burn, between holders a transfer', () => {
    applied(
      h.tx(alice, [Operation.changeTrust({ asset: usd })]),
      h.tx(bob, [Operation.changeTrust({ asset: usd })]),
    );
    const sac = usd.contractId(h.passphrase);
    const pay = (from: Keypair, to: Keypair, amount: string) =>
      h.tx(from, [Operation.payment({ destination: to.publicKey(), asset: usd, amount })]);
    const [mint] = applied(pay(issuer, alice, '10'));
    expect(opEvents(mint as TxRecord)).toEqual([
      { contract: sac, topics: ['mint', alice.publicKey(), `USD:${issuer.publicKey()}`], data: 100_000_000n },
    ]);
    const [transfer] = applied(pay(alice, bob, '3'));
    expect(opEvents(transfer as TxRecord)[0]?.topics).toEqual([
      'transfer',
      alice.publicKey(),
      bob.publicKey(),
      `USD:${issuer.publicKey()}`,
    ]);
    const [burn] = applied(pay(bob, issuer, '1'));
    expect(opEvents(burn as TxRecord)).toEqual([
      { contract: sac, topics: ['burn', bob.publicKey(), `USD:${issuer.publicKey()}`], data: 10_000_000n },
    ]);
    expect(h.trustLine(bob, usd)?.balance).toBe(20_000_000n);
  });

  it('account_merge: transfer of the whole balance', () => {
    const carol = Keypair.random();
    h.fund('3', carol);
    const balance = h.balance(carol) - 100n;
    const [record] = applied(h.tx(carol, [Operation.accountMerge({ destination: alice.publicKey() })]));
    expect(opEvents(record as TxRecord)).toEqual([
      {
        contract: native().contractId(h.passphrase),
        topics: ['transfer', carol.publicKey(), alice.publicKey(), 'native'],
        data: balance,
      },
    ]);
  });

  it('set_trust_line_flags: set_authorized with the new authorization', () => {
    applied(h.tx(issuer, [Operation.setOptions({ setFlags: 3 })]));
    applied(h.tx(alice, [Operation.changeTrust({ asset: usd })]));
    expect(h.trustLine(alice, usd)?.flags).toBe(0);
    const [record] = applied(
      h.tx(issuer, [
        Operation.setTrustLineFlags({ trustor: alice.publicKey(), asset: usd, flags: { authorized: true } }),
      ]),
    );
    expect(opEvents(record as TxRecord)).toEqual([
      {
        contract: usd.contractId(h.passphrase),
        topics: ['set_authorized', alice.publicKey(), `USD:${issuer.publicKey()}`],
        data: true,
      },
    ]);
    expect(h.trustLine(alice, usd)?.flags).toBe(1);
  });
});
