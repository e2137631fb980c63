/**
 * A gateway started from the sandbox's history archive (`historyArchive`), after the state of
 * late-gateway.ts: a sponsored offer and a deleted one made before a checkpoint, a ledger of
 * changes after it. What both faces are asked (every list endpoint, every single entry), and the
 * one difference by design: the close time of a ledger up to the checkpoint, which the gateway's
 * index never held, is null there (as in Horizon started from a checkpoint).
 */
import type { Sandbox } from '@starspec/sandbox';
import { Asset, type Keypair, Operation } from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import type { Answer, Row } from '../crawl.js';
import type { LateState } from './late-gateway.js';

const assetQuery = (side: string, asset: Asset) =>
  asset.isNative()
    ? `${side}_asset_type=native`
    : `${side}_asset_type=credit_alphanum4&${side}_asset_code=${asset.getCode()}&${side}_asset_issuer=${asset.getIssuer()}`;

/**
 * A sponsored offer, and an offer made and deleted, then ledgers closed up to a checkpoint:
 * answers the checkpoint and the deleted offer's id.
 */
export async function stateUpToCheckpoint(
  sandbox: Sandbox,
  s: LateState,
): Promise<{ checkpoint: number; deletedOffer: string }> {
  s.t.send(
    s.issuer,
    [
      Operation.beginSponsoringFutureReserves({ sponsoredId: s.bob.publicKey() }),
      Operation.manageSellOffer({
        source: s.bob.publicKey(),
        selling: s.usd,
        buying: Asset.native(),
        amount: '1',
        price: '5',
      }),
      Operation.endSponsoringFutureReserves({ source: s.bob.publicKey() }),
    ],
    { signers: [s.bob] },
  );
  const buy = { selling: Asset.native(), buying: s.usd, price: '0.1' };
  s.t.send(s.carol, [Operation.manageBuyOffer({ ...buy, buyAmount: '1' })]);
  await s.t.close();
  await sandbox.indexed();
  const answer = await fetch(`${sandbox.url}/offers?seller=${s.carol.publicKey()}&order=desc&limit=1`);
  const deletedOffer = String(((await answer.json()) as Row)._embedded.records[0].id);
  s.t.send(s.carol, [Operation.manageBuyOffer({ ...buy, buyAmount: '0', offerId: deletedOffer })]);
  await s.t.close();
  const network = sandbox.network;
  while (network.archive.latestCheckpoint !== network.ledger.latestSequence) await s.t.close();
  return { checkpoint: network.ledger.latestSequence, deletedOffer };
}

/** Changes after the checkpoint: the gateway reads them from the RPC server. */
export async function stateAfterCheckpoint(s: LateState): Promise<void> {
  s.t.send(s.issuer, [
    Operation.payment({ destination: s.alice.publicKey(), asset: Asset.native(), amount: '3' }),
  ]);
  s.t.send(s.carol, [
    Operation.manageSellOffer({ selling: s.usd, buying: Asset.native(), amount: '2', price: '4' }),
  ]);
  await s.t.close();
}

/** Every list endpoint over the state, with each filter it has. */
export function listPaths(s: LateState): string[] {
  const usd = `USD:${s.issuer.publicKey()}`;
  const book = `${assetQuery('selling', s.usd)}&${assetQuery('buying', Asset.native())}`;
  const reverse = `${assetQuery('selling', Asset.native())}&${assetQuery('buying', s.usd)}`;
  const of = (kp: Keypair) => kp.publicKey();
  return [
    `/accounts?signer=${of(s.erin)}`,
    `/accounts?signer=${of(s.alice)}`,
    `/accounts?asset=${usd}`,
    `/accounts?sponsor=${of(s.issuer)}`,
    `/accounts?liquidity_pool=${s.poolId}`,
    '/offers',
    `/offers?seller=${of(s.bob)}`,
    `/offers?seller=${of(s.carol)}`,
    `/offers?selling=${usd}`,
    '/offers?buying=native',
    `/offers?sponsor=${of(s.issuer)}`,
    '/claimable_balances',
    `/claimable_balances?claimant=${of(s.bob)}`,
    `/claimable_balances?claimant=${of(s.carol)}`,
    '/claimable_balances?asset=native',
    `/claimable_balances?sponsor=${of(s.alice)}`,
    '/liquidity_pools',
    `/liquidity_pools?reserves=native,${usd}`,
    `/liquidity_pools?account=${of(s.dave)}`,
    '/assets',
    `/assets?asset_code=USD&asset_issuer=${of(s.issuer)}`,
    `/order_book?${book}`,
    `/order_book?${reverse}`,
  ];
}

/** The single entries: every account and data entry, and the ids found in the lists. */
export function entryPaths(s: LateState, ids: { offers: string[]; balances: string[] }): string[] {
  return [
    ...[s.issuer, s.alice, s.bob, s.carol, s.dave, s.erin, s.frank].map(
      (kp) => `/accounts/${kp.publicKey()}`,
    ),
    `/accounts/${s.bob.publicKey()}/data/note`,
    `/accounts/${s.bob.publicKey()}/data/later`,
    `/accounts/${s.erin.publicKey()}/data/sponsored`,
    `/liquidity_pools/${s.poolId}`,
    ...ids.offers.map((id) => `/offers/${id}`),
    ...ids.balances.map((id) => `/claimable_balances/${id}`),
  ];
}

const records = (body: Row): Row[] => (body?._embedded ? body._embedded.records : [body]);

/**
 * The gateway's answer made comparable with the sandbox's: a record last changed at or before
 * the checkpoint must have a null `last_modified_time` there, and gets the sandbox's.
 */
export function comparableAnswer(theirs: Answer, own: Answer, checkpoint: number, path: string): Answer {
  const body = structuredClone(theirs.body) as Row;
  const mine = records(own.body as Row);
  records(body).forEach((record, i) => {
    if (!record || !('last_modified_time' in record)) return;
    if (record.last_modified_ledger <= checkpoint) {
      expect(record.last_modified_time, `${path} #${i}`).toBeNull();
      record.last_modified_time = mine[i]?.last_modified_time;
    }
  });
  return { ...theirs, body };
}
