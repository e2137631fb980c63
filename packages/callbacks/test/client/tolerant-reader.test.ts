// A back-end one release ahead of the contract answers a member it does not declare in every
// answer (at the top and in nested objects): a tolerant client reads it, a strict one rejects it.
import { listen } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractClient,
  createClient,
  createServer,
  ResponseValidationError,
  type ResponseValidationOptions,
  validate,
} from '../../src/index.js';
import { stubHandlers } from '../server/stub-handlers.js';

const FUTURE = { future_member: 'added by a later release' };
const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';

const server = createServer(
  stubHandlers({
    getCustomer: ({ query }) =>
      query.id === 'missing'
        ? { status: 404, body: { ...FUTURE, error: 'not found' } }
        : {
            status: 200,
            body: {
              ...FUTURE,
              id: 'c-1',
              status: 'ACCEPTED',
              provided_fields: {
                first_name: {
                  ...FUTURE,
                  type: 'string',
                  description: 'First name',
                  optional: false,
                  status: 'ACCEPTED',
                },
              },
            },
          },
    putCustomer: () => ({ status: 202, body: { ...FUTURE, id: 'c-1' } }),
    getRate: () => ({
      status: 200,
      body: {
        ...FUTURE,
        rate: {
          ...FUTURE,
          price: '1',
          sell_amount: '101',
          buy_amount: '100',
          fee: {
            ...FUTURE,
            total: '1',
            asset: USDC,
            details: [{ ...FUTURE, name: 'Service fee', amount: '1' }],
          },
        },
      },
    }),
  }),
);
let base = '';
beforeAll(async () => {
  base = await listen(server);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const getRate = (client: ContractClient) =>
  client.GET('/rate', {
    params: { query: { type: 'indicative', sell_asset: USDC, buy_asset: 'iso4217:USD', sell_amount: '101' } },
  });

// One call per answer with a body; `paths` are where the unknown member sits in it.
const calls: Array<{ name: string; call: (client: ContractClient) => Promise<unknown>; paths: string[] }> = [
  {
    name: 'getCustomer 200',
    call: (client) => client.GET('/customer', { params: { query: { id: 'c-1' } } }),
    paths: ['/future_member', '/provided_fields/first_name/future_member'],
  },
  {
    name: 'getCustomer 404',
    call: (client) => client.GET('/customer', { params: { query: { id: 'missing' } } }),
    paths: ['/future_member'],
  },
  {
    name: 'putCustomer 202',
    call: (client) => client.PUT('/customer', { body: { first_name: 'Ada' } }),
    paths: ['/future_member'],
  },
  {
    name: 'getRate 200',
    call: getRate,
    paths: [
      '/future_member',
      '/rate/future_member',
      '/rate/fee/future_member',
      '/rate/fee/details/0/future_member',
    ],
  },
];

const read = (options: ResponseValidationOptions, call: (client: ContractClient) => Promise<unknown>) =>
  call(createClient({ baseUrl: base, ...options }));

describe.each(calls)('$name', ({ call, paths }) => {
  it('is read by a tolerant client (validateResponses), unknown members and all', async () => {
    const { data, error } = (await read({ validateResponses: true }, call)) as {
      data?: unknown;
      error?: unknown;
    };
    expect(data ?? error).toMatchObject(FUTURE);
  });

  it('is rejected by a strict client, which names every unknown member', async () => {
    const error = await read({ strict: true }, call).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).errors.map((e) => e.path).sort()).toEqual([...paths].sort());
  });
});

describe('the contract as written', () => {
  it('leaves the answers open, as the platform reads them; strict closes them', async () => {
    const { data } = await getRate(createClient({ baseUrl: base }));
    expect(validate.response('getRate', 200, data).ok).toBe(true);
    expect(validate.response('getRate', 200, data, { mode: 'tolerant' }).ok).toBe(true);
    expect(validate.response('getRate', 200, data, { mode: 'strict' }).ok).toBe(false);
  });

  it('still rejects a wrong type in tolerant mode', () => {
    const verdict = validate.response(
      'getRate',
      200,
      { rate: { price: 1, sell_amount: '1', buy_amount: '1' } },
      {
        mode: 'tolerant',
      },
    );
    expect(verdict.errors).toEqual([{ path: '/rate/price', message: 'must be string', keyword: 'type' }]);
  });
});
