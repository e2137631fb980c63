#!/usr/bin/env node
// Prism's mock server for one OpenAPI contract, as `prism mock --errors false` serves it (static
// examples, requests validated, security checked, CORS), except that Prism does not check its own
// answers. The CLI always does (prism-cli util/createServer.js sets `validateResponse: true`), and
// with `--errors false` that check can only log: its cost is an ajv compile of each operation's
// response schema on that operation's first request, in Prism's one thread. The ledger API's
// operation unions take seconds to compile, ten and more on a busy machine, and every request
// under way waits behind them. The examples are checked against their schemas by the contract's
// own tests instead.
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';

// Prism's packages as the pinned CLI resolves them: the CLI is this package's dependency.
const prismRequire = createRequire(
  createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json'),
);
const { createServer } = prismRequire('@stoplight/prism-http-server');
const { getHttpOperationsFromSpec } = prismRequire('@stoplight/prism-http');
const { createLogger } = prismRequire('@stoplight/prism-core');

const { values, positionals } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4010' },
    log: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const [document] = positionals;

/** Prism's log records (pino JSON lines) as `[NAME] message` lines on stdout. */
const readable = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      const { name, msg } = JSON.parse(line);
      process.stdout.write(`[${name}] ${msg}\n`);
    }
    done();
  },
});
// Each request is logged only when the log is shown: formatting it is work for the one thread.
const logger = createLogger('HTTP SERVER', { level: values.log ? 'info' : 'warn' }, readable);

try {
  const operations = await getHttpOperationsFromSpec(document);
  const server = createServer(operations, {
    cors: true,
    config: {
      validateRequest: true,
      validateResponse: false,
      checkSecurity: true,
      errors: false,
      upstreamProxy: undefined,
      mock: { dynamic: false, ignoreExamples: false, seed: null },
      isProxy: false,
    },
    components: { logger },
  });
  const address = await server.listen(Number(values.port), values.host);
  // The launcher (mocks.mjs) waits for this line.
  process.stdout.write(`Prism is listening on ${address}\n`);
} catch (error) {
  process.stderr.write(`prism-mock: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
