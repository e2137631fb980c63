// The queue as stellar-core's TransactionQueue: duplicates, one pending transaction per source,
// fee-bump replacement by fee, fee sources that cannot cover all their pending fees, and
// surge pricing when more operations are pending than a ledger holds.
import { xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { InvalidEnvelopeError } from '../src/index.js';
import { codeOf, Harness, hashOf, Keypair, Operation, opCodesOf } from './harness.js';

const [alice, bob] = [Keypair.random(), Keypair.random()];
let h: Harness;

beforeEach(() => {
  h = Harness.funded('1000', alice, bob);
});

const bump = () => Operation.bumpSequence({ bumpTo: '0' });

function errorCode(submitted: ReturnType<Harness['submit']>): string {
  return codeOf(xdr.TransactionResult.fromXdr(submitted.errorResultXdr as string, 'base64'));
}

describe('submit', () => {
  it('answers PENDING with the transaction hash', () => {
    const tx = h.tx(alice, [bump()]);
    expect(h.submit(tx)).toEqual({ status: 'PENDING', hash: hashOf(tx) });
    expect(h.ledger.pending()).toEqual([hashOf(tx)]);
  });

  it('the same envelope again is DUPLICATE', () => {
    const tx = h.tx(alice, [bump()]);
    h.submit(tx);
    expect(h.submit(tx).status).toBe('DUPLICATE');
  });

  it('a fee bump replaces a pending transaction only when it pays ten times its rate', () => {
    const inner = h.tx(alice, [bump()]);
    h.submit(inner);
    const cheap = h.feeBump(bob, inner, 500);
    const cheapResult = h.submit(cheap);
    expect(cheapResult.status).toBe('ERROR');
    expect(errorCode(cheapResult)).toBe('txInsufficientFee');
    // ten times 100 per operation, for the inner operation and the fee bump's own
    expect(xdr.TransactionResult.fromXdr(cheapResult.errorResultXdr as string, 'base64').feeCharged).toBe(
      2000n,
    );
    const rich = h.feeBump(bob, inner, 1000);
    expect(h.submit(rich).status).toBe('PENDING');
    expect(h.ledger.pending()).toEqual([hashOf(rich)]);
    const { results } = h.apply();
    expect(codeOf(results.get(hashOf(rich))?.result as xdr.TransactionResult)).toBe('txFeeBumpInnerSuccess');
  });

  it('a second transaction from a source with one pending is TRY_AGAIN_LATER', () => {
    h.submit(h.tx(alice, [bump()]));
    const next = h.tx(alice, [bump()], { seq: h.nextSeq(alice) + 1n });
    expect(h.submit(next).status).toBe('TRY_AGAIN_LATER');
  });

  it('an older sequence number than the pending one is ERROR txBAD_SEQ', () => {
    h.submit(h.tx(alice, [bump()], { seq: h.nextSeq(alice) }));
    const older = h.tx(alice, [Operation.bumpSequence({ bumpTo: '1' })], { seq: h.nextSeq(alice) - 1n });
    const result = h.submit(older);
    expect(result.status).toBe('ERROR');
    expect(errorCode(result)).toBe('txBadSeq');
  });

  it('ERROR txINSUFFICIENT_BALANCE when the fee source cannot pay all its pending fees', () => {
    const payer = Keypair.random();
    h.fund('1.00002', payer); // 200 stroops above the reserve
    const first = h.feeBump(payer, h.tx(alice, [bump()]), 100);
    expect(h.submit(first).status).toBe('PENDING');
    const second = h.feeBump(payer, h.tx(bob, [bump()]), 100);
    const result = h.submit(second);
    expect(result.status).toBe('ERROR');
    expect(errorCode(result)).toBe('txInsufficientBalance');
    expect(xdr.TransactionResult.fromXdr(result.errorResultXdr as string, 'base64').feeCharged).toBe(0n);
  });

  it('an envelope that is not XDR throws InvalidEnvelopeError', () => {
    expect(() => h.submit('AAAAAgAAAABub3QtYW4tZW52ZWxvcGU=')).toThrow(InvalidEnvelopeError);
    expect(() => h.submit('not base64 at all!')).toThrow(InvalidEnvelopeError);
  });

  it('inflation is refused as on the network since protocol 12: txFAILED with opNOT_SUPPORTED', () => {
    const result = h.submit(h.tx(alice, [Operation.inflation()]));
    expect(errorCode(result)).toBe('txFailed');
    expect(opCodesOf(xdr.TransactionResult.fromXdr(result.errorResultXdr as string, 'base64'))).toEqual([
      'opNotSupported',
    ]);
  });
});

describe('close', () => {
  it('applies the pending transactions and empties the queue; the hash is then txBAD_SEQ', () => {
    const tx = h.tx(alice, [bump()]);
    h.submit(tx);
    h.close();
    expect(h.ledger.pending()).toEqual([]);
    expect(errorCode(h.submit(tx))).toBe('txBadSeq');
  });

  it('surge prices when more operations are pending than the ledger holds', () => {
    const small = new Harness({ maxTxSetSize: 2 });
    const [a, b, c] = [Keypair.random(), Keypair.random(), Keypair.random()];
    for (const kp of [a, b, c]) small.fund('100', kp);
    const cheap = small.tx(a, [bump()], { fee: 100 });
    const mid = small.tx(b, [bump()], { fee: 150 });
    const rich = small.tx(c, [bump()], { fee: 400 });
    for (const tx of [cheap, mid, rich]) expect(small.submit(tx).status).toBe('PENDING');
    const meta = small.close();
    if (meta.type !== 'v2') throw new Error('v2');
    const phase = meta.v2.txSet.v1TxSet.phases[0];
    const component = phase?.type === 'v0Components' ? phase.v0Components[0] : undefined;
    expect(component?.txsMaybeDiscountedFee.baseFee).toBe(150n);
    const charged = meta.v2.txProcessing.map(
      (t) => [t.result.transactionHash.toString(), t.result.result.feeCharged] as const,
    );
    expect(new Map(charged)).toEqual(
      new Map([
        [hashOf(mid), 150n],
        [hashOf(rich), 150n],
      ]),
    );
    expect(small.ledger.pending()).toEqual([hashOf(cheap)]);
    small.close();
    expect(small.ledger.pending()).toEqual([]);
  });
});
