#!/usr/bin/env node
// Benchmarks of the generated layer, each a ratio against a baseline measured in the same run.
//   1. start-up: loading the ahead-of-time validators vs compiling the same schemas with ajv at run time;
//   2. request validation: validate.request on a rate query vs JSON.parse of the same query as JSON;
//   3. server: requests/s through the generated adapter (routing + validation) vs a bare node:http server.
// Run after `npm run build`: `pnpm --filter @starspec/callbacks bench` (add --json for machine output).
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

const json = process.argv.includes('--json');
const here = fileURLToPath(new URL('.', import.meta.url));
const results = [];
const report = (name, baseline, subject, unit, note) => {
  const ratio = subject / baseline;
  results.push({ name, baseline, subject, unit, ratio: Number(ratio.toFixed(3)), note });
  if (!json)
    console.log(
      `${name}: ${subject.toFixed(1)} vs baseline ${baseline.toFixed(1)} ${unit} -> ratio ${ratio.toFixed(2)} (${note})`,
    );
};

// 1. Start-up, in fresh processes so nothing is cached between the two.
const startup = (code) =>
  Number(
    execFileSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: here,
      encoding: 'utf8',
    }).trim(),
  );
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const aot = [];
const compiled = [];
for (let i = 0; i < 5; i++) {
  aot.push(
    startup(
      `const t = performance.now(); await import('../dist/generated/validate.js'); console.log(performance.now() - t);`,
    ),
  );
  compiled.push(
    startup(`
      const t = performance.now();
      const { buildModel } = await import('@starspec/codegen');
      const { document } = await import('../dist/generated/document.js');
      const { default: Ajv } = await import('ajv/dist/2020.js');
      const { default: addFormats } = await import('ajv-formats');
      const model = buildModel(document);
      const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: true, useDefaults: true });
      addFormats(ajv);
      for (const f of ['int32','int64','float','double','byte','binary','password']) ajv.addFormat(f, true);
      for (const [name, schema] of Object.entries(model.schemas))
        ajv.addSchema({ ...schema, $id: '/components/schemas/' + name });
      for (const op of model.operations) ajv.compile(op.paramsSchema);
      for (const name of Object.keys(model.schemas)) ajv.compile({ $ref: '/components/schemas/' + name });
      console.log(performance.now() - t);`),
  );
}
report(
  'start-up',
  median(compiled),
  median(aot),
  'ms',
  'ahead-of-time validators / run-time compile; lower is better',
);

// 2. Request validation throughput.
const { validate } = await import('../dist/index.js');
const query = () => ({
  type: 'firm',
  sell_asset: 'iso4217:USD',
  buy_asset: 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
  sell_amount: '100',
  expire_after: '2026-11-22T12:00:00Z',
});
const text = JSON.stringify(query());
const rate = (fn, ms = 400) => {
  for (let i = 0; i < 2000; i++) fn();
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 200; i++) fn();
    n += 200;
  }
  return (n / ms) * 1000;
};
const parsePerSec = rate(() => JSON.parse(text));
const validatePerSec = rate(() => validate.request('getRate', { query: query() }));
report(
  'validate.request',
  parsePerSec / 1000,
  validatePerSec / 1000,
  'k ops/s',
  'validate.request(getRate) / JSON.parse of the query; higher is better',
);

// 3. Server throughput over loopback, sequential keep-alive requests from this process.
const { createServer: createContractServer } = await import('../dist/index.js');
const body = JSON.stringify({ rate: { price: '1.02', sell_amount: '100', buy_amount: '98.04' } });
const bare = createServer((_req, res) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(body),
);
const adapter = createContractServer(
  {
    getCustomer: () => ({ status: 200, body: { status: 'NEEDS_INFO' } }),
    putCustomer: () => ({ status: 202, body: { id: '1' } }),
    deleteCustomer: () => ({ status: 204 }),
    getRate: () => ({ status: 200, body: JSON.parse(body) }),
  },
  { validateResponses: false },
);
const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const path = `/rate?${new URLSearchParams(query())}`;
async function throughput(port, ms = 1500) {
  const url = `http://127.0.0.1:${port}${path}`;
  for (let i = 0; i < 200; i++) await (await fetch(url)).text();
  let n = 0;
  const end = performance.now() + ms;
  while (performance.now() < end) {
    await Promise.all(Array.from({ length: 8 }, async () => (await fetch(url)).text()));
    n += 8;
  }
  return (n / ms) * 1000;
}
const barePort = await listen(bare);
const adapterPort = await listen(adapter);
// Alternate the two servers so warm-up and machine noise fall on both alike.
const bareRuns = [];
const adapterRuns = [];
for (let round = 0; round < 3; round++) {
  bareRuns.push(await throughput(barePort));
  adapterRuns.push(await throughput(adapterPort));
}
const bareRps = median(bareRuns);
const adapterRps = median(adapterRuns);
bare.close();
adapter.close();
report('server', bareRps, adapterRps, 'req/s', 'generated adapter / bare node:http; higher is better');

if (json) console.log(JSON.stringify({ node: process.version, results }, null, 2));
