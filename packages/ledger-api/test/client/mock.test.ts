// The generated client against the Prism mock of the contract: one call per operation, every
// answer checked by the contract's own validators.
import { readFileSync } from 'node:fs';
import { type RunningMock, startMock } from '@starspec/mock';
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type ContractClient, contract, createClient, type OperationId, validate } from '../../src/index.js';

interface EndpointCase {
  operation: OperationId;
  path: string;
  query?: Record<string, string | number | boolean>;
}

const cases = parse(readFileSync(new URL('./endpoints.yaml', import.meta.url), 'utf8')) as EndpointCase[];
const submissions: OperationId[] = ['submitTransaction', 'submitTransactionAsync'];

let mock: RunningMock;
let client: ContractClient;
beforeAll(async () => {
  mock = await startMock('ledger-api', { port: 0 });
  client = createClient({ baseUrl: mock.url });
});
afterAll(() => mock?.stop());

function envelope(): string {
  const source = Keypair.random();
  const tx = new TransactionBuilder(new Account(source.publicKey(), '4294967296'), {
    fee: '100',
    networkPassphrase: Networks.TESTNET,
  })
    .addOperation(
      Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: '12.5' }),
    )
    .setTimeout(300)
    .build();
  tx.sign(source);
  return tx.toEnvelope().toXdr('base64');
}

describe('every read operation answers as the contract says', () => {
  it('lists every operation of the contract', () => {
    const listed = [...cases.map((c) => c.operation), ...submissions].sort();
    expect(listed).toEqual(Object.keys(contract.operations).sort());
  });

  it.each(cases)('$operation: GET $path', async ({ operation, path, query }) => {
    // A table of concrete paths: each is sent as is, the typed form is shown in the cases below.
    const { data, error, response } = await client.GET(path as '/', { params: { query } as never });
    expect(response.status).toBe(200);
    expect(error).toBeUndefined();
    expect(response.headers.get('content-type')).toMatch(/^application\/hal\+json/);
    expect(validate.response(operation, 200, data)).toEqual({ ok: true, errors: [] });
  });
});

describe('typed calls', () => {
  it('reads a page of ledgers and the records in it', async () => {
    const { data } = await client.GET('/ledgers', { params: { query: { order: 'desc', limit: 1 } } });
    const ledger = data?._embedded.records[0];
    expect(typeof ledger?.sequence).toBe('number');
    expect(ledger?.paging_token).toMatch(/^[0-9]+$/);
    expect(data?._links.next.href).toContain('cursor=');
  });

  it('reads one account with balances and thresholds', async () => {
    const { data } = await client.GET('/accounts/{account_id}', {
      params: { path: { account_id: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN' } },
    });
    expect(data?.balances.at(-1)?.asset_type).toBe('native');
    expect(typeof data?.thresholds.med_threshold).toBe('number');
  });

  it('gets a problem for a bad query, with the field and the reason', async () => {
    const { error, response } = await client.GET('/ledgers', { params: { query: { limit: 201 } } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(validate.response('listLedgers', 400, error).ok).toBe(true);
    expect(error?.extras?.invalid_field).toBe('limit');
  });
});

describe('submission', () => {
  const form = (tx: string) => ({
    body: { tx },
    bodySerializer: (body: { tx: string }) => new URLSearchParams(body).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  it('submits synchronously and gets the transaction', async () => {
    const { data, response } = await client.POST('/transactions', form(envelope()));
    expect(response.status).toBe(200);
    expect(validate.response('submitTransaction', 200, data).ok).toBe(true);
    expect(data?.successful).toBe(true);
  });

  it('submits asynchronously and gets PENDING', async () => {
    const { data, response } = await client.POST('/transactions_async', form(envelope()));
    expect(response.status).toBe(201);
    expect(validate.response('submitTransactionAsync', 201, data).ok).toBe(true);
    expect(data?.tx_status).toBe('PENDING');
  });

  it('is refused without the tx field', async () => {
    const { response } = await client.POST('/transactions_async', {
      body: {} as { tx: string },
      bodySerializer: () => '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(400);
  });
});
