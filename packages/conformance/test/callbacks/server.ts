/**
 * A small anchor back-end that follows the callbacks contract and the seed's rules, built on the
 * generated server adapter, with named deliberate breaks (see broken.yaml): each break changes
 * one behaviour so that one check must fail (or, for a check of level should, warn).
 *
 * Rates: USD → USDC at 1.02 and USDC → USD at 0.98 (EUR → USDC at 1.10, an asset the test asset
 * file leaves out). Fees: indicative rates pay 1% + 0.25 in the sell asset (two details); firm
 * quotes, for the one known client, 0.5% in the buy asset; sell_delivery_method ACH has no fee
 * object and WIRE a fee of 0. USDC can be sold from 500 on, so smaller requests are declined.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequestListener, type Handlers } from '@starspec/callbacks';
import Big from 'big.js';
import { parse } from 'yaml';
import { listenForTest, type TestServer } from '../support/listen.js';
import { breakRate, credentialCheck, intercept, type Rate, type ServerAuth } from './server-breaks.js';

export type { ServerAuth } from './server-breaks.js';

export const ASSETS_FILE = new URL('./assets.yaml', import.meta.url).pathname;
export const ASSETS: unknown = parse(readFileSync(ASSETS_FILE, 'utf8'));

export const USD = 'iso4217:USD';
export const EUR = 'iso4217:EUR';
export const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
/** The one client allowed firm quotes. */
export const KNOWN_CLIENT = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';
export const JWT_SECRET = 'the-platform-and-anchor-shared-secret-0123456789';
export const API_KEY = 'an-api-key-for-the-callbacks';

const DECIMALS: Record<string, number> = { [USD]: 2, [EUR]: 2, [USDC]: 7 };
const MIN_SELL: Record<string, Big> = { [USD]: new Big(10), [EUR]: new Big(10), [USDC]: new Big(500) };
const PRICES: Record<string, string> = {
  [`${USD} ${USDC}`]: '1.02',
  [`${USDC} ${USD}`]: '0.98',
  [`${EUR} ${USDC}`]: '1.10',
};
const SELL_METHODS: Record<string, string[]> = { [USD]: ['WIRE', 'ACH'] };
const BUY_METHODS: Record<string, string[]> = { [USD]: ['WIRE'] };
const QUOTE_TTL_MS = 10 * 60_000;
const MAX_TTL_MS = 24 * 3600_000;

const DESCRIPTIONS: Record<string, Record<string, string>> = {
  en: {
    first_name: 'First name',
    last_name: 'Last name',
    email_address: 'Email address',
    mobile_number: 'Mobile phone number',
  },
  pt: {
    first_name: 'Nome próprio',
    last_name: 'Apelido',
    email_address: 'Endereço de email',
    mobile_number: 'Número de telemóvel',
  },
};
const REQUIRED = ['first_name', 'last_name', 'email_address'];
const OPTIONAL = ['mobile_number'];

type LooseHandler = (request: {
  // biome-ignore lint/suspicious/noExplicitAny: validated by the adapter before the handler runs
  query: Record<string, any>;
  path: Record<string, string>;
  body: unknown;
}) => { status: number; body?: unknown };

export type { TestServer };

interface CustomerRecord {
  id: string;
  account?: string;
  memo?: string;
  fields: Record<string, string>;
}

const roundDown = (v: Big, dp: number) => v.round(dp, Big.roundDown);
const roundUp = (v: Big, dp: number) => v.round(dp, Big.roundUp);
const text = (v: Big) => v.toFixed();
const instant = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

export function startCallbacksServer(
  options: { auth?: ServerAuth; breaks?: readonly string[] } = {},
): Promise<TestServer> {
  const breaks = new Set(options.breaks ?? []);
  const on = (name: string) => breaks.has(name);
  const customers = new Map<string, CustomerRecord>();
  // "STRING" is read by the platform (a warning); "String" is not (a failure).
  const fieldType = on('upper-case-field-types')
    ? 'STRING'
    : on('mixed-case-field-types')
      ? 'String'
      : 'string';
  // A status SEP-12 does not have: the platform reads it as none.
  const storedStatus = (status: string) => (on('unknown-status') ? 'VERIFIED' : status);

  const description = (lang: string | undefined, field: string) =>
    (on('lang-ignored') ? undefined : DESCRIPTIONS[lang ?? 'en']?.[field]) ??
    (DESCRIPTIONS.en?.[field] as string);
  const fieldsOf = (names: string[], lang: string | undefined) =>
    Object.fromEntries(
      names.map((name) => [
        name,
        {
          type: fieldType,
          description: description(lang, name),
          ...(OPTIONAL.includes(name) ? { optional: true } : {}),
        },
      ]),
    );
  const registration = (lang: string | undefined) => ({
    status: 'NEEDS_INFO' as const,
    fields: fieldsOf([...REQUIRED, ...OPTIONAL], lang),
  });
  const view = (record: CustomerRecord, lang: string | undefined) => {
    const missing = [...REQUIRED, ...OPTIONAL].filter((f) => record.fields[f] === undefined);
    const complete = REQUIRED.every((f) => record.fields[f] !== undefined);
    const provided = Object.keys(record.fields).map((name) => [
      name,
      { type: fieldType, description: description(lang, name), status: 'ACCEPTED' },
    ]);
    if (on('accepted-while-missing') || complete) {
      return {
        id: record.id,
        status: storedStatus('ACCEPTED'),
        provided_fields: Object.fromEntries(provided),
      };
    }
    return {
      id: record.id,
      status: storedStatus('NEEDS_INFO'),
      fields: fieldsOf(missing, lang),
      provided_fields: Object.fromEntries(provided),
    };
  };
  const findByAccount = (account: string, memo: string | undefined) =>
    [...customers.values()].find((c) => c.account === account && (on('memo-ignored') || c.memo === memo));

  const rateFor = (
    query: Record<string, unknown>,
  ): { status: 200; body: { rate: Rate } } | { status: 400; body: { error: string } } => {
    const bad = (error: string) => ({ status: 400 as const, body: { error } });
    const sellAsset = query.sell_asset as string;
    const buyAsset = query.buy_asset as string;
    const price = PRICES[`${sellAsset} ${buyAsset}`];
    if (price === undefined) return bad(`no rate for ${sellAsset} -> ${buyAsset}`);
    const ds = DECIMALS[sellAsset] as number;
    const db = DECIMALS[buyAsset] as number;
    const sellMethod = query.sell_delivery_method as string | undefined;
    const buyMethod = query.buy_delivery_method as string | undefined;
    if (sellMethod !== undefined && !(SELL_METHODS[sellAsset] ?? []).includes(sellMethod)) {
      return bad(`sell_delivery_method ${sellMethod} is not offered for ${sellAsset}`);
    }
    if (
      buyMethod !== undefined &&
      (on('decline-buy-method') || !(BUY_METHODS[buyAsset] ?? []).includes(buyMethod))
    ) {
      return bad(`buy_delivery_method ${buyMethod} is not offered for ${buyAsset}`);
    }
    const firm = query.type === 'firm';
    if (firm && on('decline-firm')) return bad('firm quotes are not offered');
    if (firm && query.client_id !== KNOWN_CLIENT)
      return bad(`client_id ${String(query.client_id)} is not a known client`);
    if (!firm && query.sell_amount !== undefined && on('decline-indicative-sell')) return bad('not now');

    let expiresAt: number | undefined;
    const now = Date.now();
    if (firm) {
      expiresAt = now + QUOTE_TTL_MS;
      if (query.expire_after !== undefined && !on('expire-after-ignored')) {
        const wanted = Date.parse(query.expire_after as string);
        if (!Number.isFinite(wanted)) return bad('expire_after is not a date-time');
        if (wanted > now + MAX_TTL_MS)
          return bad('expire_after is later than the longest quote validity (24 hours)');
        expiresAt = Math.max(expiresAt, Math.ceil(wanted / 1000) * 1000);
      }
      expiresAt = Math.ceil(expiresAt / 1000) * 1000;
    }

    // Which fee: none (ACH), zero (WIRE), in the buy asset (firm) or in the sell asset.
    const kind = sellMethod === 'ACH' ? 'none' : sellMethod === 'WIRE' ? 'zero' : firm ? 'buy' : 'sell';
    const feeIn = (base: Big, dp: number) => {
      if (kind === 'buy') return [{ name: 'Partner fee', amount: roundUp(base.times('0.005'), dp) }];
      return [
        { name: 'Service fee', description: '1% of the amount', amount: roundUp(base.times('0.01'), dp) },
        { name: 'Network fee', amount: new Big('0.25') },
      ];
    };
    const P = new Big(price);
    let sell: Big;
    let buy: Big;
    let details: { name: string; description?: string; amount: Big }[] = [];
    let exact: Big;
    if (query.sell_amount !== undefined) {
      sell = new Big(query.sell_amount as string);
      if (sell.lt(MIN_SELL[sellAsset] as Big))
        return bad(`sell_amount is below the minimum of ${MIN_SELL[sellAsset]}`);
      if (kind === 'sell') {
        details = feeIn(sell, ds);
        const fee = details.reduce((s, d) => s.plus(d.amount), new Big(0));
        buy = roundDown(sell.minus(fee).div(P), db);
        exact = sell.minus(fee).div(buy);
      } else if (kind === 'buy') {
        const gross = sell.div(P);
        details = feeIn(gross, db);
        const fee = details.reduce((s, d) => s.plus(d.amount), new Big(0));
        buy = roundDown(gross.minus(fee), db);
        exact = sell.div(buy.plus(fee));
      } else {
        buy = roundDown(sell.div(P), db);
        exact = sell.div(buy);
      }
    } else {
      buy = new Big(query.buy_amount as string);
      if (kind === 'sell') {
        details = feeIn(P.times(buy), ds);
        const fee = details.reduce((s, d) => s.plus(d.amount), new Big(0));
        sell = roundUp(P.times(buy).plus(fee), ds);
        exact = sell.minus(fee).div(buy);
      } else if (kind === 'buy') {
        details = feeIn(buy, db);
        const fee = details.reduce((s, d) => s.plus(d.amount), new Big(0));
        sell = roundUp(P.times(buy.plus(fee)), ds);
        exact = sell.div(buy.plus(fee));
      } else {
        sell = roundUp(P.times(buy), ds);
        exact = sell.div(buy);
      }
      if (sell.lt(MIN_SELL[sellAsset] as Big)) return bad(`the sell amount ${sell} is below the minimum`);
    }
    const rate: Rate = { price: exact.round(15).toFixed(), sell_amount: text(sell), buy_amount: text(buy) };
    const feeTotal = details.reduce((s, d) => s.plus(d.amount), new Big(0));
    if (kind === 'zero') rate.fee = { total: '0', asset: sellAsset };
    if (kind === 'sell' || kind === 'buy') {
      rate.fee = {
        total: text(feeTotal),
        asset: kind === 'sell' ? sellAsset : buyAsset,
        details: details.map((d) => ({
          name: d.name,
          ...(d.description ? { description: d.description } : {}),
          amount: text(d.amount),
        })),
      };
    }
    if (firm && expiresAt !== undefined) {
      rate.id = on('firm-same-id') ? 'quote-1' : randomUUID();
      rate.expires_at = on('firm-expired') ? instant(now - 60_000) : instant(expiresAt);
    }
    return { status: 200, body: { rate: breakRate(rate, query, breaks) } };
  };

  // Loosely typed: the breaks answer outside the contract on purpose.
  const handlers: Record<keyof Handlers, LooseHandler> = {
    getCustomer: ({ query }) => {
      const lang = query.lang;
      if (query.id !== undefined) {
        const record = customers.get(query.id);
        if (
          !record ||
          on('forgets-customers') ||
          (query.account !== undefined && record.account !== query.account)
        ) {
          if (on('unknown-id-accepted')) return { status: 200, body: { id: query.id, status: 'ACCEPTED' } };
          return { status: 404, body: { error: 'customer not found', id: query.id } };
        }
        return { status: 200, body: view(record, lang) };
      }
      if (query.account !== undefined) {
        const record = on('forgets-customers') ? undefined : findByAccount(query.account, query.memo);
        if (!record && on('unknown-account-404')) return { status: 404, body: { error: 'no such account' } };
        const answer = record ? view(record, lang) : registration(lang);
        // A member of a newer release, or a vendor's own: Gson skips it (a warning).
        return { status: 200, body: on('extra-members') ? { ...answer, vendor_note: 'x' } : answer };
      }
      if (on('registration-accepted')) return { status: 200, body: { status: 'ACCEPTED' } };
      return { status: 200, body: registration(lang) };
    },
    putCustomer: ({ body }) => {
      const input = body as Record<string, unknown>;
      let record: CustomerRecord | undefined;
      if (typeof input.id === 'string') {
        record = customers.get(input.id);
        if (!record) return { status: 404, body: { error: 'customer not found', id: input.id } };
      } else if (typeof input.account === 'string') {
        record = findByAccount(input.account, input.memo as string | undefined);
        if (!record) {
          record = {
            id: randomUUID(),
            account: input.account,
            ...(typeof input.memo === 'string' ? { memo: input.memo } : {}),
            fields: {},
          };
          customers.set(record.id, record);
        }
      } else {
        return { status: 400, body: { error: 'give id or account' } };
      }
      for (const name of [...REQUIRED, ...OPTIONAL]) {
        if (typeof input[name] === 'string') record.fields[name] = input[name] as string;
      }
      if (on('put-without-id')) return { status: 202, body: {} };
      return { status: 202, body: { id: on('put-empty-id') ? '' : record.id } };
    },
    deleteCustomer: ({ path }) => {
      const id = path.id as string;
      if (!customers.has(id)) return { status: 404, body: { error: 'customer not found', id } };
      if (!on('delete-keeps')) customers.delete(id);
      return { status: 204 };
    },
    getRate: ({ query }) => {
      if (query.type === 'indicative' && query.buy_amount !== undefined && on('indicative-buy-500')) {
        return { status: 500, body: { error: 'internal error' } };
      }
      if (query.type === 'firm' && query.buy_amount !== undefined && on('firm-buy-bad-body')) {
        return { status: 200, body: { rate: { price: '1' } } };
      }
      const result = rateFor(query as Record<string, unknown>);
      // Broken: the rate object itself, not {"rate": {...}}.
      if (on('rate-unwrapped') && result.status === 200) return { status: 200, body: result.body.rate };
      return result;
    },
  };

  const security = options.auth
    ? {
        [options.auth.kind === 'jwt' ? 'platformJwt' : 'platformApiKey']: credentialCheck(
          options.auth,
          breaks,
        ),
      }
    : undefined;
  const listener = createRequestListener(handlers as unknown as Handlers, {
    validateResponses: false,
    ...(security ? { security } : {}),
    onError: () => undefined,
  });
  const server: Server = createServer((req, res) => {
    if (intercept(req, res, breaks)) return;
    listener(req, res);
  });
  return listenForTest(server);
}
