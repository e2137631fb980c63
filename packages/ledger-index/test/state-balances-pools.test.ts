/**
 * Claimable balance and liquidity pool records of the state workload, checked against the
 * contract and the sandbox's entries; and the records whose entries the last ledger removed.
 */
import { xdr } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  address,
  closedAt,
  expectValid,
  type Json,
  sandboxEntry,
  sponsorOf,
  stroops,
} from './support/state-expect.js';
import { type StateWorkload, stateWorkload } from './support/state-workload.js';

let w: StateWorkload;
beforeAll(async () => {
  w = await stateWorkload();
});

function sandboxBalance(id: string) {
  const key = xdr.LedgerKey.claimableBalance(
    new xdr.LedgerKeyClaimableBalance({ balanceId: xdr.ClaimableBalanceId.fromXdr(id, 'hex') }),
  );
  const entry = sandboxEntry(w, key);
  if (entry.data.type !== 'claimableBalance') throw new Error('not a claimable balance');
  return { entry, balance: entry.data.claimableBalance };
}

/** `{abs_before, abs_before_epoch}` for unix seconds, the date from JavaScript's own clock. */
function absBefore(seconds: number) {
  return {
    abs_before: `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`,
    abs_before_epoch: String(seconds),
  };
}

describe('claimable balance records', () => {
  it.each(['fromIssuer', 'forever'] as const)('%s holds its entry', async (name) => {
    const id = w.balances[name];
    const body = (await w.t.store.state.claimableBalance(id)) as Json;
    expectValid('ClaimableBalance', body);
    const { entry, balance } = sandboxBalance(id);
    expect(body).toMatchObject({
      id,
      asset: `USD:${w.issuer.publicKey()}`,
      sponsor: sponsorOf(entry),
      last_modified_ledger: entry.lastModifiedLedgerSeq,
      last_modified_time: closedAt(w, entry.lastModifiedLedgerSeq),
      paging_token: `${entry.lastModifiedLedgerSeq}-${id}`,
    });
    expect(stroops(body.amount)).toBe(balance.amount);
    expect((body.claimants as Json[]).map((c) => c.destination)).toEqual(
      balance.claimants.map((c) => address(c.v0.destination)),
    );
  });

  it('write predicates as Horizon does: relative times made absolute, years past 9999 with a +', async () => {
    const closeTime = w.t.closeTimes.get(w.creationLedger) ?? 0;
    const fromIssuer = (await w.t.store.state.claimableBalance(w.balances.fromIssuer)) as Json;
    expect(fromIssuer).toMatchObject({
      sponsor: w.issuer.publicKey(),
      amount: '5.0000000',
      claimants: [
        { destination: w.alice.publicKey(), predicate: { unconditional: true } },
        {
          destination: w.bob.publicKey(),
          predicate: {
            and: [{ or: [absBefore(4102444800), absBefore(closeTime + 3600)] }, { not: absBefore(1000) }],
          },
        },
      ],
    });
    const forever = (await w.t.store.state.claimableBalance(w.balances.forever)) as Json;
    expect(forever).toMatchObject({
      sponsor: w.alice.publicKey(),
      amount: '1.0000000',
      claimants: [
        {
          destination: w.carol.publicKey(),
          predicate: { abs_before: '+292277026596-12-04T15:30:07Z', abs_before_epoch: '9223372036854775807' },
        },
      ],
    });
  });

  it('flag a balance of a clawback-enabled asset', async () => {
    for (const id of [w.balances.fromIssuer, w.balances.forever]) {
      const { balance } = sandboxBalance(id);
      const flags = balance.ext.type === 'v1' ? balance.ext.v1.flags : 0;
      expect(flags & 1).toBe(1);
      expect(((await w.t.store.state.claimableBalance(id)) as Json).flags).toEqual({
        clawback_enabled: true,
      });
    }
  });
});

describe('liquidity pool records', () => {
  it('hold the pool entry: reserves in asset order, shares and share trust lines', async () => {
    const body = (await w.t.store.state.liquidityPool(w.poolId)) as Json;
    expectValid('LiquidityPool', body);
    const entry = sandboxEntry(
      w,
      xdr.LedgerKey.liquidityPool(
        new xdr.LedgerKeyLiquidityPool({ liquidityPoolId: new xdr.PoolId(Buffer.from(w.poolId, 'hex')) }),
      ),
    );
    if (entry.data.type !== 'liquidityPool') throw new Error('not a pool');
    const pool = entry.data.liquidityPool.body.constantProduct;
    expect(body).toMatchObject({
      id: w.poolId,
      paging_token: w.poolId,
      fee_bp: 30,
      type: 'constant_product',
      // alice's and bob's share trust lines; bob's came in the last ledger.
      total_trustlines: '2',
      last_modified_ledger: entry.lastModifiedLedgerSeq,
      last_modified_time: closedAt(w, entry.lastModifiedLedgerSeq),
    });
    expect(entry.lastModifiedLedgerSeq).toBe(w.lastLedger);
    const reserves = body.reserves as Json[];
    expect(reserves.map((r) => r.asset)).toEqual(['native', `USD:${w.issuer.publicKey()}`]);
    expect(reserves.map((r) => stroops(r.amount))).toEqual([pool.reserveA, pool.reserveB]);
    expect(stroops(body.total_shares)).toBe(pool.totalPoolShares);
    // alice deposited 10 XLM and 20 USD, bob 5 and 10.
    expect(reserves.map((r) => r.amount)).toEqual(['15.0000000', '30.0000000']);
  });
});

describe('removed entries', () => {
  it('take their records with them: a closed offer, a claimed balance, a merged account', async () => {
    const state = w.t.store.state;
    expect(w.beforeRemoval.closedOffer).toMatchObject({ id: w.offers.closed });
    expect(w.beforeRemoval.claimedBalance).toMatchObject({ id: w.balances.claimed });
    expect(w.beforeRemoval.mergedAccount).toMatchObject({ id: w.eve.publicKey() });
    expect(await state.offer(BigInt(w.offers.closed))).toBeUndefined();
    expect(await state.claimableBalance(w.balances.claimed)).toBeUndefined();
    expect(await state.account(w.eve.publicKey())).toBeUndefined();
    expect(await state.listAccounts({ signer: w.eve.publicKey() }, { order: 'asc', limit: 10 })).toEqual([]);
    expect(await state.listClaimableBalances({ asset: 'native' }, { order: 'asc', limit: 10 })).toEqual([]);
  });

  it('are written again when the entry comes back: an account merged then created sponsored', async () => {
    const frank = (await w.t.store.state.account(w.frank.publicKey())) as Json;
    expect(frank).toMatchObject({ sponsor: w.dave.publicKey(), balances: [{ balance: '10.0000000' }] });
  });
});
