/**
 * Gives each test run its own temporary folder and removes it when the run ends, so that the
 * databases, sockets, tarballs and projects tests create under `os.tmpdir()` never outlive the run,
 * whether or not a test cleans up after itself. Node's `os.tmpdir()` reads TMPDIR on every call,
 * and test workers and the processes they start inherit it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VARIABLES = ['TMPDIR', 'TMP', 'TEMP'] as const;

export default function setup(): () => void {
  const saved = VARIABLES.map((name) => [name, process.env[name]] as const);
  const folder = mkdtempSync(join(tmpdir(), 'starspec-test-'));
  for (const name of VARIABLES) process.env[name] = folder;
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    // Retries: a child process may still be closing a file in it as the run ends.
    rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
}
