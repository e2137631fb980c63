// Every check has a broken provider that it fails (broken.yaml), with evidence: the scripted
// provider, or for the live breaks the sandbox's REST face behind a proxy.
import { afterAll } from 'vitest';
import { describeBrokenTable } from '../support/broken-table.js';
import { sandboxErrors, stopSharedSandbox } from '../support/sandbox.js';
import { LIVE_BREAKS, startLiveLedgerProvider } from './live-provider.js';
import { startLedgerServer } from './server.js';

afterAll(async () => {
  await stopSharedSandbox();
  if (sandboxErrors.length > 0) throw new Error(`the sandbox failed: ${String(sandboxErrors[0])}`);
});

describeBrokenTable('ledger-api', new URL('./broken.yaml', import.meta.url), (options) =>
  options.breaks.every((name) => LIVE_BREAKS.includes(name))
    ? startLiveLedgerProvider(options)
    : startLedgerServer(options),
);
