/**
 * The file's live provider: @starspec/sandbox (a local network with a friendbot, ledgers closing
 * every 50 ms), started on first use and shared by the tests of a file.
 */
import { type Sandbox, type SandboxOptions, startSandbox } from '@starspec/sandbox';

let shared: Promise<Sandbox> | undefined;

/** What the sandbox reported failing; a file checks it is empty once it stopped the sandbox. */
export const sandboxErrors: unknown[] = [];

export function sharedSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  shared ??= startSandbox({
    port: 0,
    closeEvery: 50,
    onError: (error) => sandboxErrors.push(error),
    ...options,
  });
  return shared;
}

export async function stopSharedSandbox(): Promise<void> {
  const running = shared;
  shared = undefined;
  await (await running)?.stop();
}
