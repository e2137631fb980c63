// The starspec-conformance bin (bin/starspec-conformance.js, which loads dist/bin.js) as a
// process, with the JSON reporter: a suite run as a user runs it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Report, SuiteName } from '../../src/index.js';
import { PACKAGE_DIR } from './global-setup.js';

const BIN = join(PACKAGE_DIR, 'bin', 'starspec-conformance.js');

/** Runs one suite with `args`; resolves with the exit code, the JSON report and what went to stderr. */
export function runBin(
  suite: SuiteName,
  args: string[],
): Promise<{ code: number | null; report: Report; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, suite, ...args, '--reporter', 'json', '--timeout', '60000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code, report: JSON.parse(stdout) as Report, stderr });
      } catch {
        reject(new Error(`no JSON report (exit ${code}): ${stdout}${stderr}`));
      }
    });
  });
}

/** The checks that did not pass: id, status and message. */
export const notPassed = (report: Report) =>
  report.checks.filter((c) => c.status !== 'pass').map((c) => [c.id, c.status, c.message]);
