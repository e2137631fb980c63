// The main command (`npm start`, scripts/main.mjs) refuses a taken port of the local stack before
// it installs or builds anything, naming the port and the variable that moves it.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const main = fileURLToPath(new URL('../../../scripts/main.mjs', import.meta.url));

describe('npm start', () => {
  it.each(['CALLBACKS_PORT', 'LEDGER_RPC_PORT', 'DOCS_PORT'])(
    'exits 1 naming the port when %s is taken by a server that answers',
    async (variable) => {
      const other = createServer((_req, res) => res.end('someone else'));
      await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
      const { port } = other.address();
      try {
        const result = await run(process.execPath, [main, '--smoke'], {
          env: { ...process.env, [variable]: String(port) },
        }).then(
          () => ({ code: 0, stderr: '' }),
          (error) => ({ code: error.code, stderr: error.stderr }),
        );
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          `port ${port} is already in use; stop what uses it or set ${variable}`,
        );
      } finally {
        other.close();
      }
    },
  );
});
