/**
 * `GET /`: every link the root advertises leads somewhere. A link to a path the server does not
 * serve would send SDK users to a 404; the market-data and payment path links are there since
 * their paths are served.
 */
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Keypair } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, type Json } from '../support/json.js';

let sandbox: Sandbox;
let links: Record<string, { href: string; templated?: boolean }>;

/** A value for each template variable, so that every link can be followed. */
const account = Keypair.random().publicKey();
const VALUES: Record<string, string> = {
  account_id: account,
  sequence: '1',
  offer_id: '1',
  id: '1',
  hash: '0'.repeat(64),
  base_asset_type: 'native',
  counter_asset_type: 'native',
};

/** Expands a link: path variables from VALUES, `{?…}` forms dropped, query variables filled or emptied. */
function expand(href: string): string {
  return href
    .replace(/\{\?[^}]*\}/g, '')
    .replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(VALUES[name] ?? ''));
}

beforeAll(async () => {
  sandbox = await startSandbox({ closeEvery: 'manual' });
  links = (await getJson(sandbox.url, '/')).body._links as typeof links;
});
afterAll(() => sandbox.stop());

describe('the root document', () => {
  it('advertises the operations clients use most', () => {
    expect(Object.keys(links)).toEqual(
      expect.arrayContaining(['self', 'ledgers', 'transactions', 'operations', 'accounts', 'friendbot']),
    );
  });

  it('advertises the order book, assets, trade aggregations and payment paths', () => {
    expect(Object.keys(links)).toEqual(
      expect.arrayContaining([
        'order_book',
        'assets',
        'trade_aggregations',
        'strict_send_paths',
        'strict_receive_paths',
      ]),
    );
  });

  it('advertises no link the server answers 404 for (bar a record that does not exist)', async () => {
    const notServed: string[] = [];
    for (const [name, link] of Object.entries(links)) {
      const url = new URL(expand(link.href));
      const answer = await getJson(url.origin, `${url.pathname}${url.search}`);
      const body = answer.body as Json;
      // A 404 for the made-up record of a single-record link is right; a 404 for the path is not.
      if (answer.status === 404 && !/\{(account_id|sequence|offer_id|id|hash)\}/.test(link.href))
        notServed.push(`${name}: ${url.pathname} ${body?.title ?? ''}`);
    }
    expect(notServed).toEqual([]);
  });
});
