/**
 * A throwaway PostgreSQL cluster for the store tests: Debian's server binaries (initdb, pg_ctl)
 * in a temporary folder on a free port, run as the `postgres` user when the tests run as root
 * (the server refuses root). `STARSPEC_TEST_DATABASE_URL` names a running server instead.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  url: string;
  stop(): void;
}

function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts a cluster; undefined when this machine has no PostgreSQL server. */
export async function startTestPostgres(): Promise<TestPostgres | undefined> {
  const given = process.env.STARSPEC_TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => undefined };
  const bin = binDir();
  if (!bin) return undefined;
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'starspec-pg-'));
  const data = join(dir, 'data');
  const run = (program: string, args: string[]) => {
    const command = join(bin, program);
    if (root) execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' });
    else execFileSync(command, args, { stdio: 'pipe' });
  };
  if (root) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
