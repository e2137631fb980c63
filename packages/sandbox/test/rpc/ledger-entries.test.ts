// getLedgerEntries of Soroban entries: liveUntilLedgerSeq from the TTL beside each contract data
// and code entry, an archived persistent entry with its past ledger (stellar-core's query server
// at protocol 23), an expired temporary one left out, TTL keys refused, ConfigSetting keys.
import { validate } from '@starspec/ledger-rpc';
import { Address, xdr } from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, type Network } from '../../src/index.js';
import { getLedgerEntries } from '../../src/rpc/entries.js';
import { inXdrFormat } from '../../src/rpc/xdr-json.js';
import { ttlKeyOf } from '../../src/soroban/resources.js';
import { withEntries } from '../support/overlay.js';

let network: Network;
let latest: number;

beforeAll(() => {
  network = createNetwork({ closeEvery: 'manual', now: () => 1_700_000_000 });
  network.closeLedger();
  network.closeLedger();
  latest = network.ledger.latestSequence;
});
afterAll(() => network.close());

function dataEntry(name: string, durability: xdr.ContractDataDurability) {
  const contract = Address.contract(Buffer.alloc(32, 9)).toScAddress();
  const key = xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({ contract, key: xdr.ScVal.scvSymbol(name), durability }),
  );
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 1,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract,
        key: xdr.ScVal.scvSymbol(name),
        durability,
        val: xdr.ScVal.scvU32(7),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
  return { key, entry };
}

const live = dataEntry('live', xdr.ContractDataDurability.persistent);
const archived = dataEntry('archived', xdr.ContractDataDurability.persistent);
const expiredTemp = dataEntry('gone', xdr.ContractDataDurability.temporary);
const liveTemp = dataEntry('soon', xdr.ContractDataDurability.temporary);

function placedNetwork(): Network {
  return withEntries(network, [
    { ...live, liveUntil: latest + 100 },
    { ...archived, liveUntil: latest - 1 },
    { ...expiredTemp, liveUntil: latest - 1 },
    // live through the latest ledger itself
    { ...liveTemp, liveUntil: latest },
  ]);
}

describe('contract data with a TTL', () => {
  it.each<[string, { key: xdr.LedgerKey }, number | undefined]>([
    ['a live persistent entry: its live-until ledger', live, 100],
    ['an archived persistent entry: still answered, with its past ledger', archived, -1],
    ['a temporary entry live through the latest ledger', liveTemp, 0],
    ['an expired temporary entry: left out', expiredTemp, undefined],
  ])('%s', (_name, { key }, offset) => {
    const answer = getLedgerEntries({ network: placedNetwork() }, { keys: [key.toXdr('base64')] });
    expect(answer.entries.map((e) => e.liveUntilLedgerSeq)).toEqual(
      offset === undefined ? [] : [latest + offset],
    );
    expect(validate.result('getLedgerEntries', answer).errors).toEqual([]);
  });

  it('json answers carry liveUntilLedgerSeq too', async () => {
    const answer = await inXdrFormat('json', (toJson) =>
      getLedgerEntries({ network: placedNetwork() }, { keys: [live.key.toXdr('base64')] }, toJson),
    );
    expect(answer.entries[0]).toMatchObject({ liveUntilLedgerSeq: latest + 100, lastModifiedLedgerSeq: 1 });
    expect(answer.entries[0]?.keyJson).toBeDefined();
  });

  it('a TTL key is refused as stellar-rpc refuses it', () => {
    expect(() =>
      getLedgerEntries({ network: placedNetwork() }, { keys: [ttlKeyOf(live.key).toXdr('base64')] }),
    ).toThrow(
      expect.objectContaining({ code: -32602, message: 'ledger ttl entries cannot be queried directly' }),
    );
  });

  it('classic entries have no liveUntilLedgerSeq', () => {
    const root = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: network.ledger.root.xdrAccountId() }),
    );
    const answer = getLedgerEntries({ network }, { keys: [root.toXdr('base64')] });
    expect(answer.entries).toHaveLength(1);
    expect(answer.entries[0]).not.toHaveProperty('liveUntilLedgerSeq');
  });
});

describe('ConfigSetting keys', () => {
  it('the contract size limit as genesis wrote it', () => {
    const key = xdr.LedgerKey.configSetting(
      new xdr.LedgerKeyConfigSetting({
        configSettingId: xdr.ConfigSettingId.configSettingContractMaxSizeBytes,
      }),
    );
    const answer = getLedgerEntries({ network }, { keys: [key.toXdr('base64')] });
    expect(answer.entries).toHaveLength(1);
    const data = xdr.LedgerEntryData.fromXdr(answer.entries[0]?.xdr ?? '', 'base64');
    expect(data.type).toBe('configSetting');
    expect(answer.entries[0]).not.toHaveProperty('liveUntilLedgerSeq');
  });
});
