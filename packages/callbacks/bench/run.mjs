#!/usr/bin/env node
// The callbacks benchmark, after `npm run build`:
//   node scripts/pnpm.mjs --filter @starspec/callbacks bench [-- --quick]
// Writes the package's section of bench-results.json and the README's table rendered from it.
//   1. server: the generated server vs bare node:http and vs fastify (same validation, its own ajv),
//      then vs Prism answering the same examples; the load generator runs in its own process;
//   2. start-up: loading the ahead-of-time validators vs compiling the same schemas with ajv;
//   3. request validation: validate.request(getRate) vs JSON.parse of the same query as JSON.
import { fileURLToPath } from 'node:url';
import {
  benchOptions,
  compareContractServers,
  compareFunctions,
  compareStartup,
  printRows,
  recordResults,
} from '@starspec/bench';
import { validate } from '../dist/index.js';
import { requests } from './servers.mjs';

const options = benchOptions();
const modulePath = fileURLToPath(new URL('./servers.mjs', import.meta.url));
const rows = await compareContractServers({ contract: 'callbacks', modulePath, requests, options });

const here = fileURLToPath(new URL('.', import.meta.url));
rows.push(
  compareStartup({
    id: 'start-up',
    title: 'callbacks validators ready',
    cwd: here,
    rounds: options.write ? 7 : 1,
    subject: {
      label: 'importing the ahead-of-time validators',
      code: `const t = performance.now(); await import('../dist/generated/validate.gen.js'); console.log(performance.now() - t);`,
    },
    baseline: {
      label: 'compiling the same schemas with ajv at run time',
      code: `
      const t = performance.now();
      const { buildModel, COMPONENT_REF_PREFIX } = await import('@starspec/codegen');
      const { document } = await import('../dist/generated/document.gen.js');
      const { default: Ajv } = await import('ajv/dist/2020.js');
      const { default: addFormats } = await import('ajv-formats');
      const model = buildModel(document);
      const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true });
      addFormats(ajv);
      for (const f of ['int32','int64','float','double','byte','binary','password']) ajv.addFormat(f, true);
      for (const [name, schema] of Object.entries(model.schemas))
        ajv.addSchema({ ...schema, $id: COMPONENT_REF_PREFIX + name });
      for (const op of model.operations) ajv.compile(op.paramsSchema);
      for (const name of Object.keys(model.schemas)) ajv.compile({ $ref: COMPONENT_REF_PREFIX + name });
      console.log(performance.now() - t);`,
    },
  }),
);

const rateQuery = new URLSearchParams(requests.find((r) => r.operationId === 'getRate').path.split('?')[1]);
const rateObject = Object.fromEntries(rateQuery);
const query = () => ({ ...rateObject });
const text = JSON.stringify(query());
let sink = 0;
rows.push(
  compareFunctions({
    id: 'validate.request',
    title: 'getRate query',
    subject: {
      label: "validate.request('getRate', …)",
      fn: () => {
        sink += validate.request('getRate', { query: query() }).ok ? 1 : 0;
      },
    },
    baseline: {
      label: 'JSON.parse of the same query as JSON',
      fn: () => {
        sink += JSON.parse(text).type.length;
      },
    },
  }),
);
if (sink === 0) throw new Error('unreachable');

printRows(rows);
if (options.write)
  recordResults('callbacks', {
    command: 'node scripts/pnpm.mjs --filter @starspec/callbacks bench',
    rows,
    options,
  });
