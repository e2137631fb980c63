import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTarget } from '../../src/index.js';
import { get, raw, startFixture } from './fixture.js';

describe('parseTarget', () => {
  it.each([
    ['origin form', { given: '/items?limit=2', want: { path: '/items', search: 'limit=2' } }],
    ['two slashes', { given: '//', want: { path: '//', search: '' } }],
    ['two slashes and a bracket', { given: '//[', want: { path: '//[', search: '' } }],
    ['userinfo-like', { given: '//a:b@/x', want: { path: '//a:b@/x', search: '' } }],
    ['absolute form', { given: 'http://h:1/items?x=1', want: { path: '/items', search: 'x=1' } }],
    ['absolute form, no path', { given: 'http://h', want: { path: '/', search: '' } }],
    ['fragment', { given: '/items#a?b', want: { path: '/items', search: '' } }],
    ['asterisk', { given: '*', want: undefined }],
    ['authority form', { given: 'h:443', want: undefined }],
  ])('%s', (_name, { given, want }) => {
    expect(parseTarget(given)).toEqual(want);
  });
});

// Each target once killed the docs server or answered 500 before auth on every generated server.
describe.each(['error-object', 'problem'] as const)('hostile targets (%s)', (style) => {
  let fixture: Awaited<ReturnType<typeof startFixture>>;
  beforeAll(async () => {
    fixture = await startFixture(style);
  });
  afterAll(() => fixture.stop());

  it.each([
    ['//', { given: '//', want: 404 }],
    ['//[', { given: '//[', want: 404 }],
    ['//a:b@/x', { given: '//a:b@/x', want: 404 }],
    ['%ff in a path parameter', { given: '/items/%ff', want: 400 }],
    ['%ff outside a parameter', { given: '/%ff', want: 400 }],
    ['a lone %', { given: '/items/%', want: 400 }],
    ['absolute form', { given: 'http://example.org/items', want: 200 }],
    ['asterisk form', { given: '*', want: 400 }],
    ['bad query encoding', { given: '/items?limit=%ff%', want: 200 }],
  ])('%s answers %#', async (_name, { given, want }) => {
    const answer = await raw(fixture.port, get(given));
    expect(answer.status).toBe(want);
    if (want >= 400) {
      const body = JSON.parse(answer.body);
      if (style === 'error-object') expect(body).toEqual({ error: expect.any(String) });
      else expect(body).toMatchObject({ status: want, type: expect.stringContaining('horizon-errors/') });
    }
    expect(fixture.errors).toEqual([]);
  });
});
