import { execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MOCKS, portOf, startMock } from '../src/mocks.mjs';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('../src/cli.mjs', import.meta.url));

async function runCli(args, env = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    return { code: error.code, stdout: error.stdout, stderr: error.stderr };
  }
}

describe('mock registry', () => {
  it('serves the callbacks contract on 4010 unless CALLBACKS_PORT says otherwise', () => {
    const callbacks = MOCKS.find((m) => m.name === 'callbacks');
    expect(callbacks).toMatchObject({
      port: 4010,
      env: 'CALLBACKS_PORT',
      spec: 'specs/callbacks.openapi.yaml',
    });
    expect(portOf(callbacks, {})).toBe(4010);
    expect(portOf(callbacks, { CALLBACKS_PORT: '5010' })).toBe(5010);
    expect(() => portOf(callbacks, { CALLBACKS_PORT: 'http' })).toThrow(
      'CALLBACKS_PORT must be a port number',
    );
  });

  it('starts Prism on the contract and stops it', async () => {
    const mock = await startMock('callbacks', { port: 0 });
    try {
      const response = await fetch(`${mock.url}/customer`);
      expect(response.status).toBe(200);
      expect((await response.json()).status).toBe('NEEDS_INFO');
      const bad = await fetch(`${mock.url}/rate?type=nope&sell_asset=x&buy_asset=y`);
      expect(bad.status).toBe(400);
    } finally {
      await mock.stop();
    }
    await expect(fetch(`${mock.url}/customer`)).rejects.toThrow();
  });

  it('serves every contract on its own port', () => {
    expect(MOCKS.map((m) => [m.name, m.port, m.env])).toEqual([
      ['callbacks', 4010, 'CALLBACKS_PORT'],
      ['ledger-api', 4011, 'LEDGER_API_PORT'],
      ['ledger-rpc', 4012, 'LEDGER_RPC_PORT'],
    ]);
  });

  it('serves the JSON-RPC contract: examples for calls, contract errors for bad ones', async () => {
    const mock = await startMock('ledger-rpc', { port: 0 });
    const call = (body) =>
      fetch(`${mock.url}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    try {
      const latest = await call({ jsonrpc: '2.0', id: 1, method: 'getLatestLedger' });
      expect(latest.id).toBe(1);
      expect(typeof latest.result.sequence).toBe('number');
      const unknown = await call({ jsonrpc: '2.0', id: 2, method: 'getNothing' });
      expect(unknown.error.code).toBe(-32601);
      const invalid = await call({
        jsonrpc: '2.0',
        id: 3,
        method: 'getTransaction',
        params: { hash: 'nope' },
      });
      expect(invalid.error.code).toBe(-32602);
    } finally {
      await mock.stop();
    }
  });

  it('refuses an unknown contract', async () => {
    await expect(startMock('nope')).rejects.toThrow("no mock named 'nope'");
  });
});

describe('starspec-mock CLI', () => {
  it('documents itself', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('callbacks 4010 (CALLBACKS_PORT)');
  });

  it('exits 2 on a usage error', async () => {
    expect((await runCli(['--bogus'])).code).toBe(2);
    expect((await runCli(['unknown-contract'])).code).toBe(2);
  });

  it('exits 1 when a mock cannot start', async () => {
    const result = await runCli(['callbacks'], { CALLBACKS_PORT: '99999' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CALLBACKS_PORT');
  });

  it.each([
    ['callbacks', 'CALLBACKS_PORT'],
    ['ledger-rpc', 'LEDGER_RPC_PORT'],
  ])('exits 1 naming the port when the %s port is taken by a server that answers', async (name, variable) => {
    const other = createServer((_req, res) => res.end('someone else'));
    await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address();
    try {
      const result = await runCli([name], { [variable]: String(port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`port ${port} is already in use (set ${variable}`);
    } finally {
      other.close();
    }
  });

  it('exits 1 naming the mock when a mock process ends on its own', async () => {
    const child = spawn(process.execPath, [cli, '--json', 'callbacks'], {
      env: { ...process.env, CALLBACKS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    // 'close' comes after the child's stderr is all read.
    const exited = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    try {
      await new Promise((resolve) =>
        createInterface({ input: child.stdout }).on('line', (line) => JSON.parse(line).ready && resolve()),
      );
      // The CLI's own children are the mock processes (Linux lists them in /proc).
      const mocks = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ');
      expect(mocks).toHaveLength(1);
      process.kill(Number(mocks[0]), 'SIGKILL');
      expect(await exited).toBe(1);
      expect(stderr).toContain('the callbacks mock exited with SIGKILL');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
