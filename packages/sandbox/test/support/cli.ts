/**
 * starspec-sandbox as a child process, through the bin its package.json names (the shim that loads
 * dist/cli.js): start it, read its JSON lines, wait for its end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const CLI = join(import.meta.dirname, '..', '..', 'bin', 'starspec-sandbox.js');
const running: ChildProcess[] = [];

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function start(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, ...env, SANDBOX_PORT: env.SANDBOX_PORT ?? '' },
  });
  running.push(child);
  return child;
}

/** Collects the output from now on; resolves when the process has ended. */
export function finish(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

export const run = (args: string[], env?: NodeJS.ProcessEnv) => finish(start(args, env));

/** The JSON lines a process prints, until `until` matches one. */
export function linesUntil(child: ChildProcess, until: (event: Record<string, unknown>) => boolean) {
  const seen: Record<string, unknown>[] = [];
  let done = false;
  return new Promise<Record<string, unknown>[]>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      // readline may still hand over lines it had read after close(): the matching one stays last.
      if (done) return;
      const event = JSON.parse(line) as Record<string, unknown>;
      seen.push(event);
      if (until(event)) {
        done = true;
        lines.close();
        resolve(seen);
      }
    });
    child.on('close', () => reject(new Error(`exited before the line: ${JSON.stringify(seen)}`)));
  });
}

/** The `ready` line of a process started with --json. */
export async function ready(
  child: ChildProcess,
): Promise<Record<string, unknown> & { rpcUrl: string; url: string }> {
  const seen = await linesUntil(child, (event) => event.ready === true);
  return seen.at(-1) as Record<string, unknown> & { rpcUrl: string; url: string };
}

/** Kills what a test left running (call it from afterEach). */
export function killAll(): void {
  for (const child of running.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** One JSON-RPC call to a sandbox process; its `result`. */
export async function rpcCall(
  url: string,
  method: string,
  params?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: Record<string, unknown>; error?: unknown };
  if (!body.result) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}
