// POST /_sandbox/upgrade schedules ledger upgrades as stellar-core's `upgrades?mode=set` does;
// the next close applies them (Upgrades::applyTo) and its meta lists them in upgradesProcessing.
// Bad input is a problem+json 400, and the endpoint has the protections of POST /_sandbox/close.
import {
  Asset,
  BASE_FEE,
  Horizon,
  hash,
  Keypair,
  Operation,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opCodesOf } from '../harness.js';
import { freezeSet } from '../support/frozen.js';
import { type TestSandbox, testSandbox } from '../support/sandbox.js';

const JSON_BODY = { 'content-type': 'application/json' };

async function post(
  t: TestSandbox,
  path: string,
  body: unknown,
  headers: Record<string, string> = JSON_BODY,
) {
  const response = await fetch(`${t.net.url}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

const upgrade = (t: TestSandbox, body: unknown) => post(t, '/_sandbox/upgrade', body);

async function close(t: TestSandbox): Promise<xdr.LedgerCloseMetaV2> {
  const closed = await post(t, '/_sandbox/close', {});
  expect(closed.status).toBe(200);
  const { ledgers } = await t.server.getLedgers({
    startLedger: closed.body?.sequence as number,
    pagination: { limit: 1 },
  });
  const meta = ledgers[0]?.metadataXdr;
  if (meta?.type !== 'v2') throw new Error(`meta ${meta?.type}`);
  return meta.v2;
}

/** The ConfigSetting entry of `id` as getLedgerEntries answers it. */
async function configSetting(t: TestSandbox, id: xdr.ConfigSettingId): Promise<xdr.ConfigSettingEntry> {
  const { entries } = await t.server.getLedgerEntries(configSettingKey(id));
  const data = entries[0]?.val;
  if (data?.type !== 'configSetting') throw new Error('no such setting');
  return data.configSetting;
}

function configSettingKey(id: xdr.ConfigSettingId): xdr.LedgerKey {
  return xdr.LedgerKey.configSetting(new xdr.LedgerKeyConfigSetting({ configSettingId: id }));
}

describe('POST /_sandbox/upgrade', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await testSandbox({ closeEvery: 'manual', protocol: 25 });
  });
  afterAll(async () => {
    await t.net.stop();
    expect(t.errors).toEqual([]);
  });

  it('applies version, fees, sizes and flags at the next close, each in upgradesProcessing', async () => {
    expect((await t.server.getVersionInfo()).protocolVersion).toBe(25);
    const scheduled = await upgrade(t, {
      baseFee: 200,
      version: 26,
      maxTxSetSize: 500,
      baseReserve: 10_000_000,
      flags: 1,
      maxSorobanTxSetSize: 42,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body?.ledger).toBe((await t.server.getLatestLedger()).sequence + 1);
    // In LedgerUpgradeType order (Upgrades::createUpgradesFor), as the StellarValue carries them.
    const types = ((scheduled.body?.upgrades ?? []) as string[]).map(
      (u) => xdr.LedgerUpgrade.fromXdr(u, 'base64').type,
    );
    expect(types).toEqual([
      'ledgerUpgradeVersion',
      'ledgerUpgradeBaseFee',
      'ledgerUpgradeMaxTxSetSize',
      'ledgerUpgradeBaseReserve',
      'ledgerUpgradeFlags',
      'ledgerUpgradeMaxSorobanTxSetSize',
    ]);

    const meta = await close(t);
    const header = meta.ledgerHeader.header;
    expect(header.ledgerVersion).toBe(26);
    expect(header.baseFee).toBe(200);
    expect(header.baseReserve).toBe(10_000_000);
    expect(header.maxTxSetSize).toBe(500);
    expect(header.ext.type === 'v1' && header.ext.v1.flags).toBe(1);
    expect(header.scpValue.upgrades.map((u) => Buffer.from(u.toBytes()).toString('base64'))).toEqual(
      scheduled.body?.upgrades,
    );
    const processed = meta.upgradesProcessing;
    expect(processed.map((u) => u.upgrade.type)).toEqual(types);
    // The version upgrade wrote protocol 26's entries; the Soroban set size changed its lanes entry.
    expect(processed[0]?.changes.length).toBeGreaterThan(0);
    expect(processed[1]?.changes).toEqual([]);
    expect(processed[5]?.changes.map((c) => c.type)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);

    expect((await t.server.getVersionInfo()).protocolVersion).toBe(26);
    expect((await t.server.getNetwork()).protocolVersion).toBe(26);
    const lanes = await configSetting(t, xdr.ConfigSettingId.configSettingContractExecutionLanes);
    expect(
      lanes.type === 'configSettingContractExecutionLanes' && lanes.contractExecutionLanes.ledgerMaxTxCount,
    ).toBe(42);
    // Applied once.
    expect((await close(t)).upgradesProcessing).toEqual([]);
  });

  it('applies a Soroban ConfigUpgradeSet under the key of its content hash', async () => {
    const set = new xdr.ConfigUpgradeSet({
      updatedEntry: [xdr.ConfigSettingEntry.configSettingContractMaxSizeBytes(65_536)],
    });
    expect((await upgrade(t, { config: set.toXdr('base64') })).status).toBe(200);
    const meta = await close(t);
    const [processed] = meta.upgradesProcessing;
    const key = processed?.upgrade.type === 'ledgerUpgradeConfig' ? processed.upgrade.newConfig : undefined;
    expect(Buffer.from(key?.contentHash.toBytes() ?? [])).toEqual(
      Buffer.from(hash(Buffer.from(set.toXdr()))),
    );
    expect(processed?.changes.map((c) => c.type)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    const max = await configSetting(t, xdr.ConfigSettingId.configSettingContractMaxSizeBytes);
    expect(max.type === 'configSettingContractMaxSizeBytes' && max.contractMaxSizeBytes).toBe(65_536);
  });

  it('holds the frozen ledger keys a delta names (protocol 26), as getLedgerEntries shows', async () => {
    const frozen = xdr.LedgerKey.account(
      new xdr.LedgerKeyAccount({ accountId: Keypair.random().xdrAccountId() }),
    );
    const set = freezeSet({ freeze: [frozen] });
    expect((await upgrade(t, { config: set.toXdr('base64') })).status).toBe(200);
    const [processed] = (await close(t)).upgradesProcessing;
    expect(processed?.changes.map((c) => c.type)).toEqual(['ledgerEntryState', 'ledgerEntryUpdated']);
    const held = await configSetting(t, xdr.ConfigSettingId.configSettingFrozenLedgerKeys);
    const keys = held.type === 'configSettingFrozenLedgerKeys' ? held.frozenLedgerKeys.keys : [];
    expect(keys.map((k) => Buffer.from(k.toBytes()).toString('base64'))).toEqual([frozen.toXdr('base64')]);
  });

  it.each([
    ['an empty object', {}, 'body'],
    ['an array', [{ version: 27 }], 'body'],
    ['not JSON', '{version', 'body'],
    ['an unknown field', { protocol: 27 }, 'protocol'],
    ['a version that is not a number', { version: '27' }, 'version'],
    ['a negative fee', { baseFee: -1 }, 'baseFee'],
    ['a fraction', { baseReserve: 1.5 }, 'baseReserve'],
    ['past uint32', { maxTxSetSize: 2 ** 32 }, 'maxTxSetSize'],
    ['a config that is not XDR', { config: 'AAAA' }, 'config'],
    ['a version down', { version: 24 }, 'upgrade'],
    ['a version past 28', { version: 29 }, 'upgrade'],
    ['a base fee of 0', { baseFee: 0 }, 'upgrade'],
    ['flags past the pool ones', { flags: 8 }, 'upgrade'],
    [
      'a delta freezing an offer',
      {
        config: freezeSet({
          freeze: [
            xdr.LedgerKey.offer(
              new xdr.LedgerKeyOffer({ sellerId: Keypair.random().xdrAccountId(), offerId: 1n }),
            ),
          ],
        }).toXdr('base64'),
      },
      'upgrade',
    ],
    [
      'a setting core keeps for itself',
      {
        config: new xdr.ConfigUpgradeSet({
          updatedEntry: [
            xdr.ConfigSettingEntry.configSettingEvictionIterator(
              new xdr.EvictionIterator({ bucketListLevel: 6, isCurrBucket: true, bucketFileOffset: 0n }),
            ),
          ],
        }).toXdr('base64'),
      },
      'upgrade',
    ],
  ])('%s is a problem+json 400 naming the field, and nothing is scheduled', async (_name, body, field) => {
    const answer = await upgrade(t, body);
    expect(answer.status).toBe(400);
    expect(answer.type).toContain('application/problem+json');
    expect((answer.body?.extras as { invalid_field?: string } | undefined)?.invalid_field).toBe(field);
    expect(t.net.ledger.scheduledUpgrades()).toEqual([]);
  });

  it('has the protections of POST /_sandbox/close: JSON only, POST only, no page of another origin', async () => {
    expect(
      (await post(t, '/_sandbox/upgrade', '{"baseFee":300}', { 'content-type': 'text/plain' })).status,
    ).toBe(415);
    expect((await fetch(`${t.net.url}/_sandbox/upgrade`)).status).toBe(405);
    const fromPage = await post(
      t,
      '/_sandbox/upgrade',
      { baseFee: 300 },
      { ...JSON_BODY, origin: 'http://evil.example' },
    );
    expect(fromPage.status).toBe(403);
    const tooLarge = await post(t, '/_sandbox/upgrade', { config: 'A'.repeat(300_000) });
    expect(tooLarge.status).toBe(413);
    expect(t.net.ledger.scheduledUpgrades()).toEqual([]);
  });
});

describe('a base reserve upgrade, seen through the SDK', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    // Ledgers close on their own: friendbot and the payment land without the test closing them.
    t = await testSandbox({ closeEvery: 100 });
  });
  afterAll(async () => {
    await t.net.stop();
    expect(t.errors).toEqual([]);
  });

  it('raises what an account must keep: a payment it could make before is underfunded after', async () => {
    const alice = Keypair.random();
    const bob = Keypair.random();
    await Promise.all([t.server.requestAirdrop(alice.publicKey()), t.server.requestAirdrop(bob.publicKey())]);
    // 40 XLM a reserve: an account of 10,000 XLM keeps 80 and can send no more than 9,920.
    const scheduled = await upgrade(t, { baseReserve: 400_000_000 });
    expect(scheduled.status).toBe(200);
    while ((await t.server.getLatestLedger()).sequence < (scheduled.body?.ledger as number)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const horizon = new Horizon.Server(t.net.url, { allowHttp: true });
    await t.net.indexed();
    const [latest] = (await horizon.ledgers().order('desc').limit(1).call()).records;
    expect(latest?.base_reserve_in_stroops).toBe(400_000_000);
    const account = await horizon.loadAccount(alice.publicKey());
    const tx = new TransactionBuilder(account, { fee: BASE_FEE, networkPassphrase: t.net.passphrase })
      .addOperation(
        Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '9950' }),
      )
      .setTimeout(60)
      .build();
    tx.sign(alice);
    const sent = await t.server.sendTransaction(tx);
    const landed = await t.server.pollTransaction(sent.hash);
    expect(landed.status).toBe('FAILED');
    if (landed.status !== 'FAILED') throw new Error(landed.status);
    expect(opCodesOf(landed.resultXdr)).toEqual(['paymentUnderfunded']);

    // Friendbot still funds (10,000 XLM is above the 80 a new account needs; its channel
    // accounts of 100 XLM keep 80 and pay the fees from the rest).
    const carol = Keypair.random();
    await t.server.requestAirdrop(carol.publicKey());
    expect((await horizon.loadAccount(carol.publicKey())).balances.at(-1)?.balance).toBe('10000.0000000');
  });
});
