/**
 * The Stellar Asset Contracts and the balances contracts hold in them, kept from contract data and
 * TTL changes as stellar-horizon's asset stats processor keeps them (`asset_stats_processor.go`,
 * `contract_asset_stats.go`): counted from creation or restoration, amounts following updates,
 * gone once their TTL has passed (an extension after that is none) or the entry is removed; an
 * asset whose SAC alone is live is listed. Ledger by ledger and in one batch alike, on each engine.
 */
import { Asset, Keypair, Networks, StrKey, type xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { IndexBatch } from '../../src/derive/records.js';
import { stateChanges } from '../../src/derive/state/ledger-state.js';
import type { AssetSums } from '../../src/store/asset-stats.js';
import { IndexStore } from '../../src/store/index-store.js';
import { ENGINES } from '../support/databases.js';
import { dumpIndex } from '../support/index-dump.js';
import {
  assetInfo,
  balanceValue,
  created,
  i128,
  removed,
  restored,
  sacBalance,
  sacInstance,
  ttl,
  updated,
} from '../support/sac-entries.js';

const PASSPHRASE = Networks.TESTNET;
const issuer = Keypair.random().publicKey();
const usd = new Asset('USD', issuer);
const eur = new Asset('EUR', issuer);
const usdSac = usd.contractId(PASSPHRASE);
const eurSac = eur.contractId(PASSPHRASE);
const xlmSac = Asset.native().contractId(PASSPHRASE);
const [holderA, holderB] = [1, 2].map((n) => StrKey.encodeContract(Buffer.alloc(32, n))) as [string, string];

const balance = (sac: string, holder: string, amount: bigint) =>
  sacBalance(sac, holder, balanceValue(i128(amount)));
const usdInstance = sacInstance(assetInfo(usd), usdSac);
const a70 = balance(usdSac, holderA, 70n);
const a100 = balance(usdSac, holderA, 100n);
const b5 = balance(usdSac, holderB, 5n);

/** Each ledger's changes, from ledger 2 on. */
const LEDGERS: xdr.LedgerEntryChange[][] = [
  [
    ...created(usdInstance, 20),
    ...created(a70, 20),
    ...created(balance(xlmSac, holderA, 9n), 20),
    // A forged USD instance in another contract, and EUR's SAC, live until ledger 7.
    ...created(sacInstance(assetInfo(usd), holderB), 20),
    ...created(sacInstance(assetInfo(eur), eurSac), 7),
  ],
  [...updated(a70, a100), ...created(b5, 4), ...updated(ttl(a70, 20), ttl(a70, 30))],
  [],
  [],
  // B expired at ledger 5: extending its TTL now is no extension.
  [...updated(ttl(b5, 4), ttl(b5, 50))],
  [...restored(b5, 60)],
  [...removed(a100)],
];

function batchOf(changes: xdr.LedgerEntryChange[], i: number): IndexBatch {
  const sequence = i + 2;
  return {
    ledger: {
      sequence,
      body: { sequence, closed_at: '2026-01-01T00:00:00Z' } as IndexBatch['ledger']['body'],
    },
    transactions: [],
    operations: [],
    effects: [],
    trades: [],
    state: stateChanges(changes, sequence, PASSPHRASE),
  };
}

const contractFields = ({ code, contractId, contracts, contractsAmount }: AssetSums) => ({
  code,
  ...(contractId ? { contractId } : {}),
  contracts,
  contractsAmount,
});

const EUR = { code: 'EUR', contractId: eurSac, contracts: 0, contractsAmount: 0n };
const USD = (contracts: number, contractsAmount: bigint) => ({
  code: 'USD',
  contractId: usdSac,
  contracts,
  contractsAmount,
});

/** What `/assets` lists after each ledger. */
const WANT = [
  [EUR, USD(1, 70n)],
  [EUR, USD(2, 105n)],
  [EUR, USD(2, 105n)],
  [EUR, USD(1, 100n)],
  [EUR, USD(1, 100n)],
  [EUR, USD(2, 105n)],
  // EUR's SAC lived until ledger 7.
  [USD(1, 5n)],
];

const listed = async (store: IndexStore) =>
  (await store.state.assetStats({}, { order: 'asc', limit: 10 })).map(contractFields);

describe.each(ENGINES)('contract assets on $name', (engine) => {
  it.skipIf(!engine.available)('follow creation, updates, TTLs and removal, ledger by ledger', async () => {
    const store = await IndexStore.open((await engine.open()).driver, PASSPHRASE);
    const seen = [];
    for (const [i, changes] of LEDGERS.entries()) {
      await store.ingest(batchOf(changes, i));
      seen.push(await listed(store));
    }
    expect(seen).toEqual(WANT);
  });

  it.skipIf(!engine.available)('one batch of every ledger leaves the same index', async () => {
    const [one, many] = await Promise.all([engine.open(), engine.open()]);
    const byLedger = await IndexStore.open(one.driver, PASSPHRASE);
    for (const [i, changes] of LEDGERS.entries()) await byLedger.ingest(batchOf(changes, i));
    const batched = await IndexStore.open(many.driver, PASSPHRASE);
    await batched.ingestMany(LEDGERS.map(batchOf));
    expect(await listed(batched)).toEqual(WANT.at(-1));
    expect(await dumpIndex(many.driver)).toEqual(await dumpIndex(one.driver));
  });
});
