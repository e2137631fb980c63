// Starts dist/main.js as a child process and waits for its JSON ready line.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Started {
  child: ChildProcess;
  url: string;
  lines: string[];
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startProcess(env: Record<string, string>, args = ['--json']): Promise<Started> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let url: string | undefined;
    // No deadline: a busy machine starts it late, a start that hangs is the test's limit to catch.
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      lines.push(line);
      const message = JSON.parse(line) as { url?: string; ready?: boolean };
      if (message.url) url = message.url;
      if (message.ready && url) resolve({ child, url, lines, stderr: () => stderr, exited });
    });
    exited.then(({ code }) => {
      reject(new Error(`exited with ${code} before it was ready; stderr: ${stderr}`));
    });
  });
}

/** Runs the CLI to completion. */
export function runProcess(
  env: Record<string, string>,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  // A run that hangs is the test's time limit to catch; the child does not outlive the test.
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
