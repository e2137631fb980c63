// Requests generated from the callbacks contract for the bad-input test: query strings and bodies
// from the contract's own parameters and schemas (valid values, their examples and enums, and
// mutations of them), plus random junk: broken query strings, bad JSON, wrong media types, broken
// multipart, bodies over the limit, wrong methods, odd paths. Seeded: every run sends the same.
import { document } from '@starspec/callbacks';
import { HOSTILE_VALUES } from '@starspec/http-fuzz';
import { encodeMuxedAccount } from '../../src/strkey.js';
import { ACCOUNT, DEMO_CLIENT, USDC } from '../support/anchor.js';

/** The body limit the anchor under test is given: the generator sends bodies on both sides of it. */
export const BODY_LIMIT = 64 * 1024;

// biome-ignore lint/suspicious/noExplicitAny: the contract document and generated bodies are walked loosely
export type Json = any;
const contract = document as Json;
let seed = 0x5eed;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};
const int = (n: number) => Math.floor(rand() * n);
const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
const chance = (p: number) => rand() < p;

function resolve(node: Json): Json {
  if (node && typeof node === 'object' && typeof node.$ref === 'string') {
    const path = (node.$ref as string).replace(/^#\//, '').split('/');
    return resolve(path.reduce((o: Json, key) => o?.[key], contract));
  }
  return node;
}

/** Values a parameter or property may take, read from its schema: examples, enums, defaults. */
function schemaValues(param: Json): string[] {
  const schema = resolve(param.schema ?? param);
  const values: string[] = [];
  for (const example of Object.values(param.examples ?? {}) as Json[])
    values.push(String(resolve(example).value));
  for (const s of [schema, ...(schema.allOf ?? []).map(resolve)]) {
    for (const e of s.enum ?? []) values.push(String(e));
    for (const e of s.examples ?? []) values.push(String(e));
    if (s.default !== undefined) values.push(String(s.default));
  }
  return values;
}

const MUXED = encodeMuxedAccount(ACCOUNT, 42n);
const ASSETS = [
  USDC,
  'stellar:native',
  'iso4217:USD',
  'iso4217:BRL',
  'iso4217:MXN',
  'iso4217:EUR',
  'iso4217:JPY',
  'iso4217:GBP',
];
/** Domain values the contract's examples do not cover, per parameter name. */
const DOMAIN: Record<string, string[]> = {
  sell_asset: ASSETS,
  buy_asset: ASSETS,
  sell_amount: ['1', '10', '100', '100.5', '0.0000001', '12345.678', '99999999', '1000000000', '0.1'],
  buy_amount: ['1', '50', '5000', '7.25', '0.01', '1500', '1e3', '123456789012345678901234567890'],
  client_id: [DEMO_CLIENT, ACCOUNT, 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN'],
  sell_delivery_method: ['WIRE', 'ACH', 'PIX', 'TED', 'SPEI', 'SEPA', 'ZENGIN', 'CASH', 'CARRIER_PIGEON'],
  buy_delivery_method: ['WIRE', 'ACH', 'PIX', 'TED', 'SPEI', 'SEPA', 'ZENGIN', 'CASH'],
  country_code: ['USA', 'BRA', 'MEX', 'DEU', 'JPN', 'XXX'],
  expire_after: [
    '2026-11-21T12:30:00Z',
    '2030-01-01T00:00:00Z',
    '2000-01-01T00:00:00+05:00',
    '2026-11-21t12:00:00z',
  ],
  account: [
    ACCOUNT,
    MUXED,
    DEMO_CLIENT,
    `${ACCOUNT.slice(0, 55)}B`,
    'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ',
  ],
  memo: [
    '1',
    '42',
    '007',
    '18446744073709551615',
    '18446744073709551616',
    Buffer.alloc(32, 1).toString('base64'),
    'hello',
  ],
  type: ['sep6', 'sep24-customer', 'sep31-sender', 'sep31-receiver', 'sep99'],
  transaction_id: ['demo-small', 'demo-large', 'demo-xl', 'unknown-tx'],
  lang: ['en', 'pt', 'es', 'fr', 'zz'],
  id: ['no-such-id'],
};

const JUNK = [
  ...HOSTILE_VALUES,
  '00',
  '1.',
  'é',
  '𝓤𝓢𝓓',
  '<script>',
  'y'.repeat(4000),
  '1'.repeat(70),
  `0.${'3'.repeat(60)}`,
];

function randomText(max = 40): string {
  const alphabet = 'abcXYZ019:._-+/ %&=?#"\'\\é€𝓤\u0000\t\n';
  let out = '';
  for (let i = int(max); i > 0; i--) out += alphabet[int(alphabet.length)];
  return out;
}

function valueFor(param: Json): string {
  const valid = [...schemaValues(param), ...(DOMAIN[param.name] ?? [])];
  const r = rand();
  if (r < 0.65 && valid.length > 0) return pick(valid);
  if (r < 0.85) return pick(JUNK);
  if (r < 0.95 && valid.length > 0) {
    // A mutation of a valid value: cut, doubled, lower-cased, padded.
    const v = pick(valid);
    return pick([
      v.slice(0, int(v.length + 1)),
      v + v,
      v.toLowerCase(),
      ` ${v}`,
      `${v}0`,
      v.replace(/\d/, 'x'),
    ]);
  }
  return randomText();
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included). */
function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function queryFor(operation: Json): string {
  const parts: string[] = [];
  for (const raw of operation.parameters ?? []) {
    const param = resolve(raw);
    if (param.in !== 'query') continue;
    if (!(param.required && chance(0.9)) && !chance(0.45)) continue;
    const times = chance(0.05) ? 2 : 1;
    for (let i = 0; i < times; i++) parts.push(`${encode(param.name)}=${encode(valueFor(param))}`);
  }
  if (chance(0.05))
    parts.push(pick(['&&', '=', '==x', 'a=%ZZ', '%E0%A4%A', 'unknown=1', '[]=1', 'type[]=firm']));
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The properties of the PUT body schemas (JSON, and multipart with its binary parts). */
function bodyProperties(mediaType: string): Record<string, Json> {
  const schema = resolve(contract.paths['/customer'].put.requestBody.content[mediaType].schema);
  const out: Record<string, Json> = {};
  for (const part of schema.allOf ?? [schema]) Object.assign(out, resolve(part).properties ?? {});
  return out;
}
const JSON_PROPS = bodyProperties('application/json');
const FORM_PROPS = bodyProperties('multipart/form-data');

function jsonValue(name: string, schema: Json): Json {
  const r = rand();
  if (r < 0.6) return valueFor({ name, schema });
  if (r < 0.7) return pick([null, 7, -1.5, true, false, [], {}, ['a'], { a: 1 }]);
  if (r < 0.8)
    return pick(['2026-02-30', '1990-13-01', '31/12/1990', '1990-01-01', '2012-06-01', '2030-01-01']);
  return randomText(60);
}

function jsonBody(): string {
  const body: Record<string, Json> = {};
  if (chance(0.7)) body.account = pick([ACCOUNT, MUXED, ...JUNK.slice(0, 4)]);
  if (chance(0.3)) body.memo = pick(DOMAIN.memo ?? []);
  for (const [name, schema] of Object.entries(JSON_PROPS)) {
    if (chance(0.15)) body[name] = jsonValue(name, schema);
  }
  if (chance(0.2)) body.email_address_verification = pick(['123456', '000000', 7, '']);
  if (chance(0.05)) body.unknown_field = randomText();
  return JSON.stringify(body);
}

function multipartBody(): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${int(1e9)}`;
  const chunks: Buffer[] = [];
  const part = (name: string, value: Buffer | string, filename?: string) => {
    const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (filename !== undefined) chunks.push(Buffer.from('Content-Type: application/octet-stream\r\n'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(value), Buffer.from('\r\n'));
  };
  if (chance(0.8)) part('account', pick([ACCOUNT, MUXED]));
  for (const [name, schema] of Object.entries(FORM_PROPS)) {
    if (!chance(0.12)) continue;
    const binary = resolve(schema).contentMediaType !== undefined;
    if (binary || chance(0.05))
      part(name, Buffer.from(Array.from({ length: int(200) }, () => int(256))), `${name}.jpg`);
    else part(name, String(jsonValue(name, schema)));
    if (chance(0.05)) part(name, 'again');
  }
  chunks.push(Buffer.from(chance(0.9) ? `--${boundary}--\r\n` : `--${boundary}`));
  const contentType = chance(0.95) ? `multipart/form-data; boundary=${boundary}` : 'multipart/form-data';
  return { body: Buffer.concat(chunks), contentType };
}

export interface Req {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  operationId?: 'getCustomer' | 'putCustomer' | 'deleteCustomer' | 'getRate';
}

/** The next generated request. */
export function generate(): Req {
  const rateOp = contract.paths['/rate'].get;
  const customerOp = contract.paths['/customer'].get;
  const r = rand();
  if (r < 0.3) return { method: 'GET', path: `/rate${queryFor(rateOp)}`, operationId: 'getRate' };
  if (r < 0.5) return { method: 'GET', path: `/customer${queryFor(customerOp)}`, operationId: 'getCustomer' };
  if (r < 0.65) {
    return {
      method: 'PUT',
      path: '/customer',
      headers: { 'content-type': 'application/json' },
      body: jsonBody(),
      operationId: 'putCustomer',
    };
  }
  if (r < 0.72) {
    const { body, contentType } = multipartBody();
    return {
      method: 'PUT',
      path: '/customer',
      headers: { 'content-type': contentType },
      body,
      operationId: 'putCustomer',
    };
  }
  if (r < 0.8) {
    // Bodies that are not what they claim, or no body at all.
    const body = pick([
      '{"first_name": ',
      '{',
      'null',
      '[]',
      '7',
      '"text"',
      '{"account": "GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX",}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      `{"first_name": ${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
      '\u0000\u0001\u0002',
      '',
      randomText(200),
    ]);
    const contentType = pick([
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ]);
    return {
      method: 'PUT',
      path: '/customer',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
      operationId: 'putCustomer',
    };
  }
  if (r < 0.84) {
    // Over the body limit, declared by content-length.
    const size = BODY_LIMIT + 1 + int(BODY_LIMIT);
    const body = chance(0.5) ? JSON.stringify({ first_name: 'x'.repeat(size) }) : Buffer.alloc(size, 0x61);
    return { method: 'PUT', path: '/customer', headers: { 'content-type': 'application/json' }, body };
  }
  if (r < 0.9) {
    const id = pick(['x', 'no-such-id', 'a%2Fb', '%E0%A4%A', 'x'.repeat(300), encode(randomText(20)) || 'z']);
    return { method: 'DELETE', path: `/customer/${id}`, operationId: 'deleteCustomer' };
  }
  // Wrong methods and paths.
  return {
    method: pick(['POST', 'PATCH', 'DELETE', 'OPTIONS', 'PUT', 'GET', 'HEAD']),
    path: pick([
      '/rate',
      '/customer',
      '/customer/',
      '/customer/x/y',
      '/rates',
      '/',
      '/%ZZ',
      `/${'a'.repeat(2000)}`,
      '/customer?%',
      '//rate',
    ]),
    ...(chance(0.5) ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
  };
}
