#!/usr/bin/env node
// The ledger-rpc benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/ledger-rpc bench [-- --quick]
// Writes the package's section of bench-results.json and the README's table rendered from it.
// The generated dispatcher (params validated against the contract) vs bare node:http answering the
// same results, every method's example call in turn; the load generator runs in its own process.
import { fileURLToPath } from 'node:url';
import { benchOptions, compareServers, printRows, recordResults } from '@starspec/bench';
import { requests } from './servers.mjs';

const options = benchOptions();
const rows = await compareServers({
  id: 'dispatch',
  title: `ledger-rpc dispatcher, the ${requests.length} methods' example calls in turn`,
  modulePath: fileURLToPath(new URL('./servers.mjs', import.meta.url)),
  servers: [
    { name: 'starspec', label: 'generated dispatcher' },
    { name: 'bare', label: 'bare node:http' },
  ],
  pairs: [['starspec', 'bare']],
  requests,
  options,
});
printRows(rows);
if (options.write)
  recordResults('ledger-rpc', {
    command: 'node scripts/pnpm.mjs --filter @starspec/ledger-rpc bench',
    rows,
    options,
  });
