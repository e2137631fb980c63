// The fee windows as stellar-rpc's IngestFees fills them: a classic transaction adds its fee
// charged per operation; a Soroban transaction (one Soroban operation) adds its inclusion fee,
// the fee charged less the resource fee its meta says was charged; one whose meta has no fee
// breakdown adds nothing. Records carry only what the windows read.
import { describe, expect, it } from 'vitest';
import type { LedgerRecord, TxRecord } from '../../src/network/records.js';
import { classicFees, feeDistribution, sorobanFees } from '../../src/rpc/fees.js';

const op = (type: string) => ({ body: { type } });
const sorobanMeta = (nonRefundable: bigint, refundable: bigint) => ({
  ext: {
    type: 'v1',
    v1: {
      totalNonRefundableResourceFeeCharged: nonRefundable,
      totalRefundableResourceFeeCharged: refundable,
    },
  },
});

function tx(given: {
  ops: string[];
  feeCharged: bigint;
  feeBump?: boolean;
  meta?: ReturnType<typeof sorobanMeta> | { ext: { type: 'v0' } };
}): TxRecord {
  const inner = { operations: given.ops.map(op) };
  const envelope = given.feeBump
    ? { type: 'envelopeTypeTxFeeBump', feeBump: { tx: { innerTx: { v1: { tx: inner } } } } }
    : { type: 'envelopeTypeTx', v1: { tx: inner } };
  return {
    envelope,
    result: { feeCharged: given.feeCharged },
    meta: { type: 'v4', v4: { sorobanMeta: given.meta ?? null } },
  } as unknown as TxRecord;
}

const ledger = (...transactions: TxRecord[]) => ({ transactions }) as unknown as LedgerRecord;

describe('the fee windows', () => {
  it.each([
    {
      given: 'a payment',
      tx: tx({ ops: ['payment'], feeCharged: 100n }),
      want: { classic: [100n], soroban: [] },
    },
    {
      given: 'three classic operations',
      tx: tx({ ops: ['payment', 'payment', 'manageData'], feeCharged: 301n }),
      want: { classic: [100n], soroban: [] },
    },
    {
      given: 'an invocation',
      tx: tx({ ops: ['invokeHostFunction'], feeCharged: 95_000n, meta: sorobanMeta(60_000n, 34_800n) }),
      want: { classic: [], soroban: [200n] },
    },
    {
      given: 'an extension in a fee bump',
      tx: tx({
        ops: ['extendFootprintTtl'],
        feeCharged: 7_000n,
        feeBump: true,
        meta: sorobanMeta(6_000n, 500n),
      }),
      want: { classic: [], soroban: [500n] },
    },
    {
      given: 'a restore whose meta has no fee breakdown',
      tx: tx({ ops: ['restoreFootprint'], feeCharged: 7_000n, meta: { ext: { type: 'v0' } } }),
      want: { classic: [], soroban: [] },
    },
  ])('$given', ({ tx: record, want }) => {
    expect({ classic: classicFees([ledger(record)]), soroban: sorobanFees([ledger(record)]) }).toEqual(want);
  });

  it('gives the Soroban window its own distribution', () => {
    const fees = sorobanFees([
      ledger(tx({ ops: ['invokeHostFunction'], feeCharged: 1_100n, meta: sorobanMeta(900n, 100n) })),
      ledger(tx({ ops: ['invokeHostFunction'], feeCharged: 1_300n, meta: sorobanMeta(900n, 100n) })),
    ]);
    expect(feeDistribution(fees, 2)).toMatchObject({
      min: '100',
      max: '300',
      transactionCount: '2',
      ledgerCount: 2,
    });
  });
});
