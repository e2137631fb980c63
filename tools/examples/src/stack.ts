// The local stack the runnable examples talk to, on free ports: the reference anchor (auth off,
// in-memory database) and a second one with JWT auth on (for the commands that check auth), a sandbox network started as a user starts one (`npx starspec-sandbox` in
// the example project, serving the ledger REST API) and the JSON-RPC mock.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { type RunningMock, startMock } from '@starspec/mock';

export interface Stack {
  /** The environment the examples read their URLs and files from. */
  env: Record<string, string>;
  /** The anchor with `CALLBACK_API_AUTH_TYPE=jwt`, and its secret. */
  authAnchor: { url: string; secret: string };
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const anchorDir = dirname(require.resolve('@starspec/anchor/package.json'));

/** The secret of the anchor with auth on: 32 bytes at least, as the anchor requires. */
const AUTH_SECRET = 'local-stack-callback-api-auth-secret-0123456789';

/** Starts the anchor with `--json` and resolves with its URL once it is ready. */
function startAnchor(auth: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(anchorDir, 'dist', 'main.js'), '--json'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_PATH: ':memory:', ...auth },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let url = '';
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const value = JSON.parse(line) as { url?: string; ready?: boolean };
      if (value.url) url = value.url;
      if (value.ready) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`the anchor exited with ${code} before it was ready`)));
  });
}

/** `npx starspec-sandbox --port 0 --json` in `project`; resolves with its URL once it is ready. */
function startSandbox(project: string): Promise<{ child: ChildProcess; url: string }> {
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  const child = spawn(npx, ['--no-install', 'starspec-sandbox', '--port', '0', '--json'], {
    cwd: project,
    env: { PATH: process.env.PATH ?? '', SANDBOX_PORT: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      const value = JSON.parse(line) as { event?: string; url?: string };
      if (value.event === 'ready' && value.url) resolve({ child, url: value.url });
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code} before it was ready`)));
  });
}

export async function startStack(project: string): Promise<Stack> {
  const started = await Promise.allSettled([
    startAnchor(),
    startSandbox(project),
    startMock('ledger-rpc', { port: 0 }),
    startAnchor({ CALLBACK_API_AUTH_TYPE: 'jwt', SECRET_CALLBACK_API_AUTH_SECRET: AUTH_SECRET }),
  ] as const);
  const [anchorStart, sandboxStart, rpcStart, authAnchorStart] = started;
  if (
    anchorStart.status !== 'fulfilled' ||
    sandboxStart.status !== 'fulfilled' ||
    rpcStart.status !== 'fulfilled' ||
    authAnchorStart.status !== 'fulfilled'
  ) {
    // Stop what did start, then report the first failure.
    for (const child of [anchorStart, sandboxStart, authAnchorStart])
      if (child.status === 'fulfilled') child.value.child.kill('SIGTERM');
    if (rpcStart.status === 'fulfilled') await rpcStart.value.stop();
    const failure = started.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    throw failure.reason;
  }
  const anchor = anchorStart.value;
  const sandbox = sandboxStart.value;
  const rpc: RunningMock = rpcStart.value;
  const authAnchor = authAnchorStart.value;
  return {
    env: {
      ANCHOR_URL: anchor.url,
      HORIZON_URL: sandbox.url,
      SANDBOX_URL: sandbox.url,
      RPC_URL: rpc.url,
      ASSETS_FILE: join(anchorDir, 'assets.yaml'),
    },
    authAnchor: { url: authAnchor.url, secret: AUTH_SECRET },
    async stop() {
      anchor.child.kill('SIGTERM');
      sandbox.child.kill('SIGTERM');
      authAnchor.child.kill('SIGTERM');
      await rpc.stop();
    },
  };
}
