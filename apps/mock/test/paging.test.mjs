import { describe, expect, it } from 'vitest';
import { pageAnswer } from '../src/paging.mjs';

const ORIGIN = 'http://127.0.0.1:4011';
const page = (tokens) =>
  JSON.stringify({
    _links: {
      self: { href: 'https://horizon.example/ledgers' },
      next: { href: 'static' },
      prev: { href: 'static' },
    },
    _embedded: { records: tokens.map((t) => ({ id: t, paging_token: t })) },
  });
const links = (text) => {
  const parsed = JSON.parse(text);
  const show = (l) => decodeURIComponent(l.href.replace(ORIGIN, ''));
  return {
    records: parsed._embedded.records.map((r) => r.paging_token),
    self: show(parsed._links.self),
    next: show(parsed._links.next),
    prev: show(parsed._links.prev),
  };
};

describe('pageAnswer', () => {
  it.each([
    {
      given: 'the first page',
      target: '/ledgers?limit=2',
      want: {
        records: ['1', '2'],
        self: '/ledgers?limit=2&order=asc',
        next: '/ledgers?cursor=2&limit=2&order=asc',
        prev: '/ledgers?cursor=1&limit=2&order=desc',
      },
    },
    {
      given: 'a descending page',
      target: '/ledgers?order=desc',
      want: {
        records: ['1', '2'],
        self: '/ledgers?limit=10&order=desc',
        next: '/ledgers?cursor=2&limit=10&order=desc',
        prev: '/ledgers?cursor=1&limit=10&order=asc',
      },
    },
    {
      given: 'the cursor of its next link: the end',
      target: '/ledgers?cursor=2&limit=2',
      want: {
        records: [],
        self: '/ledgers?cursor=2&limit=2&order=asc',
        next: '/ledgers?cursor=2&limit=2&order=asc',
        prev: '/ledgers?cursor=2&limit=2&order=desc',
      },
    },
    {
      given: 'another cursor: the examples again',
      target: '/ledgers?cursor=now',
      want: {
        records: ['1', '2'],
        self: '/ledgers?cursor=now&limit=10&order=asc',
        next: '/ledgers?cursor=2&limit=10&order=asc',
        prev: '/ledgers?cursor=1&limit=10&order=desc',
      },
    },
  ])('$given', ({ target, want }) => {
    expect(links(pageAnswer(target, ORIGIN, page(['1', '2'])))).toEqual(want);
  });

  it.each([
    ['not JSON', 'oops'],
    ['a single record', JSON.stringify({ id: '1', paging_token: '1', _links: {} })],
    ['records without paging tokens', JSON.stringify({ _links: {}, _embedded: { records: [{ id: 1 }] } })],
  ])('leaves %s alone', (_given, text) => {
    expect(pageAnswer('/x', ORIGIN, text)).toBeUndefined();
  });
});
