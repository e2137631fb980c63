// An anchor back-end for a USD <-> USDC ramp: customers kept in memory, indicative and firm rates at
// par with a flat fee of 1 USD, and every request authenticated the way the platform's
// `callback_api.auth` is configured. The generated server validates each request against the
// contract before a handler runs, so handlers only see well-formed input.
import { randomUUID } from 'node:crypto';
import { type components, createServer } from '@starspec/callbacks';
import { apiKey, bearerJwt, type CredentialCheck, closeGracefully, listen } from '@starspec/runtime';

type Schemas = components['schemas'];
type Rate = Schemas['Rate'];

const USD = 'iso4217:USD';
const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const FEE_CENTS = 100n;
const QUOTE_LIFETIME_MS = 5 * 60_000;

/** The SEP-9 fields a customer must give before it can receive a payout. */
const REQUIRED: Record<string, Schemas['FieldDescriptor']> = {
  first_name: { type: 'string', description: 'First name', optional: false },
  last_name: { type: 'string', description: 'Last name', optional: false },
  bank_account_number: { type: 'string', description: 'Bank account number', optional: false },
};

interface StoredCustomer {
  id: string;
  account: string | undefined;
  memo: string | undefined;
  values: Map<string, string>;
}

const customers = new Map<string, StoredCustomer>();

function findCustomer(account?: string, memo?: string): StoredCustomer | undefined {
  for (const customer of customers.values()) {
    if (customer.account === account && customer.memo === memo) return customer;
  }
  return undefined;
}

/** The customer as the platform reads it: what is on file, and what is still missing. */
function describe(customer: StoredCustomer | undefined): Schemas['Customer'] {
  const missing = Object.entries(REQUIRED).filter(([name]) => !customer?.values.has(name));
  const provided = Object.entries(REQUIRED).filter(([name]) => customer?.values.has(name));
  return {
    ...(customer ? { id: customer.id } : {}),
    status: missing.length === 0 ? 'ACCEPTED' : 'NEEDS_INFO',
    fields: Object.fromEntries(missing),
    provided_fields: Object.fromEntries(
      provided.map(([name, field]) => [name, { ...field, status: 'ACCEPTED' as const }]),
    ),
  };
}

/** `12.5` -> 1250n; undefined for more than two decimals (a cent is the smallest unit). */
function toCents(amount: string): bigint | undefined {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

const fromCents = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

const secret = process.env.SECRET_CALLBACK_API_AUTH_SECRET;
if (secret === undefined) throw new Error('set SECRET_CALLBACK_API_AUTH_SECRET');
// The platform sends either a fresh JWT or the secret itself as X-Api-Key, as configured.
const security: Record<string, CredentialCheck> =
  process.env.CALLBACK_API_AUTH_TYPE === 'api_key'
    ? { platformApiKey: apiKey(secret) }
    : { platformJwt: bearerJwt(secret) };

const server = createServer(
  {
    getCustomer: ({ query }) => {
      if (query.id !== undefined) {
        const customer = customers.get(query.id);
        if (!customer) return { status: 404, body: { error: 'customer not found', id: query.id } };
        return { status: 200, body: describe(customer) };
      }
      return { status: 200, body: describe(findCustomer(query.account, query.memo)) };
    },
    putCustomer: ({ body }) => {
      const known = body.id === undefined ? findCustomer(body.account, body.memo) : customers.get(body.id);
      if (body.id !== undefined && !known) return { status: 404, body: { error: 'customer not found' } };
      const customer = known ?? {
        id: randomUUID(),
        account: body.account,
        memo: body.memo,
        values: new Map<string, string>(),
      };
      for (const name of Object.keys(REQUIRED)) {
        const value = body[name as keyof typeof body];
        if (typeof value === 'string') customer.values.set(name, value);
      }
      customers.set(customer.id, customer);
      return { status: 202, body: { id: customer.id } };
    },
    deleteCustomer: ({ path }) => {
      if (!customers.delete(path.id)) return { status: 404, body: { error: 'customer not found' } };
      return { status: 204 };
    },
    getRate: ({ query }) => {
      const selling = `${query.sell_asset} ${query.buy_asset}`;
      if (selling !== `${USD} ${USDC}` && selling !== `${USDC} ${USD}`) {
        return { status: 400, body: { error: `no rate for ${query.sell_asset} to ${query.buy_asset}` } };
      }
      // At par: the buyer gets what is sold, less the fee, charged in the sell asset.
      const requested = toCents(query.sell_amount ?? query.buy_amount ?? '');
      if (requested === undefined) return { status: 400, body: { error: 'amounts have at most 2 decimals' } };
      const sell = query.sell_amount !== undefined ? requested : requested + FEE_CENTS;
      if (sell <= FEE_CENTS)
        return { status: 400, body: { error: 'the amount does not cover the 1.00 fee' } };
      const rate: Rate = {
        price: '1',
        sell_amount: fromCents(sell),
        buy_amount: fromCents(sell - FEE_CENTS),
        fee: {
          total: fromCents(FEE_CENTS),
          asset: query.sell_asset,
          details: [{ name: 'Service fee', amount: fromCents(FEE_CENTS) }],
        },
      };
      if (query.type === 'firm') {
        // A firm quote holds at least until the time the client asked for.
        const from = Math.max(Date.now(), Date.parse(query.expire_after ?? '') || 0);
        rate.id = randomUUID();
        rate.expires_at = new Date(from + QUOTE_LIFETIME_MS).toISOString();
      }
      return { status: 200, body: { rate } };
    },
  },
  { security },
);

console.log(`anchor callbacks on ${await listen(server, Number(process.env.PORT ?? 8081))}`);
process.once('SIGTERM', () => void closeGracefully(server));
