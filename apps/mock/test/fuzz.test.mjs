// Thousands of generated hostile requests (seeded, so every run sends the same bytes) against
// each mock as `startMock` runs it: the Prism mocks through their guard, and the JSON-RPC mock.
// No answer may be a 5xx or missing, the guard's own answers are in the contract's error shape,
// and the mock still serves afterwards.
import { loadContract } from '@starspec/specs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullTestVolume, testVolume } from '../../../scripts/test-volume.mjs';
import { startMock } from '../src/mocks.mjs';
import { describeOutcome, fuzz, seeded, statusCounts } from './support/hostile-http.mjs';

/** The outcomes `bad` picks, the first few described: the count says how many, the text what. */
function expectNone(outcomes, bad) {
  const found = outcomes.filter(bad);
  expect(found.length, found.slice(0, 15).map(describeOutcome).join('\n')).toBe(0);
}
const unansweredOr5xx = (o) => o.answer.status === 0 || o.answer.status >= 500;

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const REQUESTS = testVolume(5_000);

/** A value for a path parameter: its example when the contract gives one. */
function exampleOf(parameter) {
  const examples = Object.values(parameter.examples ?? {}).map((e) => e.value);
  return String(parameter.example ?? parameter.schema?.examples?.[0] ?? examples[0] ?? '1');
}

/** Every path of an OpenAPI contract with its parameters filled in, and its methods. */
async function openApiProfile(name, bodies) {
  const document = await loadContract(name, { dereferenced: true });
  const paths = [];
  const methods = new Set();
  for (const [template, item] of Object.entries(document.paths)) {
    const operations = Object.entries(item).filter(([key]) => key !== 'parameters');
    const parameters = [item, ...operations.map(([, o]) => o)].flatMap((o) => o.parameters ?? []);
    paths.push(
      template.replace(/\{([^}]+)\}/g, (_, param) =>
        encodeURIComponent(exampleOf(parameters.find((p) => p.in === 'path' && p.name === param) ?? {})),
      ),
    );
    for (const [method] of operations) methods.add(method.toUpperCase());
  }
  return { paths, methods: [...methods], bodies };
}

/** Whether a body is the contract's error shape. */
const SHAPES = {
  'error-object': (body) => {
    const parsed = JSON.parse(body);
    return Object.keys(parsed).join() === 'error' && typeof parsed.error === 'string';
  },
  problem: (body) => {
    const { type, title, status, detail } = JSON.parse(body);
    return /^https:\/\/stellar\.org\/horizon-errors\//.test(type) && !!title && status >= 400 && !!detail;
  },
};

function inShape(style, body) {
  try {
    return SHAPES[style](body);
  } catch {
    return false;
  }
}

/** The mock is still up: it has not exited and it answers a valid request. */
async function stillServing(mock, request) {
  const exited = await Promise.race([mock.died, new Promise((resolve) => setTimeout(resolve, 100, false))]);
  expect(exited).toBe(false);
  expect((await fetch(`${mock.url}${request.path}`, request.init)).status).toBe(200);
}

const PRISM_MOCKS = [
  {
    name: 'callbacks',
    style: 'error-object',
    bodies: [
      { type: 'application/json', body: '{"account":"GA"}' },
      {
        type: 'multipart/form-data; boundary=x',
        body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      },
    ],
    probe: { path: '/customer' },
  },
  {
    name: 'ledger-api',
    style: 'problem',
    bodies: [{ type: 'application/x-www-form-urlencoded', body: 'tx=AAAA' }],
    probe: { path: '/ledgers' },
  },
];

describe.each(PRISM_MOCKS)(
  `the $name mock behind its guard (seed ${SEED})`,
  ({ name, style, bodies, probe }) => {
    let mock;
    let profile;
    beforeAll(async () => {
      profile = await openApiProfile(name, bodies);
      mock = await startMock(name, { port: 0 });
    });
    afterAll(() => mock?.stop());

    it(`answers ${REQUESTS} hostile requests without a 5xx, its own errors in the contract's shape`, async () => {
      const outcomes = await fuzz(Number(new URL(mock.url).port), REQUESTS, seeded(SEED), profile);
      const counts = statusCounts(outcomes);
      console.log(`${name}: ${JSON.stringify(counts)}`);
      expectNone(outcomes, unansweredOr5xx);
      // Prism marks its answers with its CORS headers; the others are the guard's own.
      const fromGuard = outcomes.filter(
        (o) => o.answer.status >= 400 && !/\r\naccess-control-allow-origin:/i.test(o.answer.head),
      );
      const headRequest = (o) => o.request.startsWith('HEAD ');
      expectNone(fromGuard, (o) => !headRequest(o) && !inShape(style, o.answer.body));
      // The generator reaches both the guard's refusals and Prism's own answers.
      if (fullTestVolume())
        for (const status of [200, 400, 413, 431])
          expect(counts[status], `status ${status}`).toBeGreaterThan(0);
      expect(fromGuard.length).toBeGreaterThan(REQUESTS / 10);
      await stillServing(mock, probe);
    });
  },
);

describe(`the ledger-rpc mock (seed ${SEED})`, () => {
  let mock;
  beforeAll(async () => {
    mock = await startMock('ledger-rpc', { port: 0 });
  });
  afterAll(() => mock?.stop());

  it(`answers ${REQUESTS} hostile requests without a 5xx`, async () => {
    const document = await loadContract('ledger-rpc');
    const calls = document.methods.map((m, id) => ({
      type: 'application/json',
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: m.name,
        params: m.examples?.[0]?.params ? {} : undefined,
      }),
    }));
    const profile = { paths: ['/', '/rpc', '/?x=1'], methods: ['POST'], bodies: calls };
    const outcomes = await fuzz(Number(new URL(mock.url).port), REQUESTS, seeded(SEED + 1), profile);
    console.log(`ledger-rpc: ${JSON.stringify(statusCounts(outcomes))}`);
    expectNone(outcomes, unansweredOr5xx);
    await stillServing(mock, {
      path: '/',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}',
      },
    });
  });
});
