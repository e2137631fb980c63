import { describe, expect, it } from 'vitest';
import { compileRoutes, matchRoute } from '../../src/http/routes.js';
import type { ContractMeta, OperationMeta } from '../../src/index.js';

const op = (operationId: string, method: OperationMeta['method'], path: string): OperationMeta => ({
  operationId,
  method,
  path,
  parameters: [],
  constraints: [],
  requestBody: null,
  responses: {},
  security: null,
});
const contract: ContractMeta = {
  title: 'routes',
  version: '1',
  securitySchemes: {},
  operations: Object.fromEntries(
    [
      op('root', 'get', '/'),
      op('getItem', 'get', '/items/{id}'),
      op('deleteItem', 'delete', '/items/{id}'),
      op('latest', 'get', '/items/latest'),
      op('listItems', 'get', '/items'),
      op('putItems', 'put', '/items'),
      op('itemPart', 'get', '/items/{id}/parts/{part}'),
      op('latestParts', 'post', '/items/latest/parts/{part}'),
      op('file', 'get', '/files/{name}.json'),
      op('async', 'post', '/items_async'),
    ].map((o) => [o.operationId, o]),
  ),
};
const router = compileRoutes(contract);
// Without an in-segment template every path takes the direct walk first.
const { file: _file, ...wholeSegments } = contract.operations;
const directRouter = compileRoutes({ ...contract, operations: wholeSegments });

/** The matcher the tree replaced: one expression per route, fewer parameters first. */
function reference(operations: ContractMeta['operations'], method: string, path: string) {
  const routes = Object.values(operations)
    .map((operation) => {
      const names: string[] = [];
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const name = /^\{([^}]+)\}$/.exec(part)?.[1];
          if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
          names.push(name);
          return '([^/]+)';
        })
        .join('');
      return { operation, names, pattern: new RegExp(`^${source}/?$`) };
    })
    .sort((a, b) => a.names.length - b.names.length);
  const allow: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.operation.method !== method.toLowerCase()) {
      if (!allow.includes(route.operation.method)) allow.push(route.operation.method);
      continue;
    }
    const values = Object.fromEntries(route.names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
    return { operationId: route.operation.operationId, values, allow: [] };
  }
  return { operationId: undefined, values: {}, allow };
}

const found = (method: string, path: string, using = router) => {
  const hit = matchRoute(using, method, path);
  return { operationId: hit.route?.operation.operationId, values: hit.values, allow: hit.allow };
};

describe('matchRoute', () => {
  it.each([
    ['the root', { given: ['GET', '/'], want: { operationId: 'root', values: {} } }],
    ['the root with two slashes', { given: ['GET', '//'], want: { operationId: 'root', values: {} } }],
    ['a literal path', { given: ['GET', '/items'], want: { operationId: 'listItems', values: {} } }],
    ['one trailing slash', { given: ['GET', '/items/'], want: { operationId: 'listItems', values: {} } }],
    ['two trailing slashes', { given: ['GET', '/items//'], want: { operationId: undefined, values: {} } }],
    ['a parameter', { given: ['GET', '/items/7'], want: { operationId: 'getItem', values: { id: '7' } } }],
    [
      'a literal over a parameter',
      { given: ['GET', '/items/latest'], want: { operationId: 'latest', values: {} } },
    ],
    [
      'a parameter where the literal has no such method',
      { given: ['DELETE', '/items/latest'], want: { operationId: 'deleteItem', values: { id: 'latest' } } },
    ],
    [
      'a parameter after the literal branch fails deeper',
      {
        given: ['GET', '/items/latest/parts/p'],
        want: { operationId: 'itemPart', values: { id: 'latest', part: 'p' } },
      },
    ],
    [
      'the literal branch deeper',
      {
        given: ['POST', '/items/latest/parts/p'],
        want: { operationId: 'latestParts', values: { part: 'p' } },
      },
    ],
    [
      'an escaped parameter',
      { given: ['GET', '/items/a%2Fb'], want: { operationId: 'getItem', values: { id: 'a/b' } } },
    ],
    [
      'a template inside a segment',
      { given: ['GET', '/files/a.json'], want: { operationId: 'file', values: { name: 'a' } } },
    ],
    [
      'an empty parameter',
      { given: ['GET', '/items//parts/p'], want: { operationId: undefined, values: {} } },
    ],
    ['a longer literal', { given: ['POST', '/items_async'], want: { operationId: 'async', values: {} } }],
    ['a prefix of a literal', { given: ['GET', '/item'], want: { operationId: undefined, values: {} } }],
  ])('%s', (_name, { given: [method = '', path = ''], want }) => {
    const hit = found(method, path);
    expect({ operationId: hit.operationId, values: hit.values }).toEqual(want);
    if (want.operationId !== 'file') {
      const direct = found(method, path, directRouter);
      expect({ operationId: direct.operationId, values: direct.values }).toEqual(want);
    }
  });

  it.each([
    ['/items', { given: 'DELETE', want: ['get', 'put'] }],
    ['/items/latest', { given: 'PUT', want: ['get', 'delete'] }],
    ['/nowhere', { given: 'GET', want: [] }],
  ])('methods allowed on %s', (path, { given, want }) => {
    expect(found(given, path).allow).toEqual(want);
  });

  it('refuses a parameter that is not UTF-8', () => {
    expect(() => matchRoute(router, 'GET', '/items/%ff')).toThrow(/path parameter 'id' is not valid UTF-8/);
  });

  it('finds what the per-route expressions found, on generated paths', () => {
    const segments = ['items', 'latest', 'parts', 'p', '', 'x.json', 'files', 'a%20b', 'items_async', '7'];
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 3000; i++) {
      const path = `/${Array.from({ length: next() % 5 }, () => segments[next() % segments.length]).join('/')}`;
      for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
        expect(found(method, path), `${method} ${path}`).toEqual(
          reference(contract.operations, method, path),
        );
        expect(found(method, path, directRouter), `${method} ${path}`).toEqual(
          reference(wholeSegments, method, path),
        );
      }
    }
  });
});
