// The static server in a child process, so that a request that ends the process shows as a dead
// child instead of taking the test runner with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const serverModule = new URL('../../src/static-server.mjs', import.meta.url).href;

export interface ChildServer {
  port: number;
  child: ChildProcess;
  /** Whether the child is still running. */
  alive(): boolean;
  stop(): void;
}

/** Serves `root` from a child process on a free port. */
export async function startChildServer(root: string): Promise<ChildServer> {
  const script = `const { startStaticServer } = await import(${JSON.stringify(serverModule)});
const { url } = await startStaticServer(process.argv[1]);
console.log(url);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script, root], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout = child.stdout;
  if (!stdout) throw new Error('no stdout');
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    createInterface({ input: stdout }).once('line', resolve);
  });
  return {
    port: Number(new URL(url).port),
    child,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop: () => child.kill('SIGKILL'),
  };
}
