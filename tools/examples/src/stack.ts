// The local stack the runnable examples talk to, on free ports: the reference anchor (auth off,
// in-memory database) and the ledger API and JSON-RPC mocks.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { type RunningMock, startMock } from '@starspec/mock';

export interface Stack {
  /** The environment the examples read their URLs and files from. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);
const anchorDir = dirname(require.resolve('@starspec/anchor/package.json'));

/** Starts the anchor with `--json` and resolves with its URL once it is ready. */
function startAnchor(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [join(anchorDir, 'dist', 'main.js'), '--json'], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_PATH: ':memory:' },
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

export async function startStack(): Promise<Stack> {
  const started = await Promise.allSettled([
    startAnchor(),
    startMock('ledger-api', { port: 0 }),
    startMock('ledger-rpc', { port: 0 }),
  ] as const);
  const [anchorStart, horizonStart, rpcStart] = started;
  if (
    anchorStart.status !== 'fulfilled' ||
    horizonStart.status !== 'fulfilled' ||
    rpcStart.status !== 'fulfilled'
  ) {
    // Stop what did start, then report the first failure.
    if (anchorStart.status === 'fulfilled') anchorStart.value.child.kill('SIGTERM');
    for (const mock of [horizonStart, rpcStart]) if (mock.status === 'fulfilled') await mock.value.stop();
    const failure = started.find((s) => s.status === 'rejected') as PromiseRejectedResult;
    throw failure.reason;
  }
  const anchor = anchorStart.value;
  const horizon = horizonStart.value;
  const rpc = rpcStart.value;
  const mocks: RunningMock[] = [horizon, rpc];
  return {
    env: {
      ANCHOR_URL: anchor.url,
      HORIZON_URL: horizon.url,
      RPC_URL: rpc.url,
      ASSETS_FILE: join(anchorDir, 'assets.yaml'),
    },
    async stop() {
      anchor.child.kill('SIGTERM');
      await Promise.all(mocks.map((m) => m.stop()));
    },
  };
}
