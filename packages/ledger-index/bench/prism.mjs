// The baseline of the REST rows: Prism (`prism mock`, static examples, request validation on, as
// `@starspec/mock` runs it) answering the ledger-api contract's example of each operation, in a
// process of its own and reached directly (without the guard `@starspec/mock` puts in front).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const prismPackage = require.resolve('@stoplight/prism-cli/package.json');
const prismBin = join(dirname(prismPackage), 'dist', 'index.js');
const spec = fileURLToPath(new URL('../../../specs/ledger-api.openapi.yaml', import.meta.url));
const START_TIMEOUT_MS = 120_000;

export const prismVersion = `Prism ${require(prismPackage).version}`;

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

/** Waits until Prism answers at `url` (it logs nothing once `--verboseLevel warn`). */
async function answering(url, exited) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exited()) throw new Error('Prism exited before listening');
    try {
      await (await fetch(`${url}/fee_stats`)).arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`Prism did not start within ${START_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * Starts Prism on a free loopback port; resolves with `{ url, pid, stop() }` once it answers.
 * It logs warnings only: logging every request (its default) would cost it time of its own.
 */
export async function startPrism() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [prismBin, 'mock', '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'];
  const child = spawn(process.execPath, [...args, '--verboseLevel', 'warn', spec], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => child.kill();
  process.once('exit', kill);
  let ended = false;
  const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => {
    ended = true;
  });
  try {
    await answering(url, () => ended);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      process.off('exit', kill);
      child.kill('SIGTERM');
      await exited;
    },
  };
}
