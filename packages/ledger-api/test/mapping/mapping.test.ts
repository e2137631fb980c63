import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  buildModel,
  type ContractModel,
  generateMapping,
  loadDocument,
  loadOpenRpc,
  type OpenApiDocument,
  openRpcMethodNames,
} from '@starspec/codegen';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { parse } from 'yaml';
import { contract, type MappedOperationId, mapping, type RpcMethod } from '../../src/generated/index.gen.js';
import { missingEntries, readSeedRow, type SeedRow, seedDifferences, unknownMethods } from './check.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const specPath = join(root, 'specs', 'ledger-api.openapi.yaml');
const rpcPath = join(root, 'specs', 'ledger-rpc.openrpc.json');
const mappingPath = join(root, 'MAPPING.md');
const bin = join(root, 'tools', 'codegen', 'bin', 'starspec-codegen.mjs');

const seed = parse(await readFile(new URL('./seed-mapping.yaml', import.meta.url), 'utf8')) as {
  legend: string;
  columns: string[];
  rows: SeedRow[];
};
// The JSON-RPC contract as one document, read from its parts (specs/ledger-rpc/).
const rpcDocument = (await loadOpenRpc(rpcPath)) as unknown as {
  methods: { name: string }[];
  [key: string]: unknown;
};
const rpcMethods = openRpcMethodNames(rpcDocument);

let document: OpenApiDocument;
let model: ContractModel;
beforeAll(async () => {
  document = await loadDocument(specPath);
  model = buildModel(document);
});

/** The account sub-resources, the market data and the payment paths, added to the contract after the seed's table: under none of its rows. */
const AFTER_SEED = [
  ['listAccountTransactions', 'GET /accounts/{account_id}/transactions'],
  ['listAccountOperations', 'GET /accounts/{account_id}/operations'],
  ['listAccountPayments', 'GET /accounts/{account_id}/payments'],
  ['listAccountEffects', 'GET /accounts/{account_id}/effects'],
  ['listAccountOffers', 'GET /accounts/{account_id}/offers'],
  ['listAccountTrades', 'GET /accounts/{account_id}/trades'],
  ['getAccountData', 'GET /accounts/{account_id}/data/{key}'],
  ['listTradeAggregations', 'GET /trade_aggregations'],
  ['getOrderBook', 'GET /order_book'],
  ['listAssets', 'GET /assets'],
  ['findStrictReceivePaths', 'GET /paths/strict-receive'],
  ['findStrictSendPaths', 'GET /paths/strict-send'],
  ['findPaths', 'GET /paths'],
].map(([id, endpoint]) => `${id} (${endpoint}): under no row of the seed's table`);

/** The differences from the seed's table, less the operations added after it. */
function differences(from: ContractModel, rows: SeedRow[]): string[] {
  return seedDifferences(from, rows).filter((d) => !AFTER_SEED.includes(d));
}

/** A copy of the contract with one operation's `x-rpc` changed (or removed, with `undefined`). */
function mutated(operationId: string, change: (rpc: Record<string, unknown>) => unknown): ContractModel {
  const copy = structuredClone(document);
  const operation = Object.values(copy.paths ?? {})
    .flatMap((item) => Object.values(item))
    .find((o) => (o as { operationId?: unknown })?.operationId === operationId) as Record<string, unknown>;
  const next = change(structuredClone(operation['x-rpc']) as Record<string, unknown>);
  if (next === undefined) delete operation['x-rpc'];
  else operation['x-rpc'] = next;
  return buildModel(copy);
}

describe('every operation of the ledger REST contract has an x-rpc entry', () => {
  it('all 49 do', () => {
    expect(model.operations).toHaveLength(49);
    expect(missingEntries(model)).toEqual([]);
  });

  it('a copy of the contract with one entry removed is reported', () => {
    expect(missingEntries(mutated('getOffer', () => undefined))).toEqual([
      'getOffer (GET /offers/{id}): no x-rpc entry',
    ]);
  });
});

describe('every method an entry names is a method of the OpenRPC contract', () => {
  it('the OpenRPC contract has its twelve methods, and no copy of the table any more', () => {
    expect(rpcMethods).toHaveLength(12);
    expect(rpcDocument).not.toHaveProperty('x-ledger-api-mapping');
  });

  it('all names are known', () => {
    expect(unknownMethods(model, rpcMethods)).toEqual([]);
  });

  it('a copy naming an unknown method is reported', () => {
    const copy = mutated('listTrades', (rpc) => ({ ...rpc, methods: ['getEvents', 'getTrades'] }));
    expect(unknownMethods(copy, rpcMethods)).toEqual([
      "listTrades (GET /trades): x-rpc names 'getTrades', which the OpenRPC contract does not define",
    ]);
  });

  it('generating MAPPING.md against the OpenRPC contract refuses an unknown method too', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mapping-rpc-'));
    try {
      const rpc = join(folder, 'rpc.json');
      const renamed = rpcDocument.methods.map((m) =>
        (m as { name: string }).name === 'getFeeStats' ? { ...(m as object), name: 'getFees' } : m,
      );
      await writeFile(rpc, JSON.stringify({ ...rpcDocument, methods: renamed }));
      await expect(generateMapping({ spec: specPath, rpc, out: join(folder, 'MAPPING.md') })).rejects.toThrow(
        "getFeeStats: x-rpc names 'getFeeStats', which",
      );
    } finally {
      await rm(folder, { recursive: true });
    }
  });
});

describe("the entries reproduce the seed's mapping table exactly", () => {
  it('the fixture is the whole table: its legend, three columns and 36 rows', () => {
    expect(seed.legend).toContain('`partial` marks');
    expect(seed.columns).toEqual(['Ledger REST endpoint', 'RPC method(s)', 'Notes']);
    expect(seed.rows).toHaveLength(36);
  });

  it('reads none from the methods cell and partial from the head of the notes', () => {
    const read = (endpoint: string) => readSeedRow(seed.rows.find((r) => r.endpoint === endpoint) as SeedRow);
    expect(read('GET /')).toEqual({
      methods: ['getLatestLedger', 'getVersionInfo', 'getHealth', 'getNetwork'],
      support: 'direct',
      note: '',
    });
    expect(read('GET /ledgers/{seq}/payments')).toEqual({
      methods: ['getEvents', 'getTransactions'],
      support: 'partial',
      note: 'Use asset events and parse the meta XDR.',
    });
    expect(read('GET /payments')).toMatchObject({ support: 'partial', note: '' });
    expect(read('GET /operations/{id}/effects')).toEqual({ methods: [], support: 'none', note: '' });
    expect(read('GET /accounts/{address}')).toMatchObject({ support: 'direct' });
  });

  it('regrouped by row, every row and every operation agree', () => {
    expect(differences(model, seed.rows)).toEqual([]);
  });

  it('the seven account sub-resources, the three market-data operations and the three path searches, added after the seed, are the only operations under no row', () => {
    expect(seedDifferences(model, seed.rows)).toEqual(AFTER_SEED);
  });

  it('a changed note, support or method order is reported against its row', () => {
    const note = mutated('getLedger', (rpc) => ({ ...rpc, note: 'startLedger = seq, limit 1.' }));
    expect(differences(note, seed.rows)).toEqual([
      `getLedger (GET /ledgers/{sequence}), seed row 'GET /ledgers/{seq}': note "startLedger = seq, limit 1.", the seed "Filter by ledger sequence."`,
    ]);
    const support = mutated('listEffects', (rpc) => ({ ...rpc, support: 'direct' }));
    expect(differences(support, seed.rows)).toEqual([
      "listEffects (GET /effects), seed row 'GET /effects': support 'direct', the seed 'partial'",
    ]);
    const order = mutated('getFeeStats', (rpc) => ({
      ...rpc,
      methods: ['simulateTransaction', 'getFeeStats'],
    }));
    expect(differences(order, seed.rows)).toEqual([
      "getFeeStats (GET /fee_stats), seed row 'GET /fee_stats': methods [simulateTransaction, getFeeStats], the seed [getFeeStats, simulateTransaction]",
    ]);
  });

  it('a missing entry, a dropped row and an endpoint the seed does not name are reported', () => {
    expect(
      differences(
        mutated('listOffers', () => undefined),
        seed.rows,
      ),
    ).toEqual(["listOffers (GET /offers), seed row 'GET /offers': no x-rpc entry"]);
    const fewer = seed.rows.filter((r) => r.endpoint !== 'POST /transactions_async');
    expect(differences(model, fewer)).toEqual([
      "submitTransactionAsync (POST /transactions_async): under no row of the seed's table",
    ]);
    const extra = [...seed.rows, { endpoint: 'GET /health', methods: 'none', notes: '' }];
    expect(differences(model, extra)).toEqual([
      "seed row 'GET /health' matches no operation of the contract",
    ]);
  });
});

describe('the generated mapping export', () => {
  it('is the x-rpc of every operation, by operationId in contract order', () => {
    expect(Object.keys(mapping)).toEqual(Object.keys(contract.operations));
    for (const o of model.operations) {
      expect(mapping[o.meta.operationId as MappedOperationId]).toEqual({
        method: o.meta.method.toUpperCase(),
        path: o.meta.path,
        ...o.rpc,
      });
    }
  });

  it('types method names as a union of literals', () => {
    expectTypeOf<RpcMethod>().toEqualTypeOf<
      | 'getLatestLedger'
      | 'getVersionInfo'
      | 'getHealth'
      | 'getNetwork'
      | 'getLedgers'
      | 'getTransactions'
      | 'getTransaction'
      | 'getEvents'
      | 'sendTransaction'
      | 'getFeeStats'
      | 'simulateTransaction'
      | 'getLedgerEntries'
    >();
    expectTypeOf(mapping.listTrades.support).toEqualTypeOf<'partial'>();
    expect(new Set(Object.values(mapping).flatMap((e) => e.methods))).toEqual(new Set(rpcMethods));
  });
});

describe('MAPPING.md', () => {
  const run = promisify(execFile);
  async function cli(args: string[]) {
    try {
      await run(process.execPath, [bin, 'mapping', ...args], { cwd: root });
      return { code: 0, stderr: '' };
    } catch (error) {
      const e = error as { code: number; stderr: string };
      return { code: e.code, stderr: e.stderr };
    }
  }
  const args = ['--spec', specPath, '--rpc', rpcPath, '--quiet'];

  it('is what the contract generates', async () => {
    const generated = await generateMapping({ spec: specPath, rpc: rpcPath, out: mappingPath });
    expect(await readFile(mappingPath, 'utf8')).toBe(generated.contents);
    expect(generated.contents).toMatch(/^<!-- Generated by @starspec\/codegen .* Do not edit/);
    const table = generated.contents
      .split('\n')
      .filter((l) => /^\| `(GET|POST) /.test(l))
      .map((l) => l.replace(/ {2,}/g, ' '));
    expect(table).toHaveLength(49);
    expect(table).toContain(
      '| `GET /trades` | `getEvents`, `getTransactions` | partial | The RPC service has no trade event. |',
    );
  });

  it('--check passes on the committed file and fails on a stale copy', async () => {
    expect(await cli([...args, '--out', mappingPath, '--check'])).toEqual({ code: 0, stderr: '' });
    const folder = await mkdtemp(join(tmpdir(), 'mapping-md-'));
    try {
      const stale = join(folder, 'MAPPING.md');
      const current = await readFile(mappingPath, 'utf8');
      await writeFile(stale, current.replace('Filter by ledger sequence.', 'startLedger = seq, limit 1.'));
      const result = await cli([...args, '--out', stale, '--check']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('out of date');
    } finally {
      await rm(folder, { recursive: true });
    }
  });
});
