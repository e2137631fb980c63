#!/usr/bin/env node
// The ledger-api benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/ledger-api bench [-- --quick]
// Writes the package's section of bench-results.json and the README's table rendered from it.
//   1. server: the generated server vs bare node:http and vs fastify (same validation, its own ajv),
//      then vs Prism answering the same examples; the load generator runs in its own process;
//   2. page validation: validate.schema('OperationPage') on a 200-record page vs JSON.parse of the
//      same bytes, and vs the same schema compiled by ajv at run time.
import { fileURLToPath } from 'node:url';
import {
  benchOptions,
  compareContractServers,
  compareFunctions,
  printRows,
  recordResults,
} from '@starspec/bench';
import { buildModel, COMPONENT_REF_PREFIX } from '@starspec/codegen';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { document, validate } from '../dist/index.js';
import { operationsPage } from './page.mjs';
import { requests } from './servers.mjs';

const options = benchOptions();
const modulePath = fileURLToPath(new URL('./servers.mjs', import.meta.url));
const rows = await compareContractServers({ contract: 'ledger-api', modulePath, requests, options });

const page = operationsPage();
const bytes = JSON.stringify(page);
if (!validate.schema('OperationPage', page).ok)
  throw new Error('the benchmark page is not a valid OperationPage');
const model = buildModel(document);
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'])
  ajv.addFormat(format, true);
for (const [name, schema] of Object.entries(model.schemas))
  ajv.addSchema({ ...schema, $id: `${COMPONENT_REF_PREFIX}${name}` });
const compiled = ajv.compile({ $ref: `${COMPONENT_REF_PREFIX}OperationPage` });
if (!compiled(page)) throw new Error('ajv at run time refuses the benchmark page');

let sink = 0;
const aot = {
  label: "validate.schema('OperationPage', …)",
  fn: () => {
    sink += validate.schema('OperationPage', page).ok ? 1 : 0;
  },
};
const title = `200-record operations page (${Math.round(bytes.length / 1000)} kB)`;
rows.push(
  compareFunctions({
    id: 'page:json-parse',
    title,
    subject: aot,
    baseline: {
      label: 'JSON.parse of the same bytes',
      fn: () => {
        sink += JSON.parse(bytes)._embedded.records.length;
      },
    },
    batch: 50,
  }),
  compareFunctions({
    id: 'page:ajv',
    title,
    subject: aot,
    baseline: {
      label: 'the same schema compiled by ajv at run time',
      fn: () => {
        sink += compiled(page) ? 1 : 0;
      },
    },
    batch: 50,
  }),
);
if (sink === 0) throw new Error('unreachable');

printRows(rows);
if (options.write)
  recordResults('ledger-api', {
    command: 'node scripts/pnpm.mjs --filter @starspec/ledger-api bench',
    rows,
    options,
  });
