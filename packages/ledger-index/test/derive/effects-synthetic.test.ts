// Effects read from transactions built here (results, Stellar Asset Contract events and the
// entries the SAC creates), for cases a sandbox run does not give: inflation, which the sandbox
// refuses, and event shapes written by hand.
import { Account, Asset, MuxedAccount, Networks, Operation, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { transactionEffects } from '../../src/derive/effects/index.js';
import type { EffectRow } from '../../src/derive/records.js';
import { readSacEvent } from '../../src/derive/sac-events.js';
import { expectValidEffect, stripped } from '../support/effects.js';
import {
  address,
  alice,
  bob,
  contract,
  created,
  fresh,
  i128,
  invoker,
  issuer,
  muxedAmount,
  PASSPHRASE,
  sacEvent,
  sym,
  syntheticTransaction,
  usd,
} from '../support/synthetic.js';

describe('Stellar Asset Contract events', () => {
  it.each([
    [
      'transfer (v4, muxed recipient)',
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        muxedAmount(5n, 9n),
      ),
      true,
      { type: 'transfer', from: alice.publicKey(), to: bob.publicKey(), amount: 5n, toMuxedId: 9n },
    ],
    [
      'mint (v3 names the admin first)',
      sacEvent(usd, [sym('mint'), address(issuer.publicKey()), address(bob.publicKey())], i128(7n)),
      false,
      { type: 'mint', to: bob.publicKey(), amount: 7n },
    ],
    [
      'mint (v4)',
      sacEvent(usd, [sym('mint'), address(bob.publicKey())], i128(7n)),
      true,
      { type: 'mint', to: bob.publicKey(), amount: 7n },
    ],
    [
      'clawback (v3)',
      sacEvent(usd, [sym('clawback'), address(issuer.publicKey()), address(bob.publicKey())], i128(2n)),
      false,
      { type: 'clawback', from: bob.publicKey(), amount: 2n },
    ],
    [
      'burn',
      sacEvent(Asset.native(), [sym('burn'), address(contract)], i128(3n)),
      true,
      { type: 'burn', from: contract, amount: 3n },
    ],
  ])('%s', (_, event, v4, want) => {
    expect(readSacEvent(event, PASSPHRASE, v4)).toMatchObject(want);
  });

  it.each([
    [
      'another contract',
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        i128(1n),
        contract,
      ),
    ],
    [
      'another network',
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        i128(1n),
        usd.contractId(Networks.PUBLIC),
      ),
    ],
    [
      'another function',
      sacEvent(usd, [sym('approve'), address(alice.publicKey()), address(bob.publicKey())], i128(1n)),
    ],
    [
      'a v4 mint with an admin',
      sacEvent(usd, [sym('mint'), address(issuer.publicKey()), address(bob.publicKey())], i128(1n)),
    ],
    [
      'an amount that is not i128',
      sacEvent(usd, [sym('burn'), address(alice.publicKey())], xdr.ScVal.scvU64(1n)),
    ],
    [
      'a map without to_muxed_id',
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        xdr.ScVal.scvMap([new xdr.ScMapEntry({ key: sym('amount'), val: i128(1n) })]),
      ),
    ],
  ])('is not a SAC event: %s', (_, event) => {
    expect(readSacEvent(event, PASSPHRASE, true)).toBeUndefined();
  });
});

/** The effects of a synthetic transaction, each checked against the contract. */
function syntheticEffects(
  op: xdr.Operation,
  tr: xdr.OperationResultTr,
  changes: xdr.LedgerEntryChange[] = [],
  events: xdr.ContractEvent[] = [],
): EffectRow[] {
  const { ledger, tx } = syntheticTransaction(op, tr, changes, events);
  const rows = transactionEffects(ledger, tx);
  for (const row of rows) expectValidEffect(row);
  return rows;
}

describe('effects of operations the sandbox does not apply', () => {
  it('inflation credits each payout', () => {
    const payouts = [
      new xdr.InflationPayout({ destination: alice.xdrAccountId(), amount: 15n }),
      new xdr.InflationPayout({ destination: bob.xdrAccountId(), amount: 20_000_000n }),
    ];
    const rows = syntheticEffects(
      Operation.inflation({}),
      xdr.OperationResultTr.inflation(xdr.InflationResult.inflationSuccess(payouts)),
    );
    expect(rows.map(stripped)).toEqual([
      {
        op: 1,
        account: alice.publicKey(),
        type: 'account_credited',
        asset_type: 'native',
        amount: '0.0000015',
      },
      {
        op: 1,
        account: bob.publicKey(),
        type: 'account_credited',
        asset_type: 'native',
        amount: '2.0000000',
      },
    ]);
  });

  it.each([
    [
      'extend_footprint_ttl',
      Operation.extendFootprintTtl({ extendTo: 10 }),
      xdr.OperationResultTr.extendFootprintTtl(xdr.ExtendFootprintTtlResult.extendFootprintTtlSuccess()),
    ],
    [
      'restore_footprint',
      Operation.restoreFootprint({}),
      xdr.OperationResultTr.restoreFootprint(xdr.RestoreFootprintResult.restoreFootprintSuccess()),
    ],
  ])('%s has none', (_, op, tr) => {
    expect(syntheticEffects(op, tr)).toEqual([]);
  });

  it('invoke_host_function: accounts or contracts credited and debited per SAC event, then what the SAC created', () => {
    const events = [
      sacEvent(
        Asset.native(),
        [sym('transfer'), address(alice.publicKey()), address(fresh.publicKey())],
        i128(20_000_000n),
      ),
      sacEvent(usd, [sym('transfer'), address(contract), address(bob.publicKey())], muxedAmount(5n, 9n)),
      sacEvent(
        usd,
        [sym('transfer'), address(alice.publicKey()), address(bob.publicKey())],
        i128(1n),
        contract,
      ),
      sacEvent(usd, [sym('mint'), address(contract)], i128(7n)),
      sacEvent(usd, [sym('burn'), address(alice.publicKey())], i128(3n)),
    ];
    const changes = [
      created(
        xdr.LedgerEntryData.trustline(
          new xdr.TrustLineEntry({
            accountId: bob.xdrAccountId(),
            asset: usd.toTrustLineXDRObject(),
            balance: 0n,
            limit: 1_000_000_000n,
            flags: 1,
            ext: xdr.TrustLineEntryExt.v0(),
          }),
        ),
      ),
      created(
        xdr.LedgerEntryData.account(
          new xdr.AccountEntry({
            accountId: fresh.xdrAccountId(),
            balance: 20_000_000n,
            seqNum: 0n,
            numSubEntries: 0,
            inflationDest: null,
            flags: 0,
            homeDomain: '',
            thresholds: new xdr.Thresholds(Uint8Array.of(1, 0, 0, 0)),
            signers: [],
            ext: xdr.AccountEntryExt.v0(),
          }),
        ),
      ),
    ];
    const rows = syntheticEffects(
      Operation.invokeContractFunction({ contract, function: 'run', args: [] }),
      xdr.OperationResultTr.invokeHostFunction(
        xdr.InvokeHostFunctionResult.invokeHostFunctionSuccess(new Uint8Array(32)),
      ),
      changes,
      events,
    );
    for (const row of rows) expectValidEffect(row);
    const dollars = { asset_type: 'credit_alphanum4', asset_code: 'USD', asset_issuer: issuer.publicKey() };
    expect(rows.map(stripped)).toEqual([
      {
        op: 1,
        account: alice.publicKey(),
        type: 'account_debited',
        asset_type: 'native',
        amount: '2.0000000',
      },
      {
        op: 1,
        account: fresh.publicKey(),
        type: 'account_credited',
        asset_type: 'native',
        amount: '2.0000000',
      },
      {
        op: 1,
        account: invoker.publicKey(),
        type: 'contract_debited',
        ...dollars,
        contract,
        amount: '0.0000005',
      },
      {
        op: 1,
        account: bob.publicKey(),
        account_muxed: new MuxedAccount(new Account(bob.publicKey(), '0'), '9').accountId(),
        account_muxed_id: '9',
        type: 'account_credited',
        ...dollars,
        amount: '0.0000005',
      },
      {
        op: 1,
        account: invoker.publicKey(),
        type: 'contract_credited',
        ...dollars,
        contract,
        amount: '0.0000007',
      },
      { op: 1, account: alice.publicKey(), type: 'account_debited', ...dollars, amount: '0.0000003' },
      { op: 1, account: bob.publicKey(), type: 'trustline_created', ...dollars, limit: '100.0000000' },
      { op: 1, account: fresh.publicKey(), type: 'account_created', starting_balance: '2.0000000' },
      {
        op: 1,
        account: fresh.publicKey(),
        type: 'signer_created',
        weight: 1,
        public_key: fresh.publicKey(),
        key: '',
      },
    ]);
  });
});
