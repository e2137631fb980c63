// A base reserve raise through POST /_sandbox/upgrade re-checks every offer as stellar-core's
// Upgrades::applyReserveUpgrade (prepareLiabilities) does: an offer selling more lumens than its
// seller now holds above the new reserve is erased, the seller's liabilities are set to what its
// remaining offers hold, and every offer and seller is in the upgrade's upgradesProcessing changes.
import { Asset, Horizon, Keypair, Operation, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { amount } from '../operations/pools.js';
import { fund, signed, submit, type TestSandbox, useTestSandbox } from '../support/sandbox.js';

const [alice, bob, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
const accountKey = (kp: Keypair) =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: kp.xdrAccountId() }));
const offerKey = (kp: Keypair, offerId: bigint) =>
  xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: kp.xdrAccountId(), offerId }));

async function entry(t: TestSandbox, key: xdr.LedgerKey): Promise<xdr.LedgerEntryData | undefined> {
  const { entries } = await t.server.getLedgerEntries(key);
  return entries[0]?.val;
}

async function account(t: TestSandbox, kp: Keypair): Promise<xdr.AccountEntry> {
  const data = await entry(t, accountKey(kp));
  if (data?.type !== 'account') throw new Error('no account');
  return data.account;
}

function liabilities(a: xdr.AccountEntry): { buying: bigint; selling: bigint } {
  return a.ext.type === 'v1' ? a.ext.v1.liabilities : { buying: 0n, selling: 0n };
}

async function run(t: TestSandbox, source: Keypair, ops: xdr.Operation[]): Promise<bigint | undefined> {
  const landed = await submit(t, await signed(t, source, ops));
  expect(landed.status).toBe('SUCCESS');
  const op = landed.resultXdr.result.type === 'txSuccess' ? landed.resultXdr.result.results[0] : undefined;
  const inner = op?.type === 'opInner' ? (op.tr.value as xdr.ManageSellOfferResult) : undefined;
  if (inner?.type !== 'manageSellOfferSuccess') return undefined;
  const made = inner.success.offer;
  return made.type === 'manageOfferCreated' ? made.offer.offerId : undefined;
}

describe('a base reserve raise re-checks offers (prepareLiabilities)', () => {
  const t = useTestSandbox({ closeEvery: 'manual' });

  it('erases the offer past the new reserve, keeps the others, and lists them in upgradesProcessing', async () => {
    await fund(t, alice, bob, issuer);
    await run(t, alice, [Operation.changeTrust({ asset: usd })]);
    await run(t, bob, [Operation.changeTrust({ asset: usd })]);
    await run(t, issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '100' })]);
    // Alice sells 10 USD for lumens (kept), then every lumen above her reserve of 5 entries
    // (0.5 XLM each) at 2 USD a lumen: at the edge of her reserve.
    const usdOffer = await run(t, alice, [
      Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '10', price: '1' }),
    ]);
    const fee = 100n;
    const edge = (await account(t, alice)).balance - fee - 5n * 5_000_000n;
    const lumenOffer = await run(t, alice, [
      Operation.manageSellOffer({ selling: Asset.native(), buying: usd, amount: amount(edge), price: '2' }),
    ]);
    expect(liabilities(await account(t, alice)).selling).toBe(edge);
    // Bob's offer is far inside his reserve.
    const bobOffer = await run(t, bob, [
      Operation.manageSellOffer({ selling: Asset.native(), buying: usd, amount: '100', price: '2' }),
    ]);
    if (usdOffer === undefined || lumenOffer === undefined || bobOffer === undefined)
      throw new Error('an offer was not created');

    const scheduled = await fetch(`${t.net.url}/_sandbox/upgrade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ baseReserve: 10_000_000 }),
    });
    expect(scheduled.status).toBe(200);
    const closed = t.net.closeLedger();
    const { ledgers } = await t.server.getLedgers({ startLedger: closed, pagination: { limit: 1 } });
    const meta = ledgers[0]?.metadataXdr;
    if (meta?.type !== 'v2') throw new Error(`meta ${meta?.type}`);

    // The lumen offer is gone with its subentry: the line and the USD offer remain.
    expect(await entry(t, offerKey(alice, lumenOffer))).toBeUndefined();
    const after = await account(t, alice);
    expect(after.numSubEntries).toBe(2);
    // Liabilities are those of the USD offer alone: 10 lumens bought, none sold.
    expect(liabilities(after)).toEqual({ buying: 100_000_000n, selling: 0n });
    const line = await entry(
      t,
      xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: alice.xdrAccountId(), asset: usd.toTrustLineXdrObject() }),
      ),
    );
    const lineLiabilities =
      line?.type === 'trustline' && line.trustLine.ext.type === 'v1'
        ? line.trustLine.ext.v1.liabilities
        : undefined;
    expect(lineLiabilities).toEqual({ buying: 0n, selling: 100_000_000n });
    expect((await entry(t, offerKey(alice, usdOffer)))?.type).toBe('offer');
    expect(liabilities(await account(t, bob))).toEqual({ buying: 0n, selling: 1_000_000_000n });

    // The upgrade's changes: every offer recorded, the erased one removed, both sellers, and the
    // USD line of each (the assets their remaining offers trade).
    const [processed] = meta.v2.upgradesProcessing;
    expect(processed?.upgrade.type).toBe('ledgerUpgradeBaseReserve');
    const changes = processed?.changes ?? [];
    const removed = changes.filter((c) => c.type === 'ledgerEntryRemoved');
    expect(removed.map((c) => (c.type === 'ledgerEntryRemoved' ? c.removed.toXdr('base64') : ''))).toEqual([
      offerKey(alice, lumenOffer).toXdr('base64'),
    ]);
    const updated = changes.flatMap((c) => (c.type === 'ledgerEntryUpdated' ? [c.updated.data.type] : []));
    expect(updated.sort()).toEqual(['account', 'account', 'offer', 'offer', 'trustline', 'trustline']);
    for (const c of changes)
      if (c.type === 'ledgerEntryUpdated') expect(c.updated.lastModifiedLedgerSeq).toBe(closed);

    // The REST face indexed the upgrade's changes: alice has one offer left, bob his one.
    await t.net.indexed();
    const horizon = new Horizon.Server(t.net.url, { allowHttp: true });
    const aliceOffers = await horizon.offers().seller(alice.publicKey()).call();
    expect(aliceOffers.records.map((o) => o.id)).toEqual([String(usdOffer)]);
    const bobOffers = await horizon.offers().seller(bob.publicKey()).call();
    expect(bobOffers.records.map((o) => [o.id, o.amount])).toEqual([[String(bobOffer), '100.0000000']]);
    expect((await horizon.loadAccount(alice.publicKey())).subentry_count).toBe(2);
  });
});
