/**
 * How long the SAC keeps its entries (storage_types.rs): each call extends the instance to 7 days
 * of ledgers once it has less than 6 left, and a contract balance to 30 days once it has less
 * than 29; the TTLs are ledger 123 plus those amounts.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { addr, contractId, defaultSac, i128, sacEnv, scAddress } from './support.js';

const DAY = 17_280;

function dataKey(contract: xdr.ScAddress, key: xdr.ScVal): xdr.LedgerKey {
  return xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({ contract, key, durability: xdr.ContractDataDurability.persistent }),
  );
}

describe('SAC entry lifetimes', () => {
  it('the instance lives 7 days past a call, a contract balance 30 days past its write', () => {
    const env = sacEnv();
    const { sac } = defaultSac(env);
    const instance = dataKey(scAddress(sac.id), xdr.ScVal.scvLedgerKeyContractInstance());
    // Created with the network's minimum persistent TTL (4096 ledgers).
    expect(env.snapshot.get(instance)?.liveUntil).toBe(123 + 4096 - 1);
    const holder = contractId(7);
    sac.call('mint', addr(holder), i128(5n));
    expect(env.snapshot.get(instance)?.liveUntil).toBe(123 + 7 * DAY);
    const balance = dataKey(
      scAddress(sac.id),
      xdr.ScVal.scvVec([xdr.ScVal.scvSymbol('Balance'), addr(holder)]),
    );
    expect(env.snapshot.get(balance)?.liveUntil).toBe(123 + 30 * DAY);
    // Within the thresholds nothing is extended again.
    env.ledger.sequenceNumber = 123 + DAY - 1;
    sac.call('balance', addr(holder));
    expect(env.snapshot.get(instance)?.liveUntil).toBe(123 + 7 * DAY);
    expect(env.snapshot.get(balance)?.liveUntil).toBe(123 + 30 * DAY);
    // Past them, both are extended from the current ledger.
    env.ledger.sequenceNumber = 123 + DAY + 1;
    sac.call('balance', addr(holder));
    expect(env.snapshot.get(instance)?.liveUntil).toBe(123 + DAY + 1 + 7 * DAY);
    expect(env.snapshot.get(balance)?.liveUntil).toBe(123 + DAY + 1 + 30 * DAY);
  });
});
