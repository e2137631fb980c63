// starspec-sandbox --db FILE as a process: a clean stop and a start on the same file resume at
// the same ledger with the same transactions; a file the sandbox must not use exits 2 with one
// line naming the problem (no stack trace).
import { writeFileSync } from 'node:fs';
import { Keypair } from '@stellar/stellar-sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../src/index.js';
import { finish, killAll, ready, rpcCall, run, start } from '../support/cli.js';
import { reader, tempFile } from '../support/storage.js';

afterEach(killAll);

/** Closes ledgers (manual mode) until `answer` settles: a friendbot call answers once its ledger closed. */
async function closeUntil<T>(url: string, answer: Promise<T>): Promise<T> {
  let settled = false;
  answer.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  while (!settled) {
    await fetch(`${url}/_sandbox/close`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return answer;
}

describe('--db FILE', () => {
  it('--help says what is kept and what is not', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const text of ['--db FILE', 'WAL, fsync', 'transactions not yet in a closed ledger are not kept'])
      expect(stdout).toContain(text);
  });

  it('a stop and a start on the same file resume at the same ledger with the same transactions', async () => {
    const file = tempFile();
    const args = ['--port', '0', '--close-every', 'manual', '--db', file];
    const first = start([...args, '--json']);
    const firstEnd = finish(first);
    const up = await ready(first);
    expect(up).toMatchObject({ db: file, latestLedger: 2 });
    const funding = fetch(`${up.url}/friendbot?addr=${Keypair.random().publicKey()}`);
    const funded = (await (await closeUntil(up.url, funding)).json()) as { hash: string; ledger: number };
    const before = await rpcCall(up.rpcUrl, 'getTransaction', { hash: funded.hash });
    expect(before).toMatchObject({ status: 'SUCCESS', ledger: funded.ledger });
    const latest = await rpcCall(up.rpcUrl, 'getLatestLedger');
    first.kill('SIGTERM');
    expect((await firstEnd).code).toBe(0);

    const second = start(args);
    const secondEnd = finish(second);
    const line = await new Promise<string>((resolve) =>
      second.stdout?.on(
        'data',
        (chunk: Buffer) => chunk.toString().includes('friendbot') && resolve(chunk.toString()),
      ),
    );
    expect(line).toContain(`kept in ${file} (ledger ${latest.sequence})`);
    const rpcUrl = /RPC\s+(\S+)/.exec(line)?.[1] as string;
    expect(await rpcCall(rpcUrl, 'getLatestLedger')).toEqual(latest);
    expect(await rpcCall(rpcUrl, 'getTransaction', { hash: funded.hash })).toEqual(before);
    second.kill('SIGINT');
    expect((await secondEnd).code).toBe(0);
  });

  const madeFile = async (passphrase?: string) => {
    const file = tempFile();
    const child = start([
      '--port',
      '0',
      '--close-every',
      'manual',
      '--json',
      '--db',
      file,
      ...(passphrase ? ['--passphrase', passphrase] : []),
    ]);
    const end = finish(child);
    await ready(child);
    child.kill('SIGTERM');
    await end;
    return file;
  };
  it.each([
    {
      given: 'a file made for another passphrase',
      file: () => madeFile('Test SDF Network ; September 2015'),
      want: "holds the network 'Test SDF Network ; September 2015', not 'Standalone Network ; February 2017'",
    },
    {
      given: 'a file of a newer schema',
      file: async () => {
        const file = await madeFile();
        const edit = reader(file);
        edit
          .prepare("UPDATE sandbox SET value = ? WHERE name = 'schema_version'")
          .run(String(SCHEMA_VERSION + 1));
        edit.close();
        return file;
      },
      want: `was written by a newer sandbox (storage schema ${SCHEMA_VERSION + 1}`,
    },
    {
      given: 'a file that is not SQLite',
      file: async () => {
        const file = tempFile();
        writeFileSync(file, 'not a database, '.repeat(64));
        return file;
      },
      want: 'is not a SQLite database',
    },
  ])('$given: exit 2 with the reason, no stack trace', async ({ file: make, want }) => {
    const file = await make();
    const { code, stdout, stderr } = await run(['--port', '0', '--json', '--db', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`starspec-sandbox: --db ${file} ${want}`);
    expect(stderr.trim().split('\n')).toHaveLength(1); // the reason alone: no stack trace
    expect(JSON.parse(stdout)).toMatchObject({ event: 'error' });
  });
});
