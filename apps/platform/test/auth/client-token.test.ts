import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateClient, parseSubject, signClientJwt, validate } from '../../src/index.js';
import { honestRate, type StubAnchor, startAnchor } from '../support/anchors.js';
import {
  ALICE,
  CLIENT_SECRET,
  getPrice,
  postQuote,
  type RunningPlatform,
  startPlatform,
  token,
  USD,
  USDC,
} from '../support/platform.js';

/** An HS256 token with any header and claims. */
function forge(header: object, claims: object, secret = CLIENT_SECRET): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode(header)}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
const soon = () => Math.floor(Date.now() / 1000) + 300;

describe('parseSubject', () => {
  it.each([
    [ALICE, { sub: ALICE, account: ALICE }],
    [`${ALICE}:42`, { sub: `${ALICE}:42`, account: ALICE, memo: '42' }],
    [
      `${ALICE}:18446744073709551615`,
      { sub: `${ALICE}:18446744073709551615`, account: ALICE, memo: '18446744073709551615' },
    ],
  ])('reads %s', (sub, identity) => {
    expect(parseSubject(sub)).toEqual(identity);
  });

  it.each([
    'alice',
    '',
    `${ALICE}:`,
    `${ALICE}:-1`,
    `${ALICE}:18446744073709551616`,
    `${ALICE}:abc`,
    'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ',
    'CA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGAXE',
    ALICE.toLowerCase(),
    42,
    null,
  ])('refuses %j', (sub) => {
    expect(parseSubject(sub)).toBeUndefined();
  });
});

describe('authenticateClient', () => {
  it('accepts a valid token, Bearer in any case', () => {
    expect(authenticateClient(`bearer ${token()}`, CLIENT_SECRET)).toEqual({
      ok: true,
      client: { sub: ALICE, account: ALICE },
    });
  });

  it.each([
    ['no header', undefined, 'missing bearer token'],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`, 'missing bearer token'],
    ['not a JWT', 'Bearer abc', 'token is not a JWT'],
    ['another secret', `Bearer ${signClientJwt(`${CLIENT_SECRET}!`, ALICE)}`, 'token signature is invalid'],
    [
      'expired',
      `Bearer ${signClientJwt(CLIENT_SECRET, ALICE, { now: new Date(Date.now() - 3_600_000) })}`,
      'token is expired',
    ],
    [
      'alg none',
      `Bearer ${forge({ alg: 'none' }, { sub: ALICE, exp: soon() })}`,
      'token algorithm must be HS256',
    ],
    ['no exp', `Bearer ${forge({ alg: 'HS256' }, { sub: ALICE })}`, 'token has no exp claim'],
    ['no sub', `Bearer ${forge({ alg: 'HS256' }, { exp: soon() })}`, 'token sub must be'],
    [
      'a muxed sub',
      `Bearer ${forge({ alg: 'HS256' }, { sub: 'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ', exp: soon() })}`,
      'token sub must be',
    ],
  ])('refuses %s', (_name, header, reason) => {
    const auth = authenticateClient(header, CLIENT_SECRET);
    expect(auth.ok).toBe(false);
    expect(auth.ok ? '' : auth.reason).toContain(reason);
  });

  it('refuses every token when no secret is configured', () => {
    expect(authenticateClient(`Bearer ${token()}`, undefined)).toEqual({
      ok: false,
      reason: 'client authentication is not configured on this platform',
    });
  });

  it('will not sign with a short secret', () => {
    expect(() => signClientJwt('short', ALICE)).toThrow(/32 bytes/);
  });
});

describe('the endpoints', () => {
  let anchor: StubAnchor;
  let platform: RunningPlatform;
  let unconfigured: RunningPlatform;
  beforeAll(async () => {
    anchor = await startAnchor(honestRate());
    platform = await startPlatform({ anchorUrl: anchor.url });
    unconfigured = await startPlatform({ anchorUrl: anchor.url, clientJwtSecret: undefined });
  });
  afterAll(async () => {
    await Promise.all([anchor.close(), platform.close(), unconfigured.close()]);
  });

  const quoteBody = { sell_asset: USD, buy_asset: USDC, sell_amount: '100', context: 'sep31' };
  const priceQuery = { ...quoteBody };
  const wrong = { authorization: `Bearer ${signClientJwt(`${CLIENT_SECRET}!`, ALICE)}` };

  async function forbidden(response: Response, operationId: 'getPrice' | 'postQuote' | 'getQuote') {
    const body = await response.json();
    expect(response.status).toBe(403);
    expect(validate.response(operationId, 403, body).ok).toBe(true);
    return (body as { error: string }).error;
  }

  it('POST /quote needs a valid token; the anchor is not called without one', async () => {
    const before = anchor.requests.length;
    expect(await forbidden(await postQuote(platform.url, quoteBody, {}), 'postQuote')).toBe(
      'missing bearer token',
    );
    expect(await forbidden(await postQuote(platform.url, quoteBody, wrong), 'postQuote')).toBe(
      'token signature is invalid',
    );
    expect(anchor.requests.length).toBe(before);
    expect((await postQuote(platform.url, quoteBody)).status).toBe(201);
  });

  it('GET /quote/{id} needs a valid token', async () => {
    expect(await forbidden(await fetch(`${platform.url}/quote/q-1`), 'getQuote')).toBe(
      'missing bearer token',
    );
    expect(await forbidden(await fetch(`${platform.url}/quote/q-1`, { headers: wrong }), 'getQuote')).toBe(
      'token signature is invalid',
    );
  });

  it('GET /price works without a token, and refuses a bad one', async () => {
    const before = anchor.requests.length;
    expect((await getPrice(platform.url, priceQuery)).status).toBe(200);
    expect(anchor.requests.at(-1)).not.toHaveProperty('client_id');
    expect(await forbidden(await getPrice(platform.url, priceQuery, wrong), 'getPrice')).toBe(
      'token signature is invalid',
    );
    expect(anchor.requests.length).toBe(before + 1);
  });

  it('without CLIENT_JWT_SECRET quotes are refused and prices still served', async () => {
    expect(await forbidden(await postQuote(unconfigured.url, quoteBody), 'postQuote')).toMatch(
      /not configured/,
    );
    expect((await getPrice(unconfigured.url, priceQuery)).status).toBe(200);
  });
});
