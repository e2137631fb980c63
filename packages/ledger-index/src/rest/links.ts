/**
 * The `_links` of each kind of record, as Horizon writes them (its resource adapters), built
 * from the request's own origin. One record per kind: the stored JSON and the base URL in, the
 * links out.
 */
import { halLink } from '@starspec/ledger-api';

type Body = Record<string, unknown>;
type Links = Record<string, ReturnType<typeof halLink>>;
export type RecordKind =
  | 'ledger'
  | 'transaction'
  | 'operation'
  | 'effect'
  | 'trade'
  | 'account'
  | 'offer'
  | 'claimable_balance'
  | 'liquidity_pool'
  | 'asset';

const PAGED = '{?cursor,limit,order}';

function text(body: Body, name: string): string {
  return String(body[name] ?? '');
}

/** The paged sub-collections of a record: `{name: self/name{?cursor,limit,order}}`. */
function paged(self: string, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `${self}/${name}${PAGED}`]));
}

/** A state record with its history: `self`, its transactions and its operations. */
function withHistory(collection: string): (base: string, body: Body) => Links {
  return (base, body) => {
    const self = `/${collection}/${text(body, 'id')}`;
    return links(base, { self, ...paged(self, 'transactions', 'operations') });
  };
}

function links(base: string, entries: Record<string, string>): Links {
  return Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, halLink(`${base}${path}`)]));
}

const LINKS: Record<RecordKind, (base: string, body: Body) => Links> = {
  ledger: (base, body) => {
    const self = `/ledgers/${text(body, 'sequence')}`;
    return links(base, { self, ...paged(self, 'transactions', 'operations', 'payments', 'effects') });
  },
  transaction: (base, body) => {
    const self = `/transactions/${text(body, 'hash')}`;
    const token = text(body, 'paging_token');
    return links(base, {
      self,
      account: `/accounts/${text(body, 'source_account')}`,
      ledger: `/ledgers/${text(body, 'ledger')}`,
      ...paged(self, 'operations', 'effects'),
      precedes: `/transactions?order=asc&cursor=${token}`,
      succeeds: `/transactions?order=desc&cursor=${token}`,
      transaction: self,
    });
  },
  // Horizon points an operation's neighbours at /effects (resourceadapter/operations.go).
  operation: (base, body) => {
    const id = text(body, 'id');
    return links(base, {
      self: `/operations/${id}`,
      transaction: `/transactions/${text(body, 'transaction_hash')}`,
      effects: `/operations/${id}/effects`,
      succeeds: `/effects?order=desc&cursor=${id}`,
      precedes: `/effects?order=asc&cursor=${id}`,
    });
  },
  effect: (base, body) => {
    const token = text(body, 'paging_token');
    return links(base, {
      operation: `/operations/${token.split('-')[0]}`,
      succeeds: `/effects?order=desc&cursor=${token}`,
      precedes: `/effects?order=asc&cursor=${token}`,
    });
  },
  // A trade has no page of its own: Horizon's `self` is empty.
  trade: (base, body) => {
    const side = (name: string) => {
      const pool = text(body, `${name}_liquidity_pool_id`);
      return pool ? `/liquidity_pools/${pool}` : `/accounts/${text(body, `${name}_account`)}`;
    };
    return {
      self: halLink(''),
      ...links(base, {
        base: side('base'),
        counter: side('counter'),
        operation: `/operations/${text(body, 'paging_token').split('-')[0]}`,
      }),
    };
  },
  account: (base, body) => {
    const self = `/accounts/${text(body, 'account_id')}`;
    return links(base, {
      self,
      ...paged(self, 'transactions', 'operations', 'payments', 'effects', 'offers', 'trades'),
      data: `${self}/data/{key}`,
    });
  },
  offer: (base, body) =>
    links(base, { self: `/offers/${text(body, 'id')}`, offer_maker: `/accounts/${text(body, 'seller')}` }),
  claimable_balance: withHistory('claimable_balances'),
  liquidity_pool: withHistory('liquidity_pools'),
  // The issuer's stellar.toml, not a path of this server: the record carries its own.
  asset: (_base, body) => body._links as Links,
};

/** A stored record with its `_links` first, as Horizon orders its members. */
export function withLinks(kind: RecordKind, base: string, body: unknown): Body {
  const record = body as Body;
  return { _links: LINKS[kind](base, record), ...record };
}
