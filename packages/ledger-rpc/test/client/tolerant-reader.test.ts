// Clients that survive a server release on either side: a server one release ahead answers a
// member the contract does not declare in every object of every result; a server one release
// behind leaves out the members the contract marks `x-added-in`. A tolerant client reads both,
// a strict one rejects both.
import { JsonRpcError } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientOptions,
  createClient,
  document,
  type Handlers,
  type MethodName,
  paginate,
  paginateItems,
  validate,
} from '../../src/index.js';
import { example, type Running, start } from '../helpers.js';

const FUTURE = { future_member: 'added by a later server release' };

/** Every object in the value gets the unknown member. */
function ahead(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ahead);
  if (!value || typeof value !== 'object') return value;
  return { ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, ahead(v)])), ...FUTURE };
}

// The members each method's result gains in recent releases, as JSON pointers (`*`: every item).
const ADDED: Record<string, { version: string; paths: string[] }> = {
  getHealth: { version: '27.1.0', paths: ['/latestLedgerCloseTime', '/oldestLedgerCloseTime'] },
  getLatestLedger: { version: '25.0.0', paths: ['/closeTime', '/headerXdr', '/metadataXdr'] },
  getEvents: {
    version: '23.0.0',
    paths: [
      '/oldestLedger',
      '/latestLedgerCloseTime',
      '/oldestLedgerCloseTime',
      '/events/*/operationIndex',
      '/events/*/transactionIndex',
    ],
  },
  getLedgerEntries: { version: '23.0.0', paths: ['/entries/*/extXdr'] },
  getTransaction: { version: '23.0.0', paths: ['/events'] },
  getTransactions: { version: '23.0.0', paths: ['/transactions/*/events'] },
};

/** The value without the members at the given pointers. */
function without(value: unknown, pointers: string[]): unknown {
  const copy = structuredClone(value);
  for (const pointer of pointers) {
    const segments = pointer.slice(1).split('/');
    const last = segments.pop() as string;
    let parents: unknown[] = [copy];
    for (const segment of segments) {
      parents = parents.flatMap((p) => {
        const child = (p as Record<string, unknown>)[segment];
        return segment === '*' ? (p as unknown[]) : child === undefined ? [] : [child];
      });
    }
    for (const parent of parents) delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

type Example = { name: string; params?: Array<{ name: string; value: unknown }> };
const methods = document.methods as Array<{ name: MethodName; examples?: Example[] }>;
const paramsOf = (method: MethodName) =>
  Object.fromEntries(
    (methods.find((m) => m.name === method)?.examples?.[0]?.params ?? []).map((p) => [p.name, p.value]),
  );
const NAMES = methods.map((m) => m.name);

let release: 'ahead' | 'behind' = 'ahead';
const answer = (method: MethodName) => {
  const result = example(method);
  return release === 'ahead' ? ahead(result) : without(result, ADDED[method]?.paths ?? []);
};

let rpc: Running;
beforeAll(async () => {
  const handlers = Object.fromEntries(NAMES.map((name) => [name, () => answer(name)])) as unknown as Handlers;
  rpc = await start(handlers, { validateResults: false });
});
afterAll(() => rpc.close());

const call = (options: Partial<ClientOptions>, method: MethodName) =>
  createClient({ url: rpc.url, ...options }).call(method, paramsOf(method) as never);

async function strictError(method: MethodName): Promise<JsonRpcError> {
  const error = await call({ strict: true }, method).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(JsonRpcError);
  expect(error).toMatchObject({ code: -32603 });
  return error as JsonRpcError;
}

describe.each(NAMES)('%s from a server one release ahead', (method) => {
  it('is read by a tolerant client (validateResults)', async () => {
    release = 'ahead';
    expect(await call({ validateResults: true }, method)).toMatchObject(FUTURE);
  });

  it('is rejected by a strict client', async () => {
    release = 'ahead';
    expect((await strictError(method)).message).toContain(`the result of ${method} is outside the contract`);
    expect((await strictError(method)).message).toContain('result.future_member is not allowed here');
  });
});

const BEHIND = Object.entries(ADDED).map(
  ([method, { version, paths }]) => [method as MethodName, version, paths] as const,
);

describe.each(BEHIND)('%s from a server older than v%s', (method, _version, paths) => {
  it('is read by a tolerant client: the members added since are not required', async () => {
    release = 'behind';
    const result = await call({ validateResults: true }, method);
    expect(result).toEqual(without(example(method), paths));
    expect(validate.result(method, result, { mode: 'tolerant' })).toEqual({ ok: true, errors: [] });
  });

  it('is rejected by a strict client and by the contract as written, at each missing member', async () => {
    release = 'behind';
    const result = without(example(method), paths);
    for (const mode of ['strict', undefined] as const) {
      const errorPaths = validate.result(method, result, { mode }).errors.map((e) => e.path);
      // A member required in one branch of an anyOf (extXdr) is reported on the object it is missing from.
      for (const path of paths.map((p) => p.replaceAll('*', '0'))) {
        expect(errorPaths.some((e) => e === path || (e !== '' && path.startsWith(`${e}/`)))).toBe(true);
      }
    }
    await strictError(method);
  });
});

describe('the contract marks what was added, and when', () => {
  it('x-added-in is on exactly the members listed above', () => {
    const marked: string[] = [];
    const schemas = (document.components as { schemas: Record<string, { properties?: object }> }).schemas;
    for (const [schema, { properties }] of Object.entries(schemas)) {
      for (const [member, value] of Object.entries(properties ?? {})) {
        const version = (value as Record<string, unknown>)['x-added-in'];
        if (version !== undefined) marked.push(`${schema}.${member} ${version}`);
      }
    }
    expect(marked.sort()).toEqual(
      [
        'EventInfo.operationIndex 23.0.0',
        'EventInfo.transactionIndex 23.0.0',
        'GetEventsResult.latestLedgerCloseTime 23.0.0',
        'GetEventsResult.oldestLedger 23.0.0',
        'GetEventsResult.oldestLedgerCloseTime 23.0.0',
        'GetHealthResult.latestLedgerCloseTime 27.1.0',
        'GetHealthResult.oldestLedgerCloseTime 27.1.0',
        'GetLatestLedgerResult.closeTime 25.0.0',
        'GetLatestLedgerResult.headerXdr 25.0.0',
        'GetLatestLedgerResult.metadataXdr 25.0.0',
        'GetTransactionResult.events 23.0.0',
        'LedgerEntryResult.extJson 23.0.0',
        'LedgerEntryResult.extXdr 23.0.0',
        'TransactionInfo.events 23.0.0',
      ].sort(),
    );
  });
});

describe('paginate and paginateItems read as their client does', () => {
  const walks = [
    { method: 'getLedgers' as const, items: 'ledgers' },
    { method: 'getTransactions' as const, items: 'transactions' },
    { method: 'getEvents' as const, items: 'events' },
  ];

  it.each(walks)('$method: a tolerant client walks pages one release ahead', async ({ method }) => {
    release = 'ahead';
    const client = createClient({ url: rpc.url, validateResults: true });
    const items: unknown[] = [];
    for await (const item of paginateItems(client, method, paramsOf(method) as never, { maxPages: 1 }))
      items.push(item);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item).toMatchObject(FUTURE);
  });

  it.each(walks)('$method: a strict client stops at the first page', async ({ method }) => {
    release = 'ahead';
    const client = createClient({ url: rpc.url, strict: true });
    const pages = paginate(client, method, paramsOf(method) as never, { maxPages: 1 });
    await expect(pages.next()).rejects.toMatchObject({ code: -32603 });
  });

  it.each(walks)('$method: a tolerant client walks pages one release behind', async ({ method, items }) => {
    release = 'behind';
    const client = createClient({ url: rpc.url, validateResults: true });
    for await (const page of paginate(client, method, paramsOf(method) as never, { maxPages: 1 }))
      expect((page as unknown as Record<string, unknown[]>)[items]?.length).toBeGreaterThan(0);
  });
});
