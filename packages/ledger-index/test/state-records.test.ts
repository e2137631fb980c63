/**
 * The current-state records of a sandbox workload: each valid against the contract, and each
 * field equal to what the workload did or to what the sandbox's own entries hold.
 */
import { xdr } from '@stellar/stellar-sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  closedAt,
  expectValid,
  type Json,
  sandboxAccount,
  sandboxEntry,
  sandboxTrustLine,
  sponsorOf,
  stroops,
} from './support/state-expect.js';
import { type StateWorkload, stateWorkload } from './support/state-workload.js';

let w: StateWorkload;
beforeAll(async () => {
  w = await stateWorkload();
});

describe('account records', () => {
  it('hold what the account entry holds', async () => {
    for (const kp of [w.issuer, w.alice, w.bob, w.carol, w.dave, w.frank]) {
      const body = (await w.t.store.state.account(kp.publicKey())) as Json;
      expectValid('Account', body);
      const { entry, account, liabilities, v2 } = sandboxAccount(w, kp);
      expect(body).toMatchObject({
        id: kp.publicKey(),
        account_id: kp.publicKey(),
        paging_token: kp.publicKey(),
        sequence: account.seqNum.toString(),
        subentry_count: account.numSubEntries,
        last_modified_ledger: entry.lastModifiedLedgerSeq,
        last_modified_time: closedAt(w, entry.lastModifiedLedgerSeq),
        num_sponsoring: v2?.numSponsoring ?? 0,
        num_sponsored: v2?.numSponsored ?? 0,
      });
      expect(body.sponsor).toBe(sponsorOf(entry));
      const native = (body.balances as Json[]).at(-1);
      expect(native).toEqual({
        balance: native?.balance,
        buying_liabilities: native?.buying_liabilities,
        selling_liabilities: native?.selling_liabilities,
        asset_type: 'native',
      });
      expect(stroops(native?.balance)).toBe(account.balance);
      expect(stroops(native?.buying_liabilities)).toBe(liabilities?.buying ?? 0n);
      expect(stroops(native?.selling_liabilities)).toBe(liabilities?.selling ?? 0n);
    }
  });

  it('hold the options, data and signers the workload set', async () => {
    const alice = (await w.t.store.state.account(w.alice.publicKey())) as Json;
    expect(alice).toMatchObject({
      home_domain: 'alice.example',
      inflation_destination: w.dave.publicKey(),
      thresholds: { low_threshold: 1, med_threshold: 2, high_threshold: 3 },
      flags: {
        auth_required: false,
        auth_revocable: false,
        auth_immutable: false,
        auth_clawback_enabled: false,
      },
      data: { greeting: Buffer.from('hello').toString('base64'), raw: 'AAEC/w==' },
    });
    const signers = alice.signers as Json[];
    expect(new Set(signers)).toEqual(
      new Set([
        { weight: 5, key: w.alice.publicKey(), type: 'ed25519_public_key' },
        { weight: 2, key: w.bob.publicKey(), type: 'ed25519_public_key' },
        { weight: 1, key: w.hashX, type: 'sha256_hash' },
        { weight: 1, key: w.preAuthTx, type: 'preauth_tx' },
        { weight: 3, key: w.signedPayload, type: 'ed25519_signed_payload' },
      ]),
    );
    const keys = signers.map((signer) => String(signer.key));
    expect(keys).toEqual([...keys].sort());
    const issuer = (await w.t.store.state.account(w.issuer.publicKey())) as Json;
    expect(issuer).toMatchObject({
      home_domain: 'issuer.example',
      flags: {
        auth_required: false,
        auth_revocable: true,
        auth_immutable: false,
        auth_clawback_enabled: true,
      },
    });
    expect(issuer.inflation_destination).toBeUndefined();
  });

  it('list a master key of weight 0 last, and sponsors of signers, data and trust lines', async () => {
    const carol = (await w.t.store.state.account(w.carol.publicKey())) as Json;
    expect(carol.signers).toEqual([
      { weight: 1, key: w.alice.publicKey(), type: 'ed25519_public_key', sponsor: w.dave.publicKey() },
      { weight: 0, key: w.carol.publicKey(), type: 'ed25519_public_key' },
    ]);
    expect(carol.data).toEqual({ sponsored: Buffer.from('yes').toString('base64') });
    expect(carol.sequence_ledger).toBe(w.creationLedger);
    const frank = (await w.t.store.state.account(w.frank.publicKey())) as Json;
    // A sponsored account entry counts two base reserves.
    expect(frank).toMatchObject({ sponsor: w.dave.publicKey(), num_sponsored: 2 });
    expect(frank.sequence_ledger).toBeUndefined();
    expect(frank.sequence_time).toBeUndefined();
  });

  it('give sequence_ledger and sequence_time of the last transaction the account sent', async () => {
    const bob = (await w.t.store.state.account(w.bob.publicKey())) as Json;
    expect(bob).toMatchObject({
      sequence_ledger: w.lastLedger,
      sequence_time: String(w.t.closeTimes.get(w.lastLedger)),
    });
  });

  it('list trust lines (pool shares first, then by code) before lumens, as the entries hold them', async () => {
    const cases = [
      { account: w.alice, assets: [w.eur, w.usd], pool: true },
      { account: w.bob, assets: [w.eur, w.usd], pool: true },
      { account: w.carol, assets: [w.usd], pool: false },
      { account: w.dave, assets: [], pool: false },
    ];
    for (const { account, assets, pool } of cases) {
      const body = (await w.t.store.state.account(account.publicKey())) as Json;
      const balances = (body.balances as Json[]).slice(0, -1);
      expect(balances.map((b) => b.asset_code ?? b.liquidity_pool_id)).toEqual([
        ...(pool ? [w.poolId] : []),
        ...assets.map((asset) => asset.getCode()),
      ]);
      for (const [index, asset] of assets.entries()) {
        const balance = balances[index + (pool ? 1 : 0)] ?? {};
        const { entry, line } = sandboxTrustLine(w, account, asset);
        const liabilities = line.ext.type === 'v1' ? line.ext.v1.liabilities : undefined;
        expect(balance).toMatchObject({
          last_modified_ledger: entry.lastModifiedLedgerSeq,
          is_authorized: (line.flags & 1) !== 0,
          is_authorized_to_maintain_liabilities: (line.flags & 3) !== 0,
          asset_type: asset.getAssetType(),
          asset_issuer: w.issuer.publicKey(),
        });
        expect(balance.is_clawback_enabled).toBe((line.flags & 4) !== 0 ? true : undefined);
        expect(balance.sponsor).toBe(sponsorOf(entry));
        expect([balance.balance, balance.limit].map(stroops)).toEqual([line.balance, line.limit]);
        expect([balance.buying_liabilities, balance.selling_liabilities].map(stroops)).toEqual([
          liabilities?.buying ?? 0n,
          liabilities?.selling ?? 0n,
        ]);
      }
    }
    const carol = (await w.t.store.state.account(w.carol.publicKey())) as Json;
    expect((carol.balances as Json[])[0]).toMatchObject({
      limit: '500.0000000',
      sponsor: w.dave.publicKey(),
      is_authorized: false,
      is_authorized_to_maintain_liabilities: true,
      is_clawback_enabled: true,
    });
  });

  it('give pool share balances without liabilities or sponsor', async () => {
    const alice = (await w.t.store.state.account(w.alice.publicKey())) as Json;
    const [shares] = alice.balances as Json[];
    const poolAsset = xdr.TrustLineAsset.assetTypePoolShare(new xdr.PoolId(Buffer.from(w.poolId, 'hex')));
    const { entry, line } = sandboxTrustLine(w, w.alice, poolAsset);
    expect(shares).toEqual({
      balance: shares?.balance,
      liquidity_pool_id: w.poolId,
      limit: '922337203685.4775807',
      last_modified_ledger: entry.lastModifiedLedgerSeq,
      is_authorized: false,
      is_authorized_to_maintain_liabilities: false,
      asset_type: 'liquidity_pool_shares',
    });
    expect(stroops(shares?.balance)).toBe(line.balance);
  });
});

describe('offer records', () => {
  const cases = [
    { name: 'usdForXlm', seller: 'alice', price_r: { n: 3, d: 7 }, price: '0.4285714', sponsored: false },
    { name: 'xlmForEur', seller: 'alice', price_r: { n: 2, d: 1 }, price: '2.0000000', sponsored: false },
    { name: 'bobSponsored', seller: 'bob', price_r: { n: 5, d: 3 }, price: '1.6666667', sponsored: true },
  ] as const;
  it.each(cases)('$name holds its entry, priced as Horizon prices it', async (c) => {
    const id = w.offers[c.name];
    const body = (await w.t.store.state.offer(BigInt(id))) as Json;
    expectValid('Offer', body);
    const seller = w[c.seller];
    const entry = sandboxEntry(
      w,
      xdr.LedgerKey.offer(new xdr.LedgerKeyOffer({ sellerId: seller.xdrAccountId(), offerId: BigInt(id) })),
    );
    if (entry.data.type !== 'offer') throw new Error('not an offer');
    expect(body).toMatchObject({
      id,
      paging_token: id,
      seller: seller.publicKey(),
      price_r: c.price_r,
      price: c.price,
      last_modified_ledger: entry.lastModifiedLedgerSeq,
      last_modified_time: closedAt(w, entry.lastModifiedLedgerSeq),
    });
    expect(stroops(body.amount)).toBe(entry.data.offer.amount);
    expect(body.sponsor).toBe(c.sponsored ? w.dave.publicKey() : undefined);
  });

  it('write both assets as type, code and issuer', async () => {
    const body = (await w.t.store.state.offer(BigInt(w.offers.xlmForEur))) as Json;
    expect(body.selling).toEqual({ asset_type: 'native' });
    expect(body.buying).toEqual({
      asset_type: 'credit_alphanum12',
      asset_code: 'EURO12345',
      asset_issuer: w.issuer.publicKey(),
    });
  });
});
