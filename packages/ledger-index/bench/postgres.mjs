// A throwaway PostgreSQL cluster for the engine rows, started as test/support/postgres.ts starts
// the tests' one (Debian's initdb and pg_ctl in a temporary folder on a free port, as the
// `postgres` user when run as root), but durable as in production: fsync and synchronous commits
// stay on, as SQLite's synchronous=FULL does on the other side. Each measurement gets a fresh
// database of its own.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The newest Debian PostgreSQL server's bin folder; undefined when none is installed. */
function binDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(base, v, 'bin')).find((dir) => existsSync(join(dir, 'pg_ctl')));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** utime + stime (+ cutime + cstime: its reaped children's) of a process, in ticks; 0 once gone. */
function processTicks(pid, withChildren) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Fields 14 to 17 of proc(5), counted from the state (field 3) here.
    return fields[11] + fields[12] + (withChildren ? fields[13] + fields[14] : 0);
  } catch {
    return 0;
  }
}

/** The postmaster's time with its exited backends', and each live backend's. */
function clusterCpuSeconds(data) {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = processTicks(postmaster, true);
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const parent = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      if (Number(parent) === postmaster) ticks += processTicks(pid, false);
    } catch {
      // Gone since the listing.
    }
  }
  return ticks / TICKS;
}

/**
 * Starts a cluster and resolves with `{ version, cpuSeconds(), freshDatabase(), stop() }`, or with `{ missing }`
 * saying why there is none on this machine.
 */
export async function startPostgres() {
  const bin = binDir();
  if (!bin) return { missing: 'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/pg_ctl)' };
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'starspec-bench-pg-'));
  const data = join(dir, 'data');
  const run = (program, args) => {
    const command = join(bin, program);
    const [file, all] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, all, { stdio: 'pipe', encoding: 'utf8' });
  };
  if (root) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
    chownSync(dir, id('-u'), id('-g'));
    chmodSync(dir, 0o700);
  }
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust']);
    run('pg_ctl', ['-D', data, '-w', '-l', join(dir, 'log'), '-o', options, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { missing: `PostgreSQL did not start: ${String(error.stderr ?? error.message).trim()}` };
  }
  const stop = () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Not left running when the benchmark ends early.
  process.once('exit', stop);
  const url = (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  const { rows } = await admin.query('SHOW server_version');
  let made = 0;
  return {
    /** CPU seconds the cluster's processes have used so far (exited backends included). */
    cpuSeconds: () => clusterCpuSeconds(data),
    version: `PostgreSQL ${rows[0].server_version.split(' ')[0]}`,
    /** The URL of a new, empty database. */
    async freshDatabase() {
      const name = `bench_${++made}`;
      await admin.query(`CREATE DATABASE ${name}`);
      return url(name);
    },
    async stop() {
      await admin.end();
      process.off('exit', stop);
      stop();
    },
  };
}
