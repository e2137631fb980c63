import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  buildPageLinks,
  halLink,
  invalidFieldProblem,
  type PagingOptions,
  type PagingQuery,
  parsePagingQuery,
} from '../../src/index.js';

interface Case {
  name: string;
  query: string;
  options?: PagingOptions;
  paging?: { cursor: string | null; order: 'asc' | 'desc'; limit: number };
  invalid?: { field: string; reason: string };
}

const doc = parse(readFileSync(new URL('./paging-query.yaml', import.meta.url), 'utf8')) as {
  good: Case[];
  bad: Case[];
};

describe('parsePagingQuery: good input', () => {
  it.each(doc.good.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = parsePagingQuery(new URLSearchParams(c.query), c.options);
    expect(result).toEqual({ ok: true, paging: { ...c.paging, cursor: c.paging?.cursor ?? undefined } });
  });
});

describe('parsePagingQuery: bad input', () => {
  it.each(doc.bad.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const result = parsePagingQuery(new URLSearchParams(c.query), c.options);
    expect(result).toEqual({
      ok: false,
      problem: {
        type: 'https://stellar.org/horizon-errors/bad_request',
        title: 'Bad Request',
        status: 400,
        detail: 'The request you sent was invalid in some way.',
        extras: { invalid_field: c.invalid?.field, reason: c.invalid?.reason },
      },
    });
  });
});

describe('parsePagingQuery: query objects from the server adapter', () => {
  it('reads coerced numbers and plain strings', () => {
    expect(parsePagingQuery({ limit: 25, order: 'desc', cursor: '42' })).toEqual({
      ok: true,
      paging: { cursor: '42', order: 'desc', limit: 25 },
    });
  });

  it('applies the same checks to objects', () => {
    const result = parsePagingQuery({ limit: 0 });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem.extras?.invalid_field).toBe('limit');
  });
});

describe('buildPageLinks', () => {
  const records = [
    { paging_token: '12884905985' },
    { paging_token: '12884905986' },
    { paging_token: '12884905987' },
  ];
  const paging: PagingQuery = { cursor: '12884905984', order: 'asc', limit: 3 };

  it('fills self, next (last token) and prev (first token, order reversed), keys sorted', () => {
    const links = buildPageLinks({
      url: 'https://h.example/operations?include_failed=true',
      paging,
      records,
    });
    expect(links).toEqual({
      self: { href: 'https://h.example/operations?cursor=12884905984&include_failed=true&limit=3&order=asc' },
      next: { href: 'https://h.example/operations?cursor=12884905987&include_failed=true&limit=3&order=asc' },
      prev: {
        href: 'https://h.example/operations?cursor=12884905985&include_failed=true&limit=3&order=desc',
      },
    });
  });

  it('replaces the paging arguments the request already had', () => {
    const links = buildPageLinks({
      url: 'https://h.example/ledgers?order=desc&limit=200&cursor=now',
      paging: { cursor: '17179869183', order: 'desc', limit: 200 },
      records: [{ paging_token: '12884901888' }],
    });
    expect(links.self.href).toBe('https://h.example/ledgers?cursor=17179869183&limit=200&order=desc');
    expect(links.next.href).toBe('https://h.example/ledgers?cursor=12884901888&limit=200&order=desc');
    expect(links.prev.href).toBe('https://h.example/ledgers?cursor=12884901888&limit=200&order=asc');
  });

  it('on an empty page, next equals self and prev keeps the cursor', () => {
    const links = buildPageLinks({
      url: 'https://h.example/ledgers',
      paging: { cursor: undefined, order: 'asc', limit: 10 },
      records: [],
    });
    expect(links.self.href).toBe('https://h.example/ledgers?cursor=&limit=10&order=asc');
    expect(links.next).toEqual(links.self);
    expect(links.prev.href).toBe('https://h.example/ledgers?cursor=&limit=10&order=desc');
  });

  it('escapes query values as the reference server does', () => {
    const links = buildPageLinks({
      url: 'https://h.example/assets?asset_code=A B*~',
      paging: { cursor: 'USD_G:x', order: 'asc', limit: 1 },
      records: [],
    });
    expect(links.self.href).toBe(
      'https://h.example/assets?asset_code=A+B%2A~&cursor=USD_G%3Ax&limit=1&order=asc',
    );
  });

  it('marks only URI templates as templated', () => {
    expect(halLink('https://h.example/accounts/G/transactions{?cursor,limit,order}')).toEqual({
      href: 'https://h.example/accounts/G/transactions{?cursor,limit,order}',
      templated: true,
    });
    expect(halLink('https://h.example/ledgers?cursor=1')).toEqual({
      href: 'https://h.example/ledgers?cursor=1',
    });
  });
});

describe('invalidFieldProblem', () => {
  it('builds the bad_request problem with extras', () => {
    expect(invalidFieldProblem('limit', 'x')).toMatchObject({
      status: 400,
      extras: { invalid_field: 'limit', reason: 'x' },
    });
  });
});
