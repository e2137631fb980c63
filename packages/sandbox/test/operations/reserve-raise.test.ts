// A base reserve raise re-checks offers as stellar-core's prepareLiabilities does (the server
// test covers the REST face and the meta): a sponsored offer goes with its sponsorship, an
// issuer's offer of its own asset counts no liabilities for it, and an upgrade that cannot be
// applied (an account it cannot fix) is dropped whole, as LedgerManagerImpl catches the error.
import { xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerKey } from '../../src/core/keys.js';
import { Asset, Harness, Keypair, Operation } from '../harness.js';
import { amount } from './pools.js';

const [alice, sponsor, issuer] = [Keypair.random(), Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
const xlm = Asset.native();
const HALF_XLM = 5_000_000n;
let h: Harness;

/** Raises the reserve at the next close; the upgrades that close applied. */
function raiseReserve(stroops: number): xdr.UpgradeEntryMeta[] {
  h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeBaseReserve(stroops) }]);
  const meta = h.close();
  if (meta.type !== 'v2') throw new Error(`meta ${meta.type}`);
  return meta.v2.upgradesProcessing;
}

/** The id of the offer a successful manage_sell_offer created. */
function offerId(outcome: ReturnType<Harness['outcome']>, index = 0): bigint {
  const op = outcome.result.result.type === 'txSuccess' ? outcome.result.result.results[index] : undefined;
  const inner = op?.type === 'opInner' ? (op.tr.value as xdr.ManageSellOfferResult) : undefined;
  if (inner?.type !== 'manageSellOfferSuccess' || inner.success.offer.type !== 'manageOfferCreated')
    throw new Error(`${outcome.code} ${outcome.ops}`);
  return inner.success.offer.offer.offerId;
}

const offerExists = (seller: Keypair, id: bigint) =>
  h.ledger.entry(offerKey(seller.xdrAccountId(), id)) !== undefined;

beforeEach(() => {
  h = Harness.funded('100', alice, sponsor, issuer);
  h.outcome(h.tx(alice, [Operation.changeTrust({ asset: usd })]));
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '50' })]));
});

describe('a base reserve raise', () => {
  it('erases a sponsored offer past the new reserve and undoes its sponsorship', () => {
    // Alice's reserve: 2 + 2 subentries − 1 sponsored = 3 half lumens; she sells every lumen above it.
    const edge = (h.account(alice)?.balance ?? 0n) - 3n * HALF_XLM;
    const made = h.outcome(
      h.tx(
        sponsor,
        [
          Operation.beginSponsoringFutureReserves({ sponsoredId: alice.publicKey() }),
          Operation.manageSellOffer({
            selling: xlm,
            buying: usd,
            amount: amount(edge),
            price: '1',
            source: alice.publicKey(),
          }),
          Operation.endSponsoringFutureReserves({ source: alice.publicKey() }),
        ],
        { signers: [sponsor, alice] },
      ),
    );
    const id = offerId(made, 1);
    expect(h.account(sponsor)?.numSponsoring).toBe(1);

    expect(raiseReserve(10_000_000)).toHaveLength(1);
    expect(offerExists(alice, id)).toBe(false);
    expect(h.account(sponsor)?.numSponsoring).toBe(0);
    expect(h.account(alice)).toMatchObject({ numSponsored: 0, numSubEntries: 1 });
  });

  it("keeps an issuer's offer of its own asset (no liabilities counted for it) and erases its lumen offer past the reserve", () => {
    const own = offerId(
      h.outcome(
        h.tx(issuer, [
          Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '1000000', price: '1' }),
        ]),
      ),
    );
    // The issuer's reserve: 2 + 2 offers = 4 half lumens, after this transaction's fee.
    const edge = (h.account(issuer)?.balance ?? 0n) - 100n - 4n * HALF_XLM;
    const lumens = offerId(
      h.outcome(
        h.tx(issuer, [
          Operation.manageSellOffer({ selling: xlm, buying: usd, amount: amount(edge), price: '2' }),
        ]),
      ),
    );
    raiseReserve(10_000_000);
    expect(offerExists(issuer, own)).toBe(true);
    expect(offerExists(issuer, lumens)).toBe(false);
    // Lumens bought by the USD offer stay as buying liabilities; none are sold any more.
    expect(h.account(issuer)).toMatchObject({
      sellingLiabilities: 0n,
      buyingLiabilities: 10_000_000_000_000n,
    });
  });

  it('is dropped whole when an account cannot be fixed, as core drops an upgrade that throws', () => {
    const sellsUsd = offerId(
      h.outcome(
        h.tx(alice, [Operation.manageSellOffer({ selling: usd, buying: xlm, amount: '10', price: '1' })]),
      ),
    );
    const sellsXlm = offerId(
      h.outcome(
        h.tx(alice, [Operation.manageSellOffer({ selling: xlm, buying: usd, amount: '10', price: '2' })]),
      ),
    );
    // 50 lumens a reserve: alice's balance is below it, so her lumen liabilities cannot be set.
    const before = h.ledger.latestHeader().header.baseReserve;
    expect(raiseReserve(500_000_000)).toEqual([]);
    expect(h.ledger.latestHeader().header.baseReserve).toBe(before);
    expect([offerExists(alice, sellsUsd), offerExists(alice, sellsXlm)]).toEqual([true, true]);
    // The ledger goes on closing.
    expect(h.outcome(h.tx(alice, [Operation.bumpSequence({ bumpTo: '0' })])).code).toBe('txSuccess');
  });
});
