// The generated client against the Prism mock of the contract, for every operation.

import { type RunningMock, startMock } from '@starspec/mock';
import { credentialsMiddleware } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractClient, createClient, validate, validateRateResponse } from '../../src/index.js';

const USDC = 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
const ACCOUNT = 'GDUKMGUGDZQK6YHYA5Z6AY2G4XDSZPSZ3SW5UN3ARVMO6QSRDWP5YLEX';

let mock: RunningMock;
let client: ContractClient;
beforeAll(async () => {
  mock = await startMock('callbacks', { port: 0 });
  client = createClient({ baseUrl: mock.url });
  client.use(credentialsMiddleware({ jwtSecret: 'a-shared-secret-of-at-least-32-bytes!!' }));
});
afterAll(() => mock?.stop());

describe('getCustomer', () => {
  it('answers the registration fields for an unknown customer', async () => {
    const { data, response } = await client.GET('/customer', { params: { query: { account: ACCOUNT } } });
    expect(response.status).toBe(200);
    expect(validate.response('getCustomer', 200, data)).toEqual({ ok: true, errors: [] });
    expect(data?.status).toBe('NEEDS_INFO');
    expect(Object.keys(data?.fields ?? {})).toContain('first_name');
  });

  it('answers a named example: a customer who owes more information', async () => {
    const { data } = await client.GET('/customer', {
      params: { query: { id: '7e285e7d-d984-412c-97bc-909d0e399fbf', lang: 'en' } },
      headers: { prefer: 'example=needsMoreInfo' },
    });
    expect(validate.response('getCustomer', 200, data).ok).toBe(true);
    expect(data?.provided_fields?.email_address?.status).toBe('VERIFICATION_REQUIRED');
  });

  it('gets 400 {error} from the mock for a bad memo_type', async () => {
    const { error, response } = await client.GET('/customer', {
      // Sent on purpose outside the contract.
      params: { query: { account: ACCOUNT, memo: '1', memo_type: 'number' as 'id' } },
    });
    expect(response.status).toBe(400);
    expect(validate.response('getCustomer', 400, error).ok).toBe(true);
  });
});

describe('putCustomer', () => {
  it('registers a customer from JSON', async () => {
    const { data, response } = await client.PUT('/customer', {
      body: { account: ACCOUNT, memo: '1234567', memo_type: 'id', first_name: 'Ana', last_name: 'Silva' },
    });
    expect(response.status).toBe(200);
    expect(validate.response('putCustomer', 200, data).ok).toBe(true);
    expect(data?.id).toBeTruthy();
  });

  it('uploads identity documents as multipart', async () => {
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' });
    const { data, response } = await client.PUT('/customer', {
      body: { id: '7e285e7d-d984-412c-97bc-909d0e399fbf', id_type: 'passport', photo_id_front: photo },
      bodySerializer(body) {
        const form = new FormData();
        for (const [key, value] of Object.entries(body ?? {})) form.set(key, value as string | Blob);
        return form;
      },
    });
    expect(response.status).toBe(200);
    expect(validate.response('putCustomer', 200, data).ok).toBe(true);
  });
});

describe('deleteCustomer', () => {
  it('deletes by id', async () => {
    const { response } = await client.DELETE('/customer/{id}', {
      params: { path: { id: '7e285e7d-d984-412c-97bc-909d0e399fbf' } },
    });
    expect(response.status).toBe(200);
    expect(validate.response('deleteCustomer', 200, undefined).ok).toBe(true);
  });
});

describe('getRate', () => {
  const query = {
    type: 'indicative',
    sell_asset: 'iso4217:USD',
    buy_asset: USDC,
    sell_amount: '100',
  } as const;

  it('prices an indicative rate that passes the platform rules', async () => {
    const { data, response } = await client.GET('/rate', { params: { query } });
    expect(response.status).toBe(200);
    expect(validate.response('getRate', 200, data).ok).toBe(true);
    expect(validateRateResponse({ request: query, response: data })).toMatchObject({
      ok: true,
      violations: [],
    });
  });

  it('answers a firm quote with id and expires_at', async () => {
    const firm = {
      ...query,
      type: 'firm',
      sell_amount: '103.00',
      client_id: 'GBLRB4TAZSOK3BTA4K7SLXSRQTCIAFNCE4H3OQ33X6MIQ4FYAXPKAFMC',
    } as const;
    const { data } = await client.GET('/rate', {
      params: { query: firm },
      headers: { prefer: 'example=firmQuote' },
    });
    expect(data?.rate.id).toBeTruthy();
    expect(data?.rate.expires_at).toBeTruthy();
    expect(validateRateResponse({ request: firm, response: data }).ok).toBe(true);
  });

  it('gets 400 {error} from the mock for an asset outside SEP-38 format', async () => {
    const { error, response } = await client.GET('/rate', {
      params: { query: { ...query, sell_asset: 'USD' } },
    });
    expect(response.status).toBe(400);
    expect(validate.response('getRate', 400, error).ok).toBe(true);
  });
});
