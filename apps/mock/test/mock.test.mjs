import { execFile } from 'node:child_process';
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
      timeout: 60_000,
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
});
