/**
 * Requests the back-end is to refuse: requests outside the contract get 400 {error}, and with
 * authentication configured, a missing, wrong or expired credential gets 401 {error}.
 *
 * Levels. The platform never sends a request outside the contract: it checks its own first
 * (RestRateIntegration.validateRateRequest: type and exactly one amount; Sep38Service: assets,
 * amounts and delivery methods against its asset configuration; Sep12Service: memo and memo_type;
 * bodies are JSON written by Gson). How an anchor answers such a request changes nothing for the
 * platform, so every bad-request check is `should`. The credential checks are `must`: with
 * `callback_api.auth` set, the platform relies on the anchor to serve no one else (anyone could
 * otherwise change a customer's KYC data that the platform then reports to wallets).
 */
import { signPlatformJwt } from '@starspec/runtime';
import { fail, skip } from '../../model.js';
import { type CheckDefinition, neverSent } from '../../runner.js';
import { randomAccountId } from '../../strkey.js';
import { authHeaders, type CallbacksState, type CallRequest, call, isRecord } from './state.js';

type Operation = 'getCustomer' | 'putCustomer' | 'getRate';

interface BadRequest {
  id: string;
  title: string;
  /** Why the platform never sends it (all of them are `should`, see above). */
  neverSent: string;
  needsBehaviour?: string;
  operation: Operation;
  request(state: CallbacksState): CallRequest;
}

/** A valid GET /rate query, changed by `change`. */
function rateQuery(
  state: CallbacksState,
  change: (q: Record<string, string | undefined>) => void,
): CallRequest {
  const query: Record<string, string | undefined> = {
    type: 'indicative',
    sell_asset: state.pair.sell,
    buy_asset: state.pair.buy,
    sell_amount: state.amounts[0],
  };
  change(query);
  return { path: '/rate', query };
}

const CONSTRAINTS =
  'enforcing the contract’s cross-parameter rules (x-query-constraints), which a static mock does not';

const BAD_REQUESTS: BadRequest[] = [
  {
    id: 'bad-request.rate.missing-type',
    neverSent: 'RestRateIntegration.validateRateRequest refuses a request without type',
    title: 'GET /rate without `type` gets 400 {error}',
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.type = undefined;
      }),
  },
  {
    id: 'bad-request.rate.unknown-type',
    neverSent: 'GetRateRequest.Type has only indicative and firm',
    title: 'GET /rate with a `type` other than indicative or firm gets 400 {error}',
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.type = 'estimate';
      }),
  },
  {
    id: 'bad-request.rate.malformed-asset',
    neverSent: 'Sep38Service looks every asset up in the asset configuration first',
    title: 'GET /rate with a sell_asset not in asset identification format gets 400 {error}',
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.sell_asset = 'USD';
      }),
  },
  {
    id: 'bad-request.rate.non-positive-amount',
    neverSent: 'Sep38Service refuses amounts that are not positive',
    title: 'GET /rate with sell_amount 0 gets 400 {error}',
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.sell_amount = '0';
      }),
  },
  {
    id: 'bad-request.rate.both-amounts',
    neverSent: 'RestRateIntegration.validateRateRequest refuses both amounts',
    title: 'GET /rate with both sell_amount and buy_amount gets 400 {error}',
    needsBehaviour: CONSTRAINTS,
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.buy_amount = s.amounts[0];
      }),
  },
  {
    id: 'bad-request.rate.no-amount',
    neverSent: 'RestRateIntegration.validateRateRequest refuses a request without amount',
    title: 'GET /rate with neither sell_amount nor buy_amount gets 400 {error}',
    needsBehaviour: CONSTRAINTS,
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.sell_amount = undefined;
      }),
  },
  {
    id: 'bad-request.rate.both-delivery-methods',
    neverSent:
      'delivery methods apply to off-chain assets only and a SEP-38 exchange has an on-chain side, so a wallet names one; and an anchor that prices both anyway still answers a rate the platform can use',
    title: 'GET /rate with both sell_delivery_method and buy_delivery_method gets 400 {error}',
    needsBehaviour: CONSTRAINTS,
    operation: 'getRate',
    request: (s) =>
      rateQuery(s, (q) => {
        q.sell_delivery_method = s.sep38.get(s.pair.sell)?.sellMethods[0] ?? 'WIRE';
        q.buy_delivery_method = s.sep38.get(s.pair.buy)?.buyMethods[0] ?? 'WIRE';
      }),
  },
  {
    id: 'bad-request.customer.bad-memo-type',
    neverSent:
      'Sep12Service checks memo against memo_type (MemoHelper.makeMemo) and sends only id, hash or text',
    title: 'GET /customer with a memo_type other than id, hash or text gets 400 {error}',
    operation: 'getCustomer',
    request: () => ({
      path: '/customer',
      query: { account: randomAccountId(), memo: '1001', memo_type: 'number' },
    }),
  },
  {
    id: 'bad-request.customer.invalid-json',
    neverSent: 'RestCustomerIntegration writes the body with Gson',
    title: 'PUT /customer with a body that is not JSON gets 400 {error}',
    needsBehaviour: 'parsing request bodies',
    operation: 'putCustomer',
    request: () => ({
      method: 'PUT',
      path: '/customer',
      headers: { 'content-type': 'application/json' },
      body: `{"account": "${randomAccountId()}", "first_name": `,
    }),
  },
];

const badRequestChecks = BAD_REQUESTS.map(
  (bad): CheckDefinition<CallbacksState> => ({
    id: bad.id,
    title: bad.title,
    level: 'should',
    ...(bad.needsBehaviour ? { needsBehaviour: bad.needsBehaviour } : {}),
    async run(state, t) {
      const answer = await call(state, neverSent(t), bad.operation, bad.request(state));
      const body = answer.body;
      if (answer.status !== 400 || !isRecord(body) || typeof body.error !== 'string') {
        const shape = answer.status === 400 ? ' without {"error": "..."}' : '';
        fail(
          `a request outside the contract was answered ${answer.status}${shape}`,
          answer.exchange,
          `400 with {"error": "..."} (the platform passes \`error\` on to the client application; it never sends this request: ${bad.neverSent})`,
          `${answer.status} ${JSON.stringify(body) ?? 'without a body'}`,
        );
      }
    },
  }),
);

/** A valid request of each kind, sent with the given credential headers. */
function probes(state: CallbacksState): { operation: Operation; request: CallRequest }[] {
  return [
    { operation: 'getCustomer', request: { path: '/customer' } },
    {
      operation: 'getRate',
      request: rateQuery(state, () => undefined),
    },
  ];
}

function requireAuth(state: CallbacksState): NonNullable<CallbacksState['auth']> {
  if (!state.auth) {
    skip(
      'no credentials given: with --jwt-secret or --api-key (the platform’s callback_api.auth) the back-end must refuse requests without them',
    );
  }
  return state.auth;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function expectRefused(
  state: CallbacksState,
  t: Parameters<CheckDefinition<CallbacksState>['run']>[1],
  credentials: Record<string, string>,
  what: string,
): Promise<void> {
  for (const { operation, request } of probes(state)) {
    const answer = await call(state, t, operation, { ...request, credentials });
    const body = answer.body;
    if (answer.status !== 401 || !isRecord(body) || typeof body.error !== 'string') {
      fail(
        `a request ${what} was answered ${answer.status}`,
        answer.exchange,
        `401 {"error": "..."}: the request ${what} is refused (the platform shows the client a 403)`,
        `${answer.status}`,
      );
    }
  }
}

const authChecks: CheckDefinition<CallbacksState>[] = [
  {
    id: 'auth.missing-credential',
    title: 'A request without the platform’s credential is refused (401)',
    level: 'must',
    needsBehaviour: 'credential checks',
    async run(state, t) {
      requireAuth(state);
      await expectRefused(state, t, {}, 'without a credential');
    },
  },
  {
    id: 'auth.wrong-credential',
    title: 'A request with a wrong credential is refused (401)',
    level: 'must',
    needsBehaviour: 'credential checks',
    async run(state, t) {
      const auth = requireAuth(state);
      if (auth.kind === 'api-key') {
        const wrong = auth.key.endsWith('x') ? `${auth.key.slice(0, -1)}y` : `${auth.key.slice(0, -1)}x`;
        await expectRefused(state, t, { 'x-api-key': wrong }, 'with a wrong X-Api-Key');
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const otherSecret = signPlatformJwt(`not the platform's secret: ${'x'.repeat(32)}`);
      const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ iat: now, exp: now + 30 })}.`;
      for (const [token, what] of [
        [otherSecret, 'with a JWT signed by another secret'],
        [unsigned, 'with an unsigned JWT (alg none)'],
        ['not-a-jwt', 'with a bearer token that is not a JWT'],
      ] as const) {
        await expectRefused(state, t, authHeaders(auth, token), what);
      }
    },
  },
  {
    id: 'auth.expired-credential',
    title: 'A request with an expired JWT is refused (401)',
    // The token lifetime (30 s by default) is what keeps a token seen once from being replayed.
    level: 'must',
    needsBehaviour: 'credential checks',
    async run(state, t) {
      const auth = requireAuth(state);
      if (auth.kind !== 'jwt') skip('an API key does not expire');
      const expired = signPlatformJwt(auth.secret, {
        now: new Date(Date.now() - 10 * 60_000),
        expiresInSeconds: 30,
      });
      await expectRefused(state, t, authHeaders(auth, expired), 'with a JWT that expired 9.5 minutes ago');
    },
  },
];

export const requestChecks: CheckDefinition<CallbacksState>[] = [...badRequestChecks, ...authChecks];
