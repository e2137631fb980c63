#!/usr/bin/env node
// starspec-mock: serves the mock of every contract (or those named) until interrupted.
import { parseArgs } from 'node:util';
import { MOCKS, portOf, startMock } from './mocks.mjs';

const HELP = `Usage: starspec-mock [options] [contract...]

Serves a mock server for each contract (default: all of them) until interrupted.
Contracts and default ports: ${MOCKS.map((m) => `${m.name} ${m.port} (${m.env})`).join(', ')}

Options:
      --host HOST   address to listen on (default 127.0.0.1)
      --json        print one JSON line per started mock instead of text
  -v, --verbose     show each mock's request log
  -h, --help        show this help

Exit codes: 0 stopped by a signal, 1 a mock failed, 2 usage error.
`;

let parsed;
try {
  parsed = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      json: { type: 'boolean', default: false },
      verbose: { type: 'boolean', short: 'v', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
  });
} catch (error) {
  process.stderr.write(`starspec-mock: ${error.message}\n\n${HELP}`);
  process.exit(2);
}
if (parsed.values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const names = parsed.positionals.length ? parsed.positionals : MOCKS.map((m) => m.name);
const unknown = names.filter((n) => !MOCKS.some((m) => m.name === n));
if (unknown.length) {
  process.stderr.write(`starspec-mock: unknown contract ${unknown.join(', ')}\n\n${HELP}`);
  process.exit(2);
}

const running = [];
const stopAll = async (code) => {
  await Promise.all(running.map((m) => m.stop()));
  process.exit(code);
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  for (const name of names) {
    const mock = MOCKS.find((m) => m.name === name);
    const started = await startMock(name, {
      host: parsed.values.host,
      port: portOf(mock),
      log: parsed.values.verbose,
    });
    running.push(started);
    if (parsed.values.json)
      process.stdout.write(`${JSON.stringify({ name, url: started.url, spec: started.spec })}\n`);
    else process.stdout.write(`${name} mock (${started.spec}): ${started.url}\n`);
  }
  // Tells a supervisor (the main command) that every mock is up.
  if (parsed.values.json) process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
} catch (error) {
  process.stderr.write(`starspec-mock: ${error.message}\n`);
  await stopAll(1);
}

// A mock that ends on its own takes the others down with it: a half-served stack is not "up".
const death = await Promise.race(running.map((m) => m.died));
process.stderr.write(`starspec-mock: ${death}; stopping\n`);
await stopAll(1);
