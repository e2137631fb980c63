// The queue's bound, as stellar-core's TxQueueLimiter keeps it: twice a ledger's operations; a
// newcomer evicts strictly cheaper transactions or is refused (ERROR txINSUFFICIENT_FEE with the
// fee that would do, TRY_AGAIN_LATER when none would); refused and evicted ones are banned for
// ten ledgers.
import { randomBytes } from 'node:crypto';
import { type Transaction, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { BAN_LEDGERS } from '../src/queue-bans.js';
import { codeOf, Harness, hashOf, Keypair, Operation, recordsOf } from './harness.js';

const bump = () => Operation.bumpSequence({ bumpTo: '0' });

function resultOf(submitted: ReturnType<Harness['submit']>): xdr.TransactionResult {
  return xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64');
}

/** An unsigned one-operation envelope from a random account nobody funded. */
function stranger(fee: number): string {
  const tx = new xdr.Transaction({
    sourceAccount: xdr.MuxedAccount.keyTypeEd25519(randomBytes(32)),
    fee,
    seqNum: xdr.Int64.fromString('1'),
    cond: xdr.Preconditions.precondNone(),
    memo: xdr.Memo.memoNone(),
    operations: [bump()],
    ext: xdr.TransactionExt.v0(),
  });
  return xdr.TransactionEnvelope.envelopeTypeTx(new xdr.TransactionV1Envelope({ tx, signatures: [] })).toXdr(
    'base64',
  );
}

/** A ledger of `maxTxSetSize` operations with `count` funded accounts. */
function withAccounts(maxTxSetSize: number, count: number): { h: Harness; accounts: Keypair[] } {
  const h = new Harness({ maxTxSetSize });
  const accounts = Array.from({ length: count }, () => Keypair.random());
  for (let i = 0; i < count; i += maxTxSetSize) h.fund('100', ...accounts.slice(i, i + maxTxSetSize));
  return { h, accounts };
}

describe('the queue holds twice a ledger of operations', () => {
  it('5,000 transactions against ledgers of 100: 200 pending, the others refused as stellar-core refuses them', () => {
    const { h, accounts } = withAccounts(100, 200);
    const accepted = accounts.map((kp) => h.submit(h.tx(kp, [bump()])).status);
    expect(accepted.filter((s) => s === 'PENDING')).toHaveLength(200);

    const statuses = new Map<string, number>();
    for (let i = 0; i < 4_800; i++) {
      const submitted = h.submit(stranger(100));
      const key = submitted.status === 'ERROR' ? `ERROR ${resultOf(submitted).feeCharged}` : submitted.status;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (i === 0) expect(codeOf(resultOf(submitted))).toBe('txInsufficientFee');
    }
    // The same fee cannot evict: each is told the fee that would (one stroop above the cheapest).
    expect(statuses).toEqual(new Map([['ERROR 101', 4_800]]));
    expect(h.ledger.pending()).toHaveLength(200);

    // A ledger takes 100; what stays still lands in the next one, nothing lost.
    expect(recordsOf(h.close()).size).toBe(100);
    expect(h.ledger.pending()).toHaveLength(100);
    expect(recordsOf(h.close()).size).toBe(100);
    expect(h.ledger.pending()).toHaveLength(0);
  });

  it('a higher fee evicts the cheapest; the evicted one is banned for ten ledgers', () => {
    const { h, accounts } = withAccounts(2, 5);
    const [a, b, c, d, e] = accounts as [Keypair, Keypair, Keypair, Keypair, Keypair];
    const cheapest = h.tx(a, [bump()], { fee: 100 });
    const others = [
      h.tx(b, [bump()], { fee: 110 }),
      h.tx(c, [bump()], { fee: 120 }),
      h.tx(d, [bump()], { fee: 130 }),
    ];
    for (const tx of [cheapest, ...others]) expect(h.submit(tx).status).toBe('PENDING');

    const richer = h.tx(e, [bump()], { fee: 101 });
    expect(h.submit(richer)).toEqual({
      status: 'PENDING',
      hash: hashOf(richer),
      evicted: [hashOf(cheapest)],
    });
    expect(h.ledger.pending().sort()).toEqual([richer, ...others].map(hashOf).sort());

    // stellar-core bans it: sent again it is TRY_AGAIN_LATER until ten ledgers have closed.
    for (let i = 0; i < BAN_LEDGERS; i++) {
      expect(h.submit(cheapest).status).toBe('TRY_AGAIN_LATER');
      h.close();
    }
    expect(h.submit(cheapest).status).toBe('PENDING');
  });

  it('the same fee is refused with ERROR txINSUFFICIENT_FEE and the fee that would evict', () => {
    const { h, accounts } = withAccounts(2, 6);
    for (const kp of accounts.slice(0, 4))
      expect(h.submit(h.tx(kp, [bump()], { fee: 100 })).status).toBe('PENDING');
    const same = h.submit(h.tx(accounts[4] as Keypair, [bump()], { fee: 100 }));
    expect(same.status).toBe('ERROR');
    expect(codeOf(resultOf(same))).toBe('txInsufficientFee');
    expect(resultOf(same).feeCharged).toBe(101n);
    // Two operations (the builder's fee is per operation: 200 in all) must bid 201 for both.
    const two = h.submit(h.tx(accounts[5] as Keypair, [bump(), bump()], { fee: 100 }));
    expect(resultOf(two).feeCharged).toBe(201n);
    expect(h.ledger.pending()).toHaveLength(4);
  });

  it('after an eviction a newcomer must beat the evicted bid, even where it fits', () => {
    const { h, accounts } = withAccounts(2, 5);
    const [a, b, c, d, e] = accounts as [Keypair, Keypair, Keypair, Keypair, Keypair];
    const pair = h.tx(a, [bump(), bump()], { fee: 105 }); // the builder's fee is per operation
    const pending = [pair, h.tx(b, [bump()], { fee: 110 }), h.tx(c, [bump()], { fee: 110 })];
    for (const tx of pending) expect(h.submit(tx).status).toBe('PENDING');
    expect(h.submit(h.tx(d, [bump()], { fee: 150 })).evicted).toEqual([hashOf(pair)]);
    // One operation is free, but 105 does not beat the 105 an operation evicted.
    const low = h.submit(h.tx(e, [bump()], { fee: 105 }));
    expect(codeOf(resultOf(low))).toBe('txInsufficientFee');
    expect(resultOf(low).feeCharged).toBe(106n);
    expect(h.ledger.pending()).toHaveLength(3);
    // A close forgets the bid: then even less fits.
    h.close();
    expect(h.submit(h.tx(e, [bump()], { fee: 100 })).status).toBe('PENDING');
  });

  it('a transaction with more operations than the queue can ever hold is TRY_AGAIN_LATER, whatever its fee', () => {
    const { h, accounts } = withAccounts(2, 1);
    const big = h.tx(accounts[0] as Keypair, [bump(), bump(), bump(), bump(), bump()], { fee: 100_000 });
    expect(h.submit(big).status).toBe('TRY_AGAIN_LATER');
    expect(h.ledger.pending()).toEqual([]);
  });

  it('a refused transaction is banned: sent again after room was made, it is TRY_AGAIN_LATER', () => {
    const { h, accounts } = withAccounts(2, 5);
    for (const kp of accounts.slice(0, 4)) h.submit(h.tx(kp, [bump()]));
    const late: Transaction = h.tx(accounts[4] as Keypair, [bump()]);
    expect(h.submit(late).status).toBe('ERROR');
    h.close();
    h.close();
    expect(h.ledger.pending()).toEqual([]);
    expect(h.submit(late).status).toBe('TRY_AGAIN_LATER');
  });
});
