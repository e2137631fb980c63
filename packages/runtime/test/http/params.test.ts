import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { collectParameters, planParameters } from '../../src/http/params.js';
import type { OperationMeta } from '../../src/index.js';

const operation = {
  operationId: 'list',
  method: 'get',
  path: '/list',
  parameters: [
    { name: 'a', in: 'query', required: false, array: false },
    { name: 'tags', in: 'query', required: false, array: true },
    { name: 'a b', in: 'query', required: false, array: false },
    { name: 'constructor', in: 'query', required: false, array: false },
    { name: 'X-Trace', in: 'header', required: false, array: false },
  ],
  constraints: [],
  requestBody: null,
  responses: {},
  security: null,
} as OperationMeta;
const plan = planParameters(operation);
const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;

/** What the adapter read before: URLSearchParams, getAll per declared name, the first value of a single one. */
function viaUrlSearchParams(search: string) {
  const params = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const p of operation.parameters.filter((p) => p.in === 'query')) {
    const values = params.getAll(p.name);
    if (values.length > 0) out[p.name] = p.array ? values : values[0];
  }
  return out;
}

describe('query parameters read as URLSearchParams reads them', () => {
  it.each([
    ['plain', { given: 'a=1', want: { a: '1' } }],
    ['undeclared names skipped', { given: 'z=9&a=1', want: { a: '1' } }],
    ['first value of a single parameter', { given: 'a=1&a=2', want: { a: '1' } }],
    ['every value of an array parameter', { given: 'tags=x&a=1&tags=y', want: { a: '1', tags: ['x', 'y'] } }],
    ['no equals sign', { given: 'a', want: { a: '' } }],
    ['only the first equals sign splits', { given: 'a=b=c', want: { a: 'b=c' } }],
    ['plus is a space, in names too', { given: 'a+b=c+d', want: { 'a b': 'c d' } }],
    ['escaped plus stays a plus', { given: 'a=%2B', want: { a: '+' } }],
    ['ASCII escapes', { given: 'a=iso4217%3AUSD', want: { a: 'iso4217:USD' } }],
    ['UTF-8 escapes', { given: 'a=%C3%A9', want: { a: 'é' } }],
    ['invalid UTF-8 becomes U+FFFD', { given: 'a=%ff', want: { a: '\uFFFD' } }],
    ['a lone percent is kept', { given: 'a=100%', want: { a: '100%' } }],
    ['a bad escape is kept', { given: 'a=%zz%4', want: { a: '%zz%4' } }],
    ['empty pairs', { given: '&&a=1&', want: { a: '1' } }],
    ['a leading question mark', { given: '?a=1', want: { a: '1' } }],
    ['a name on the prototype', { given: 'constructor=1', want: { constructor: '1' } }],
    ['an escaped name', { given: '%61=1', want: { a: '1' } }],
  ])('%s', (_name, { given, want }) => {
    const { query } = collectParameters(plan, given, req());
    expect(query).toEqual(want);
    expect(query).toEqual(viaUrlSearchParams(given));
  });

  it('matches URLSearchParams on generated query strings', () => {
    const pieces = [
      'a',
      'tags',
      'a+b',
      'a%20b',
      '=',
      '&',
      '%',
      '%4',
      '%41',
      '%e9',
      '%C3%A9',
      '+',
      'x',
      '%ff',
      '?',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const search = Array.from({ length: next() % 8 }, () => pieces[next() % pieces.length]).join('');
      expect(collectParameters(plan, search, req()).query, search).toEqual(viaUrlSearchParams(search));
    }
  });
});

describe('header parameters', () => {
  it('are read by their lower-case name and keyed as declared', () => {
    expect(collectParameters(plan, '', req({ 'x-trace': 't1' })).headers).toEqual({ 'X-Trace': 't1' });
  });
});
