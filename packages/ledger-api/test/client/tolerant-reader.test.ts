// Clients that survive the next server release: a server that answers one member the contract
// does not declare in every answer (at the top and in every record) is read by a tolerant
// client and its helpers, and rejected by a strict one.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  document,
  paginate,
  paginatePages,
  ResponseValidationError,
  type ResponseValidationOptions,
  SubmissionError,
  submitTransaction,
  submitTransactionAsync,
  waitForTransaction,
} from '../../src/index.js';
import { signedPayment } from '../submission/fixtures.js';

const FUTURE = { future_member: 'added by a later server release' };

type Json = Record<string, unknown>;
const doc = document as Json;

/** The first example the contract gives for an answer (following a `$ref` to components.examples). */
function example(path: string, method: string, status: string): Json {
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
  const content = paths[path]?.[method]?.responses[status]?.content as Record<string, { examples: Json }>;
  const first = Object.values(Object.values(content)[0]?.examples ?? {})[0] as {
    value?: Json;
    $ref?: string;
  };
  if (first.value) return first.value;
  const examples = (doc.components as { examples: Record<string, { value: Json }> }).examples;
  return examples[String(first.$ref).split('/').pop() as string]?.value as Json;
}

const PAGE = example('/ledgers', 'get', '200');
const TRANSACTION = example('/transactions/{hash}', 'get', '200');
const PENDING = example('/transactions_async', 'post', '201');
const HASH = TRANSACTION.hash as string;

/** The body with the unknown member added at the top and to every record of a page. */
function ahead(body: Json): Json {
  const embedded = body._embedded as { records: Json[] } | undefined;
  if (!embedded) return { ...body, ...FUTURE };
  return { ...body, ...FUTURE, _embedded: { records: embedded.records.map((r) => ({ ...r, ...FUTURE })) } };
}

let server: Server;
let base = '';
/** What the server answers; `broken` also breaks a record's type, which no reader takes. */
let variant: 'ahead' | 'broken' | 'teapot' = 'ahead';

function answer(req: IncomingMessage): { status: number; body: Json } {
  const url = new URL(req.url ?? '/', base);
  const route = `${req.method} ${url.pathname}`;
  if (variant === 'teapot') return { status: 418, body: { ...FUTURE } };
  if (route === 'GET /ledgers') {
    // The example's links point at the public network; here they point back at this server.
    const page = JSON.parse(JSON.stringify(PAGE).replaceAll('https://horizon.stellar.org', base)) as Json;
    if (url.searchParams.get('cursor')) return { status: 200, body: { ...page, _embedded: { records: [] } } };
    if (variant === 'broken') {
      const [record] = (page._embedded as { records: Json[] }).records;
      return { status: 200, body: { ...page, _embedded: { records: [{ ...record, sequence: 'one' }] } } };
    }
    return { status: 200, body: page };
  }
  if (route === 'POST /transactions') return { status: 200, body: TRANSACTION };
  if (route === 'POST /transactions_async') return { status: 201, body: PENDING };
  if (route === `GET /transactions/${HASH}`) return { status: 200, body: TRANSACTION };
  return {
    status: 404,
    body: { type: 'https://stellar.org/horizon-errors/not_found', title: 'x', status: 404 },
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(req);
      const type = status < 300 ? 'application/hal+json' : 'application/problem+json';
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
      res.end(JSON.stringify(ahead(body)));
    });
  });
  base = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function getLedgers(options: ResponseValidationOptions) {
  const { data, error } = await createClient({ baseUrl: base, ...options }).GET('/ledgers', {});
  if (error !== undefined) throw new Error(`unexpected error answer ${JSON.stringify(error)}`);
  return data;
}

// Every way in; each resolves with what it read, or rejects.
const readers: Array<{ name: string; read: (options: ResponseValidationOptions) => Promise<unknown> }> = [
  { name: 'the client', read: getLedgers },
  {
    name: 'paginate over a client created with the options',
    read: (options) => collect(paginate(createClient({ baseUrl: base, ...options }), '/ledgers')),
  },
  {
    name: 'paginate given the options',
    read: (options) => collect(paginate(createClient({ baseUrl: base }), '/ledgers', options)),
  },
  { name: 'paginate over a URL', read: (options) => collect(paginate(`${base}/ledgers`, options)) },
  { name: 'paginatePages over a URL', read: (options) => collect(paginatePages(`${base}/ledgers`, options)) },
  { name: 'submitTransaction', read: (options) => submitTransaction(base, signedPayment().tx, options) },
  {
    name: 'submitTransactionAsync, then wait',
    read: async (options) => (await submitTransactionAsync(base, signedPayment().tx, options)).wait(),
  },
  { name: 'waitForTransaction', read: (options) => waitForTransaction(base, HASH, options) },
];

/** The ResponseValidationError a read ended with (a submission wraps it in a SubmissionError). */
async function validationErrorOf(read: Promise<unknown>): Promise<ResponseValidationError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  const cause = error instanceof SubmissionError ? error.cause : error;
  if (error instanceof SubmissionError) expect(error.kind).toBe('http');
  expect(cause).toBeInstanceOf(ResponseValidationError);
  return cause as ResponseValidationError;
}

describe.each(readers)('$name', ({ read }) => {
  it('reads answers with an unknown member when tolerant (validateResponses)', async () => {
    variant = 'ahead';
    const result = await read({ validateResponses: true });
    expect(JSON.stringify(result)).toContain('future_member');
  });

  it('rejects them when strict, naming the member', async () => {
    variant = 'ahead';
    const error = await validationErrorOf(read({ strict: true }));
    expect(error.mode).toBe('strict');
    expect(error.errors).toContainEqual({
      path: '/future_member',
      message: 'is not allowed here',
      keyword: 'unknownMember',
    });
  });
});

describe('a tolerant reader still reads by the contract', () => {
  it.each(readers.slice(0, 5))('$name rejects a record whose member has the wrong type', async ({ read }) => {
    variant = 'broken';
    const error = await validationErrorOf(read({ validateResponses: true }));
    expect(error.errors).toContainEqual(expect.objectContaining({ path: '/_embedded/records/0/sequence' }));
    expect(error.errors.map((e) => e.path)).not.toContain('/future_member');
  });

  it('leaves a status the contract does not declare to the caller; strict rejects it', async () => {
    variant = 'teapot';
    const tolerant = await createClient({ baseUrl: base, validateResponses: true }).GET('/ledgers', {});
    expect(tolerant.response.status).toBe(418);
    const error = await validationErrorOf(getLedgers({ strict: true }));
    expect(error.errors).toEqual([
      { path: '', message: 'status 418 is not declared for listLedgers', keyword: 'status' },
    ]);
  });

  it('checks nothing without validateResponses or strict', async () => {
    variant = 'broken';
    const records = await collect(paginate(`${base}/ledgers`));
    expect(records).toHaveLength(1);
  });
});
