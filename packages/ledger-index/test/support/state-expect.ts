/**
 * What the state tests check records against: the contract's schemas, and the sandbox's own
 * entries read straight from its XDR.
 */
import { type SchemaName, validate } from '@starspec/ledger-api';
import { accountKey } from '@starspec/sandbox';
import { type Asset, type Keypair, StrKey, xdr } from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import type { StateWorkload } from './state-workload.js';

export type Json = Record<string, unknown>;

const LINKS = {
  Account: ['self', 'transactions', 'operations', 'payments', 'effects', 'offers', 'trades', 'data'],
  Offer: ['self', 'offer_maker'],
  ClaimableBalance: ['self', 'transactions', 'operations'],
  LiquidityPool: ['self', 'transactions', 'operations'],
} satisfies Partial<Record<SchemaName, string[]>>;

/** The record with the links the REST face adds, validated against the contract's schema. */
export function expectValid(name: keyof typeof LINKS, body: unknown): void {
  const links = Object.fromEntries(LINKS[name].map((link) => [link, { href: `https://x.test/${link}` }]));
  const result = validate.schema(name, { ...(body as object), _links: links });
  expect(result.errors, JSON.stringify(body)).toEqual([]);
  expect(result.ok).toBe(true);
}

/** An amount string back to stroops: exactly 7 decimals, as the contract requires. */
export function stroops(value: unknown): bigint {
  const match = /^([0-9]+)\.([0-9]{7})$/.exec(String(value));
  if (!match) throw new Error(`not an amount: ${String(value)}`);
  return BigInt(`${match[1]}${match[2]}`);
}

/** The close time the sandbox gave a ledger, in RFC 3339. */
export function closedAt(w: StateWorkload, sequence: number): string {
  const seconds = w.t.closeTimes.get(sequence);
  if (seconds === undefined) throw new Error(`ledger ${sequence} was not closed by the test`);
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`;
}

export function sandboxEntry(w: StateWorkload, key: xdr.LedgerKey): xdr.LedgerEntry {
  const entry = w.t.network.ledger.entry(key);
  if (!entry) throw new Error('no such entry in the sandbox');
  return entry;
}

export function sandboxAccount(w: StateWorkload, kp: Keypair) {
  const entry = sandboxEntry(w, accountKey(kp.xdrAccountId()));
  if (entry.data.type !== 'account') throw new Error('not an account');
  const account = entry.data.account;
  const v1 = account.ext.type === 'v1' ? account.ext.v1 : undefined;
  const v2 = v1?.ext.type === 'v2' ? v1.ext.v2 : undefined;
  return { entry, account, liabilities: v1?.liabilities, v2 };
}

export function sandboxTrustLine(w: StateWorkload, kp: Keypair, asset: Asset | xdr.TrustLineAsset) {
  const line = 'toTrustLineXDRObject' in asset ? asset.toTrustLineXDRObject() : asset;
  const key = xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({ accountId: kp.xdrAccountId(), asset: line }),
  );
  const entry = sandboxEntry(w, key);
  if (entry.data.type !== 'trustline') throw new Error('not a trust line');
  return { entry, line: entry.data.trustLine };
}

export function address(key: xdr.PublicKey): string {
  return StrKey.encodeEd25519PublicKey(Buffer.from(key.ed25519.value));
}

export function sponsorOf(entry: xdr.LedgerEntry): string | undefined {
  const sponsor = entry.ext.type === 'v1' ? entry.ext.v1.sponsoringId : null;
  return sponsor ? address(sponsor) : undefined;
}
