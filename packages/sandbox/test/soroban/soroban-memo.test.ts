/**
 * A Soroban transaction with a memo (or a muxed source) is txSOROBAN_INVALID at every protocol,
 * but where the check sits moved in protocol 25: before, the queue made it once the transaction
 * was otherwise valid (TransactionQueue::canAdd); from 25 it is part of validity, ahead of the
 * time bounds (TransactionFrame::commonValidPreSeqNum).
 */
import { Account, Keypair, Memo, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { codeOf, Harness } from '../harness.js';
import { counterWasm } from '../support/contracts/index.js';
import { simulate, uploadFunction } from './support.js';

const alice = Keypair.random();

function submitUpload(protocol: number, maxTime: number): string {
  const h = new Harness({ protocol });
  h.fund('1000', alice);
  const fn = uploadFunction(counterWasm());
  const data = simulate(h, alice, fn).transactionData;
  const tx = new TransactionBuilder(new Account(alice.publicKey(), (h.nextSeq(alice) - 1n).toString()), {
    fee: String(100n + data.resourceFee),
    networkPassphrase: h.passphrase,
    timebounds: { minTime: 0, maxTime },
  })
    .addOperation(Operation.invokeHostFunction({ func: fn, auth: [] }))
    .addMemo(Memo.text('hi'))
    .setSorobanData(data)
    .build();
  tx.sign(alice);
  const submitted = h.submit(tx);
  if (submitted.status !== 'ERROR') return submitted.status;
  return codeOf(xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64'));
}

describe('a Soroban transaction with a memo', () => {
  it('is refused at every protocol', () => {
    for (const protocol of [23, 24, 25, 27]) expect(submitUpload(protocol, 0)).toBe('txSorobanInvalid');
  });

  it('from 25, before its time bounds are looked at', () => {
    expect(submitUpload(24, 1)).toBe('txTooLate');
    expect(submitUpload(25, 1)).toBe('txSorobanInvalid');
  });
});
