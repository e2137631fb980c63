/**
 * Stub anchors for the platform's tests, built with the callbacks package's own server adapter:
 * requests the platform sends are validated against the callbacks contract before a handler
 * runs, and answers are sent as given (response validation off, so an anchor can be wrong).
 */
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import {
  type AssetConfig,
  createRequestListener,
  defaultAssetConfig,
  type Handlers,
  type RateRequest,
  significantDecimals,
} from '@starspec/callbacks';
import { type CredentialCheck, listen } from '@starspec/runtime';
import Big from 'big.js';

export type RateHandler = Handlers['getRate'];

export interface StubAnchor {
  url: string;
  /** Every GET /rate query a handler received, in order. */
  requests: RateRequest[];
  /** Requests the adapter refused before the handler (the platform sent something off-contract). */
  refused: { url: string; status: number }[];
  close(): Promise<void>;
}

export interface StubAnchorOptions {
  security?: Record<string, CredentialCheck>;
}

/** An anchor whose GET /rate is `getRate`; the other callbacks answer within the contract. */
export async function startAnchor(
  getRate: RateHandler,
  options: StubAnchorOptions = {},
): Promise<StubAnchor> {
  const requests: RateRequest[] = [];
  const refused: StubAnchor['refused'] = [];
  const handled = new WeakSet<IncomingMessage>();
  const listener = createRequestListener(
    {
      getCustomer: () => ({ status: 200, body: { status: 'NEEDS_INFO' } }),
      putCustomer: () => ({ status: 202, body: { id: 'c-1' } }),
      deleteCustomer: () => ({ status: 204 }),
      getRate: (request) => {
        handled.add(request.raw);
        requests.push({ ...request.query });
        return getRate(request);
      },
    },
    { validateResponses: false, ...(options.security ? { security: options.security } : {}) },
  );
  const server = createHttpServer((req, res) => {
    res.on('finish', () => {
      if (!handled.has(req)) refused.push({ url: req.url ?? '', status: res.statusCode });
    });
    listener(req, res);
  });
  const url = await listen(server);
  return { url, requests, refused, close: () => closeServer(server) };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface HonestOptions {
  /** Price of one unit of buy asset in sell asset, fees excluded. Default 1.02. */
  price?: string;
  /** Where the 1.00 fee is charged. Default the sell asset. */
  feeIn?: 'sell' | 'buy' | 'none';
  assets?: AssetConfig;
  now?: () => Date;
}

// Enough digits that price × amount stays exact well within 10^-7 for 64-digit amounts.
const Exact = Big();
Exact.DP = 100;

const FEE = '1.00';

/**
 * A correct anchor: echoes the requested amount, computes the other one rounded to its asset's
 * decimals, recomputes the price so the platform's formula holds, and answers 400 when the
 * amount does not cover the fee. Firm rates get an id and an expiry a day ahead (or an hour past
 * `expire_after`).
 */
export function honestRate(options: HonestOptions = {}): RateHandler {
  const assets = options.assets ?? defaultAssetConfig();
  const feeIn = options.feeIn ?? 'sell';
  const listed = new Exact(options.price ?? '1.02');
  const now = options.now ?? (() => new Date());
  return ({ query }) => {
    const sellDecimals = significantDecimals(assets, query.sell_asset) ?? 7;
    const buyDecimals = significantDecimals(assets, query.buy_asset) ?? 7;
    const fee = new Exact(feeIn === 'none' ? 0 : FEE);
    let sell: Big;
    let buy: Big;
    let price: Big;
    if (query.sell_amount !== undefined) {
      sell = new Exact(query.sell_amount);
      // fee in sell: sell = price × buy + fee; fee in buy: sell = price × (buy + fee).
      const gross = feeIn === 'sell' ? sell.minus(fee).div(listed) : sell.div(listed).minus(fee);
      buy = gross.round(buyDecimals, Big.roundDown);
      if (buy.lte(0))
        return { status: 400, body: { error: `sell_amount ${query.sell_amount} does not cover the fee` } };
      price = feeIn === 'sell' ? sell.minus(fee).div(buy) : sell.div(buy.plus(fee));
    } else {
      buy = new Exact(query.buy_amount ?? '0');
      price = listed;
      const exact = feeIn === 'sell' ? price.times(buy).plus(fee) : price.times(buy.plus(fee));
      sell = exact.round(sellDecimals, Big.roundHalfUp);
      if (sell.lte(0)) return { status: 400, body: { error: `buy_amount ${query.buy_amount} is too small` } };
    }
    const rate: Record<string, unknown> = {
      price: price.toFixed(),
      sell_amount: query.sell_amount ?? sell.toFixed(),
      buy_amount: query.buy_amount ?? buy.toFixed(),
    };
    if (feeIn !== 'none') {
      rate.fee = {
        total: FEE,
        asset: feeIn === 'sell' ? query.sell_asset : query.buy_asset,
        details: [{ name: 'Service fee', description: 'Fixed fee per exchange', amount: FEE }],
      };
    }
    if (query.type === 'firm') {
      const day = now().getTime() + 24 * 3600 * 1000;
      const after = query.expire_after === undefined ? 0 : Date.parse(query.expire_after) + 3600 * 1000;
      if (after > now().getTime() + 365 * 24 * 3600 * 1000) {
        return {
          status: 400,
          body: { error: `expire_after ${query.expire_after} is later than quotes are held (1 year)` },
        };
      }
      rate.id = randomUUID();
      rate.expires_at = new Date(Math.max(day, after)).toISOString();
    }
    return { status: 200, body: { rate } } as ReturnType<RateHandler>;
  };
}
