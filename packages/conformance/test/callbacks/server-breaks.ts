// The deliberate breaks of the test server that bypass its handlers: credential checks, answers
// given before the adapter validates a request, and changes made to a correct rate.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { apiKey, bearerJwt, type CredentialCheck, verifyHs256Jwt } from '@starspec/runtime';
import Big from 'big.js';

export type ServerAuth = { kind: 'jwt'; secret: string; header?: string } | { kind: 'api-key'; key: string };

export type Rate = {
  id?: string;
  expires_at?: string;
  price: string;
  sell_amount: string;
  buy_amount: string;
  fee?: { total: string; asset: string; details?: { name: string; description?: string; amount: string }[] };
};

/** The `iat` of a token, unverified (0 when it has none). */
function issuedAt(token: string): number {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    return typeof claims?.iat === 'number' ? claims.iat : 0;
  } catch {
    return 0;
  }
}

/** The credential check of the platform's scheme, or a broken one. */
export function credentialCheck(auth: ServerAuth, breaks: Set<string>): CredentialCheck {
  const header = auth.kind === 'jwt' ? (auth.header ?? 'authorization') : 'x-api-key';
  const real =
    auth.kind === 'jwt'
      ? bearerJwt(auth.secret, auth.header ? { header: auth.header } : {})
      : apiKey(auth.key);
  return (headers) => {
    const given = headers[header.toLowerCase()];
    if (breaks.has('auth-optional') && given === undefined) return null;
    if (breaks.has('auth-any-api-key') && typeof given === 'string' && given !== '') return null;
    if (auth.kind === 'jwt' && typeof given === 'string') {
      const token = /^Bearer\s+(\S+)$/i.exec(given)?.[1] ?? '';
      if (breaks.has('auth-signature-unchecked')) {
        try {
          const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
          return typeof claims.exp === 'number' && claims.exp > Date.now() / 1000 ? null : 'expired';
        } catch {
          return 'not a JWT';
        }
      }
      if (breaks.has('auth-expiry-unchecked')) {
        // Everything is checked as at the moment the token was issued, so it never expires.
        const asIssued = verifyHs256Jwt(token, auth.secret, new Date(issuedAt(token) * 1000));
        return asIssued.ok ? null : asIssued.reason;
      }
    }
    return real(headers);
  };
}

const ANY_RATE = { rate: { price: '1', sell_amount: '100', buy_amount: '100' } };

function reply(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return true;
}

/** Breaks that bypass the adapter's request validation. */
export function intercept(req: IncomingMessage, res: ServerResponse, breaks: Set<string>): boolean {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const q = url.searchParams;
  if (req.method === 'GET' && url.pathname === '/rate') {
    if (breaks.has('accept-missing-type') && !q.has('type')) return reply(res, 200, ANY_RATE);
    if (breaks.has('missing-type-message') && !q.has('type'))
      return reply(res, 400, { message: 'type is required' });
    if (
      breaks.has('accept-unknown-type') &&
      q.has('type') &&
      !['indicative', 'firm'].includes(q.get('type') ?? '')
    ) {
      return reply(res, 200, ANY_RATE);
    }
    if (breaks.has('malformed-asset-404') && !/^(stellar|iso4217):/.test(q.get('sell_asset') ?? '')) {
      return reply(res, 404, { error: 'no such asset' });
    }
    if (breaks.has('accept-zero-amount') && q.get('sell_amount') === '0') return reply(res, 200, ANY_RATE);
    if (breaks.has('accept-both-amounts') && q.has('sell_amount') && q.has('buy_amount'))
      return reply(res, 200, ANY_RATE);
    if (breaks.has('accept-no-amount') && q.has('type') && !q.has('sell_amount') && !q.has('buy_amount')) {
      return reply(res, 200, ANY_RATE);
    }
    if (breaks.has('accept-both-methods') && q.has('sell_delivery_method') && q.has('buy_delivery_method')) {
      return reply(res, 200, ANY_RATE);
    }
  }
  if (req.method === 'GET' && url.pathname === '/customer' && breaks.has('accept-bad-memo-type')) {
    const type = q.get('memo_type');
    if (type !== null && !['id', 'hash', 'text'].includes(type))
      return reply(res, 200, { status: 'NEEDS_INFO', fields: {} });
  }
  if (req.method === 'PUT' && url.pathname === '/customer' && breaks.has('invalid-json-500')) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        reply(res, 202, { id: 'c-1' });
      } catch {
        reply(res, 500, { error: 'internal error' });
      }
    });
    return true;
  }
  return false;
}

/** Rate breaks: one change each to a correct answer. */
export function breakRate(rate: Rate, query: Record<string, unknown>, breaks: Set<string>): Rate {
  const out: Rate = structuredClone(rate);
  const on = (name: string) => breaks.has(name);
  const add = (value: string, delta: string) => new Big(value).plus(delta).toFixed();
  const fee = out.fee;
  const details = fee?.details;
  const firm = query.type === 'firm';
  if (firm && on('firm-without-id')) delete out.id;
  if (firm && on('firm-without-expiry')) delete out.expires_at;
  if (on('no-price')) delete (out as Partial<Rate>).price;
  if (on('price-not-numeric')) out.price = 'one point zero two';
  if (firm && on('expires-at-not-instant') && out.expires_at)
    out.expires_at = out.expires_at.replace('T', ' ');
  if (on('sell-amount-zero')) out.sell_amount = '0';
  if (on('buy-amount-zero')) out.buy_amount = '0';
  if (on('sell-amount-extra-decimals')) out.sell_amount = add(out.sell_amount, '0.001');
  if (on('buy-amount-extra-decimals')) out.buy_amount = add(out.buy_amount, '0.00000001');
  if (on('sell-amount-changed') && query.sell_amount !== undefined)
    out.sell_amount = add(out.sell_amount, '1');
  if (on('buy-amount-changed') && query.buy_amount !== undefined) out.buy_amount = add(out.buy_amount, '1');
  if (fee && on('fee-without-total')) delete (fee as Partial<NonNullable<Rate['fee']>>).total;
  if (fee && on('fee-total-negative')) fee.total = '-1.00';
  if (fee && fee.total === '0' && on('zero-fee-with-details'))
    fee.details = [{ name: 'Wire fee', amount: '0' }];
  if (fee && on('fee-asset-unknown')) fee.asset = 'iso4217:GBP';
  if (fee && details?.[0] && on('fee-total-extra-decimals')) {
    fee.total = add(fee.total, '0.001');
    details[0].amount = add(details[0].amount, '0.001');
  }
  if (details?.[0] && on('fee-detail-without-name')) delete (details[0] as { name?: string }).name;
  if (details && on('fee-detail-zero')) details.push({ name: 'Promotion', amount: '0' });
  if (details?.[0] && details[1] && on('fee-detail-extra-decimals')) {
    details[0].amount = add(details[0].amount, '0.001');
    details[1].amount = add(details[1].amount, '-0.001');
  }
  if (details?.[0] && on('fee-details-sum-off')) details[0].amount = add(details[0].amount, '0.01');
  const skew = () => {
    out.price = new Big(out.price).times('1.01').toFixed();
  };
  if (fee && fee.asset === query.sell_asset && on('formula-off-sell-fee')) skew();
  if (fee && fee.asset === query.buy_asset && on('formula-off-buy-fee')) skew();
  if (!fee && on('formula-off-no-fee')) skew();
  return out;
}
