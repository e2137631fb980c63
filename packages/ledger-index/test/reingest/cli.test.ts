// `starspec-horizon reingest` as a process: help, usage errors (exit 2), a range past its source
// (exit 1, saying so), a failing worker (exit 1, naming the file), a backfill from an RPC server
// with 2 workers (exit 0, progress lines, every ledger in), and Ctrl-C while the workers wait on
// their source (exit 0, saying how far it got).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Networks } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reingestCommand } from '../../src/reingest/cli.js';
import { lakeFile } from '../../src/reingest/lake.js';
import { openSqlite } from '../../src/store/sqlite.js';
import { type TestLake, writeLake } from '../support/lake.js';
import { NO_REAL_LEDGERS, realLedgersDir } from '../support/real-ledgers.js';

const CLI = fileURLToPath(new URL('../../bin/starspec-horizon.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'starspec-reingest-cli-'));

function start(args: string[]): ChildProcess {
  return spawn(process.execPath, [CLI, 'reingest', ...args], {
    env: { ...process.env, RPC_URL: '', DATABASE_URL: '' },
  });
}

function finish(child: ChildProcess, onStdout?: (text: string) => void) {
  let [stdout, stderr] = ['', ''];
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
    onStdout?.(stdout);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

const run = (args: string[]) => finish(start(args));

/** A JSON-RPC server with ledgers `first`… (`hang`: getLedgers never answers). */
async function rpcServer(metas: { toXDR(format: 'base64'): string }[], first: number, hang = false) {
  const latest = first + metas.length - 1;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body);
      const range = { oldestLedger: first, latestLedger: latest };
      let result: unknown;
      if (method === 'getNetwork') result = { passphrase: Networks.PUBLIC, protocolVersion: 23 };
      else if (method === 'getHealth') result = { status: 'healthy', ledgerRetentionWindow: 10, ...range };
      else if (method === 'getLedgers') {
        if (hang) return;
        const start = Number(params.startLedger);
        const ledgers = metas
          .map((meta, i) => ({ sequence: first + i, meta }))
          .filter(({ sequence }) => sequence >= start)
          .slice(0, Number(params.pagination?.limit ?? 100))
          .map(({ sequence, meta }) => ({
            hash: '00'.repeat(32),
            sequence,
            ledgerCloseTime: '0',
            headerXdr: '',
            metadataXdr: meta.toXDR('base64'),
          }));
        result = { ledgers, ...range, latestLedgerCloseTime: '0', oldestLedgerCloseTime: '0', cursor: '' };
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  rmSync(root, { recursive: true, force: true });
});

describe('usage', () => {
  it('--help prints the options and exits 0; the main --help names the command', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of ['--from', '--to', '--rpc-url', '--data-lake', '--workers', '--db', '--job-ledgers'])
      expect(stdout).toContain(flag);
    const main = await finish(spawn(process.execPath, [CLI, '--help']));
    expect(main.stdout).toContain('starspec-horizon reingest --from LEDGER --to LEDGER');
  });

  it.each([
    [[], '--from and --to are required'],
    [['--from', '10', '--to', '5', '--data-lake', 'x'], '--from 10 is after --to 5: the range is empty'],
    [
      ['--from', 'ten', '--to', '5', '--data-lake', 'x'],
      "--from must be a whole number from 2 to 4294967295 (got 'ten')",
    ],
    [['--from', '2', '--to', '5'], 'a source is required: --rpc-url URL (or RPC_URL) or --data-lake DIR'],
    [['--from', '2', '--to', '5', '--data-lake', 'x', '--rpc-url', 'http://a'], 'give one'],
    [
      ['--from', '2', '--to', '5', '--data-lake', 'x', '--workers', '0'],
      '--workers must be a whole number from 1 to 64',
    ],
    [['--from', '2', '--to', '5', '--rpc-url', 'ftp://a'], '--rpc-url must be an http(s) URL'],
    [['--from', '2', '--to', '5', '--data-lake', 'x', '--wat'], "Unknown option '--wat'"],
  ])('%j: a usage error, %s', (args, message) => {
    expect(() => reingestCommand(new URL('file:///worker.js')).parse(args, {})).toThrow(
      expect.objectContaining({ name: 'UsageError', message: expect.stringContaining(message) }),
    );
  });

  it('a usage error exits 2 with its message', async () => {
    const { code, stderr } = await run(['--from', '10', '--to', '5', '--data-lake', 'x']);
    expect(code).toBe(2);
    expect(stderr).toContain('--from 10 is after --to 5: the range is empty');
    expect(stderr).toContain("Run 'starspec-horizon reingest --help' for the options.");
  });

  it('a folder that is not a data lake: exit 1, saying so', async () => {
    const { code, stderr } = await run(['--from', '2', '--to', '5', '--data-lake', root]);
    expect(code).toBe(1);
    expect(stderr).toContain(`${root} is not a data lake: it has no .config.json`);
  });
});

describe.skipIf(!realLedgersDir)(`sources${realLedgersDir ? '' : ` (${NO_REAL_LEDGERS})`}`, () => {
  let lake: TestLake;
  beforeAll(() => {
    // The four oldest recordings: few operations, for a loaded machine.
    lake = writeLake(join(root, 'lake'), 1000, { ledgersPerBatch: 2, batchesPerPartition: 2 }, 4);
  });
  const db = (name: string) => ['--db', join(root, `${name}.sqlite`)];

  it('a range past the data lake: exit 1, naming the missing file', async () => {
    // Four ledgers, two to a file: the next file is the first missing.
    const beyond = lake.to + 1;
    const { code, stderr } = await run([
      '--from',
      String(lake.from),
      '--to',
      String(beyond),
      '--data-lake',
      lake.dir,
      ...db('past-lake'),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `ledger ${beyond} is not in the data lake: ${join(lake.dir, lakeFile(lake.manifest, beyond))} is missing`,
    );
  });

  it('a corrupt file: the worker fails the command, exit 1, naming it', async () => {
    const dir = join(root, 'corrupt');
    writeLake(dir, 1000, { ledgersPerBatch: 2, batchesPerPartition: 2 }, 4);
    const broken = join(dir, lakeFile(lake.manifest, lake.from + 2));
    writeFileSync(broken, 'not zstd');
    const { code, stderr } = await run([
      '--from',
      String(lake.from),
      '--to',
      String(lake.to),
      '--data-lake',
      dir,
      '--workers',
      '2',
      ...db('corrupt'),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(`ledgers ${lake.from}–${lake.to}: ${broken} is not a valid zstd file`);
  });

  it('a range past the RPC server: exit 1, saying what it keeps', async () => {
    const rpc = await rpcServer(lake.metas, lake.from);
    servers.push(rpc.server);
    const { code, stderr } = await run([
      '--from',
      String(lake.from - 5),
      '--to',
      String(lake.to),
      '--rpc-url',
      rpc.url,
      ...db('past-rpc'),
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `the RPC server keeps ledgers ${lake.from}–${lake.to}: ${lake.from - 5}–${lake.to} is not within them`,
    );
  });

  it('backfills from an RPC server with 2 workers: exit 0, every ledger in', async () => {
    const rpc = await rpcServer(lake.metas, lake.from);
    servers.push(rpc.server);
    const args = [
      '--from',
      String(lake.from),
      '--to',
      String(lake.to),
      '--rpc-url',
      rpc.url,
      '--workers',
      '2',
      '--job-ledgers',
      '3',
      ...db('rpc'),
    ];
    const { code, stdout, stderr } = await run(args);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`wrote ledgers ${lake.from}–${lake.from + 2} (3 of ${lake.metas.length})`);
    expect(stdout).toContain(`done: ledgers ${lake.from}–${lake.to} reingested`);
    const sqlite = openSqlite(join(root, 'rpc.sqlite'));
    const [row] = await sqlite.query(
      'SELECT COUNT(*) AS n, MIN(sequence) AS lo, MAX(sequence) AS hi FROM ledgers',
    );
    await sqlite.close();
    expect([row?.n, row?.lo, row?.hi].map(Number)).toEqual([lake.metas.length, lake.from, lake.to]);
  });

  it('Ctrl-C while the workers wait on the source: exit 0, saying how far it got', async () => {
    const rpc = await rpcServer(lake.metas, lake.from, true);
    servers.push(rpc.server);
    const child = start([
      '--from',
      String(lake.from),
      '--to',
      String(lake.to),
      '--rpc-url',
      rpc.url,
      '--workers',
      '2',
      ...db('stopped'),
    ]);
    let asked = false;
    const done = finish(child, (stdout) => {
      if (!asked && stdout.includes('reingesting ledgers')) {
        asked = true;
        child.kill('SIGINT');
      }
    });
    const { code, stdout } = await done;
    expect(code).toBe(0);
    expect(stdout).toContain(
      `stopped: 0 of ${lake.metas.length} ledgers written; run the same range again to finish it`,
    );
  });
});
