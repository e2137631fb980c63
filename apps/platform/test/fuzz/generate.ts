/**
 * Request generators for the bad-input tests: schema-derived requests (valid values read from
 * the bundled contract, then mutated) and random junk (methods, paths, headers, bodies, raw bytes).
 * Deterministic for a seed.
 */
import { random as generator, HOSTILE_VALUES } from '@starspec/http-fuzz';
import { document } from '../../src/index.js';
import { ALICE, BOB, BRL, token, USD, USDC, XLM } from '../support/platform.js';

export type Random = () => number;

/** A seeded generator, uniform in [0, 1): the same seed sends the same requests. */
export const seeded = (seed: number): Random => generator(seed).next;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const chance = (random: Random, p: number) => random() < p;
const int = (random: Random, max: number) => Math.floor(random() * (max + 1));

export interface GeneratedRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

type Schema = Record<string, unknown>;
const doc = document as unknown as {
  paths: Record<string, Record<string, { parameters?: Schema[]; requestBody?: Schema }>>;
  components: { schemas: Record<string, Schema>; parameters: Record<string, Schema> };
};

function resolve(node: Schema): Schema {
  let current = node;
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const [, section, name] = /^#\/components\/(\w+)\/(.+)$/.exec(current.$ref as string) ?? [];
    current = (doc.components as unknown as Record<string, Record<string, Schema>>)[section ?? '']?.[
      name ?? ''
    ] as Schema;
  }
  return current;
}

// Strings that have broken parsers, validators or decimal code somewhere.
const JUNK_STRINGS = [
  ...HOSTILE_VALUES,
  '1E-7',
  '+100',
  '100.',
  '00100',
  '0.0000000',
  '-0',
  '１００',
  '١٢٣',
  '9'.repeat(64),
  '9'.repeat(65),
  `0.${'0'.repeat(60)}1`,
  '\u202e',
  '🚀',
  'ß',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'x'.repeat(20_000),
  'iso4217:usd',
  'iso4217:USD ',
  'iso4217:US',
  'stellar:USDC',
  'stellar:native:G',
  `stellar:USDC:${ALICE.toLowerCase()}`,
  'USD',
  'sep24',
  'SEP31',
  'BR',
  'bra',
  '2026-13-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-11-22T12:00:00',
  '2026-11-22T25:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '2026-11-22T12:00:00.123456789+05:30',
  'tomorrow',
];

const ASSETS = [USD, BRL, 'iso4217:EUR', 'iso4217:JPY', USDC, XLM, `stellar:ABCDEFGHIJKL:${BOB}`];

function amount(random: Random): string {
  const whole = chance(random, 0.2) ? '0' : String(1 + int(random, 10 ** int(random, 8)));
  if (chance(random, 0.5)) return whole;
  const digits = chance(random, 0.8) ? 1 + int(random, 1) : 1 + int(random, 8);
  let fraction = '';
  for (let i = 0; i < digits; i++) fraction += String(int(random, 9));
  const value = `${whole}.${fraction}`;
  return /^0\.0*$/.test(value) ? '0.5' : value;
}

function future(random: Random): string {
  const hours = int(random, 24 * 500) - 24 * 30;
  return new Date(Math.floor(Date.now() / 1000) * 1000 + hours * 3600_000)
    .toISOString()
    .replace('.000Z', 'Z');
}

/** A plausible valid value for a parameter or property, from its name and schema. */
function validValue(random: Random, name: string, schema: Schema): unknown {
  const s = resolve(schema);
  if (Array.isArray(s.enum)) return pick(random, s.enum);
  if (name.endsWith('_asset')) return pick(random, ASSETS);
  if (name.endsWith('_amount')) return amount(random);
  if (name === 'country_code') return pick(random, ['BRA', 'USA', 'ARG', 'MEX']);
  if (name.endsWith('_delivery_method')) return pick(random, ['WIRE', 'PIX', 'ACH', 'SPEI', 'cash']);
  if (name === 'expire_after') return future(random);
  if (Array.isArray(s.examples) && s.examples.length > 0) return pick(random, s.examples);
  return 'x';
}

/** A valid object for a schema with `properties`, then cross-property rules kept mostly right. */
function validObject(random: Random, schema: Schema): Record<string, unknown> {
  const s = resolve(schema);
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) || chance(random, 0.3)) out[name] = validValue(random, name, property);
  }
  return out;
}

/** Keeps exactly one amount and at most one delivery method most of the time. */
function tidy(random: Random, values: Record<string, unknown>): void {
  if (chance(random, 0.85)) {
    const side = chance(random, 0.5) ? 'sell' : 'buy';
    values[`${side}_amount`] ??= amount(random);
    delete values[`${side === 'sell' ? 'buy' : 'sell'}_amount`];
  }
  if (chance(random, 0.9))
    delete values[chance(random, 0.5) ? 'sell_delivery_method' : 'buy_delivery_method'];
}

function junkValue(random: Random): unknown {
  switch (int(random, 9)) {
    case 0:
      return random() * 1e6 - 5e5;
    case 1:
      return null;
    case 2:
      return chance(random, 0.5);
    case 3:
      return [pick(random, JUNK_STRINGS)];
    case 4:
      return { value: pick(random, JUNK_STRINGS) };
    default:
      return pick(random, JUNK_STRINGS);
  }
}

/** Mutates a few values: drops, junk strings, or (for JSON) values of the wrong type. */
function mutate(random: Random, values: Record<string, unknown>, json: boolean, names: string[]): void {
  const count = int(random, 3);
  for (let i = 0; i < count; i++) {
    const name = pick(random, names);
    const what = int(random, 5);
    if (what === 0) delete values[name];
    else if (what === 1 && json) values[name] = junkValue(random);
    else if (what === 2) values[`${name}_${int(random, 9)}`] = pick(random, JUNK_STRINGS);
    else values[name] = pick(random, JUNK_STRINGS);
  }
}

/** Tokens from valid to absurd; every one is a valid header value. */
export function authorization(random: Random): Record<string, string> {
  switch (int(random, 13)) {
    case 0:
    case 1:
    case 2:
    case 12:
    case 13:
      return { authorization: `Bearer ${token(pick(random, [ALICE, BOB, `${ALICE}:42`]))}` };
    case 3:
      return {};
    case 4:
      return { authorization: `Bearer ${token(ALICE, { now: new Date(Date.now() - 86_400_000) })}` };
    case 5:
      return { authorization: `Bearer ${token(pick(random, ['alice', `${ALICE}:x`, '', BOB.slice(1)]))}` };
    case 6:
      return { authorization: 'Bearer' };
    case 7:
      return { authorization: `Basic ${Buffer.from('alice:secret').toString('base64')}` };
    case 8:
      return { authorization: `Bearer ${'a'.repeat(int(random, 9000))}.${'b'.repeat(3)}.c` };
    case 9: {
      const [header, claims] = token().split('.');
      return { authorization: `Bearer ${header}.${claims}.${Buffer.from('forged').toString('base64url')}` };
    }
    default:
      return {
        authorization: `Bearer ${Buffer.from(pick(random, JUNK_STRINGS).slice(0, 200)).toString('base64url')}`,
      };
  }
}

function query(values: Record<string, unknown>, random: Random): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    search.append(name, String(value));
    if (chance(random, 0.03)) search.append(name, pick(random, JUNK_STRINGS)); // repeated key
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A request built from the contract: every operation's parameters and body are read from the
 * bundled document, filled with valid values, then (usually) mutated.
 */
export function schemaDerived(random: Random, quoteIds: readonly string[]): GeneratedRequest {
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
  const { path, method, operation } = pick(random, operations);
  const parameters = (operation.parameters ?? []).map(resolve);
  const valid = chance(random, 0.5);
  // A price takes no token most of the time; quotes always want one.
  const headers = path === '/price' && chance(random, 0.5) ? {} : authorization(random);

  if (path === '/quote/{id}') {
    let id = quoteIds.length > 0 && chance(random, 0.6) ? pick(random, quoteIds) : pick(random, JUNK_STRINGS);
    if (id === '') id = 'q';
    return { kind: 'getQuote', method: 'GET', path: `/quote/${encodeURIComponent(id)}`, headers };
  }

  const queryValues: Record<string, unknown> = {};
  for (const parameter of parameters) {
    if (parameter.in !== 'query') continue;
    if (parameter.required || chance(random, 0.3)) {
      queryValues[parameter.name as string] = validValue(
        random,
        parameter.name as string,
        parameter.schema as Schema,
      );
    }
  }
  if (method === 'get') {
    tidy(random, queryValues);
    if (!valid)
      mutate(
        random,
        queryValues,
        false,
        parameters.map((p) => p.name as string),
      );
    return { kind: 'getPrice', method: 'GET', path: `${path}${query(queryValues, random)}`, headers };
  }

  const bodySchema = resolve(
    ((resolve(operation.requestBody ?? {}).content as Record<string, Schema>)?.['application/json']?.schema ??
      {}) as Schema,
  );
  const body = validObject(random, bodySchema);
  tidy(random, body);
  if (!valid) mutate(random, body, true, Object.keys((bodySchema.properties ?? {}) as object));
  let text = JSON.stringify(body);
  if (!valid && chance(random, 0.1)) text = text.slice(0, int(random, text.length)); // cut short
  const contentType = valid || chance(random, 0.8) ? 'application/json' : pick(random, CONTENT_TYPES);
  return {
    kind: 'postQuote',
    method: 'POST',
    path: `${path}${chance(random, 0.05) ? query({ junk: pick(random, JUNK_STRINGS) }, random) : ''}`,
    headers: { ...headers, 'content-type': contentType },
    body: text,
  };
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/vnd.api+json',
  'application/octet-stream',
  'json',
];

const PATHS = [
  '/',
  '/price',
  '/price/',
  '/prices',
  '/quote',
  '/quote/',
  '/quote/%',
  '/quote/%E0%A4%A',
  '/quote/a%2Fb',
  '/quote/a/b',
  '/quote//',
  '/QUOTE',
  '/rate',
  '/info',
  '/%2e%2e/etc/passwd',
  '/price;jsessionid=1',
  '/price%00',
  '/quote/%F0%9F%9A%80',
  `/quote/${'x'.repeat(3000)}`,
  '/.well-known/stellar.toml',
];

const BODIES = [
  '',
  '{',
  '[]',
  'null',
  '"text"',
  '12345678901234567890',
  '{"sell_asset": "iso4217:USD"}',
  '{"__proto__": {"polluted": true}, "sell_asset": "iso4217:USD"}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a": ${'['.repeat(3000)}${']'.repeat(3000)}}`,
  '{"sell_amount": 1e999}',
  '\uFEFF{"sell_asset": "iso4217:USD"}',
  '\u0000\u0001\u0002',
  'sell_asset=iso4217:USD&buy_asset=stellar:native',
  '--xyz\r\nContent-Disposition: form-data; name="sell_asset"\r\n\r\niso4217:USD\r\n--xyz--\r\n',
];

/** Random junk: any method, path, content type and body the fetch API will send. */
export function randomJunk(random: Random): GeneratedRequest {
  const method = pick(random, ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  let path = pick(random, PATHS);
  if (chance(random, 0.4)) {
    const values: Record<string, unknown> = {};
    for (let i = int(random, 6); i > 0; i--) {
      values[pick(random, ['sell_asset', 'buy_asset', 'sell_amount', 'buy_amount', 'context', 'x', ''])] =
        pick(random, JUNK_STRINGS);
    }
    path += query(values, random);
  }
  const headers: Record<string, string> = { ...authorization(random) };
  const withBody = !['GET', 'HEAD'].includes(method) && chance(random, 0.7);
  if (withBody) headers['content-type'] = pick(random, ['application/json', ...CONTENT_TYPES]);
  if (chance(random, 0.1)) headers.accept = pick(random, ['text/html', '*/*', 'application/xml']);
  const request: GeneratedRequest = { kind: 'junk', method, path, headers };
  if (withBody) request.body = chance(random, 0.8) ? pick(random, BODIES) : pick(random, JUNK_STRINGS);
  return request;
}

/** Raw bytes on a socket: requests no HTTP client would send. */
export function rawJunk(random: Random): string {
  const lines = [
    'GET /price HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
    'POST /quote HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'GET /price HTTP/9.9\r\n\r\n',
    'GET\r\n\r\n',
    'BREW /price HTTP/1.1\r\nHost: x\r\n\r\n',
    `GET /price?${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    `GET /price HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    'GET /price HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    'GET /pri\u0000ce HTTP/1.1\r\nHost: x\r\n\r\n',
    'POST /quote HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
    '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003',
    'GET /price HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \u00ff\u00fe\r\n\r\n',
  ];
  return pick(random, lines);
}
