#!/usr/bin/env node
// The sandbox benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/sandbox bench [-- --quick] [-- --rounds N] [-- --only start-up]
// Writes the package's section of bench-results.json and the README's table rendered from it
// (with --only, the rows of those ids: start-up, payments, retention, simulate, invocations,
// sac-transfers, sac-simulate; the others are kept).
//   1. start-up: `starspec-sandbox --port 0 --json` from process start to its first getHealth
//      answer, against a bare node:http server started the same way (goal: under 300 ms and at
//      most 4× the bare server, the ratio being what holds on a loaded machine);
//   2. payments applied per second (goal: 1,000): signed envelopes submitted and ledgers closed
//      in this process (against the floor: decoding and verifying each envelope) and over
//      JSON-RPC to a `starspec-sandbox` process (against in process);
//   3. getTransaction latency while those payments arrive, against the same calls when idle;
//   4. that process's resident memory after 10,000 payments, against its memory when ready;
//   5. with --retention 50, its resident memory after 10,000 payments against after 2,000 (goal:
//      at most 15% more: the faces keep the window, not every ledger);
//   6. simulateTransaction of a token transfer against getLedgerEntries of the entries it reads,
//      over JSON-RPC to a `starspec-sandbox` process, one call at a time (goal: at most 3× at p50);
//   7. contract invocations (counter.inc) applied per second in this process, against payments of
//      the same accounts;
//   8. SAC transfers of XLM applied per second in this process, against payments of the same
//      accounts (sac-transfers), and simulateTransaction of one against getLedgerEntries of its
//      entries over JSON-RPC (sac-simulate).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { benchOptions, compareFirstAnswer, printRows, recordResults, replaceRows } from '@starspec/bench';
import { cliPath } from './drivers.mjs';
import { LEDGER_SIZE } from './envelopes.mjs';
import { measureInvocations } from './invocations.mjs';
import { ACCOUNTS, measurePayments } from './payments.mjs';
import { measureRetention } from './retention.mjs';
import { IN_FLIGHT, rpcCall } from './rpc-client.mjs';
import { measureSacSimulate, measureSacTransfers } from './sac.mjs';
import { measureSimulate } from './simulate.mjs';

const options = benchOptions();
// The machine may be shared: its load while the benchmark ran goes with the numbers.
const loadAtStart = loadavg()[0];
// Interrupted, it exits through 'exit', where the processes it started are stopped.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
const bareRpc = fileURLToPath(new URL('./bare-rpc.mjs', import.meta.url));

async function healthy(ready) {
  const result = await rpcCall(ready.rpcUrl, 'getHealth');
  if (result.status !== 'healthy') throw new Error(`getHealth answered ${JSON.stringify(result)}`);
}

/** The measurements, by the name `--only` picks them with; each answers its rows. */
const measurements = {
  'start-up': async () => [
    await compareFirstAnswer({
      id: 'start-up',
      title: 'process start to the first getHealth answer',
      subject: {
        label: 'starspec-sandbox --port 0 --json',
        command: [process.execPath, cliPath, '--port', '0', '--json'],
        ask: healthy,
      },
      baseline: {
        label: 'bare node:http started the same way',
        command: [process.execPath, bareRpc, '--port', '0', '--json'],
        ask: healthy,
      },
      rounds: options.rounds,
      goal: { below: 300, ratioAtMost: 4 },
    }),
  ],
  payments: () => measurePayments(options),
  retention: async () => [await measureRetention()],
  simulate: async () => [await measureSimulate(options)],
  invocations: async () => [await measureInvocations(options)],
  'sac-transfers': async () => [await measureSacTransfers(options)],
  'sac-simulate': async () => [await measureSacSimulate(options)],
};
const unknown = (options.only ?? []).filter((name) => !Object.hasOwn(measurements, name));
if (unknown.length > 0)
  throw new Error(`--only takes ${Object.keys(measurements).join(', ')} (got ${unknown})`);

const rows = [];
for (const [name, measure] of Object.entries(measurements))
  if (!options.only || options.only.includes(name)) rows.push(...(await measure()));

const loadAtEnd = loadavg()[0];
printRows(rows);
const load = `1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`;
if (options.write && options.only)
  replaceRows('sandbox', {
    rows,
    options,
    note: `${options.only.join(', ')} on ${new Date().toISOString().slice(0, 10)}, ${load}`,
  });
else if (options.write)
  recordResults('sandbox', {
    command: 'node scripts/pnpm.mjs --filter @starspec/sandbox bench',
    rows,
    options,
    workload:
      `a round: one start of each process; ${ACCOUNTS.toLocaleString('en-US')} payments (one per account) ` +
      `in ${ACCOUNTS / LEDGER_SIZE} ledgers each way, sent over JSON-RPC ${IN_FLIGHT} at a time; ${load}`,
  });
