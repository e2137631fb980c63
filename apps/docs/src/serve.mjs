#!/usr/bin/env node
// starspec-docs: serves the built docs site (apps/docs/dist) until interrupted.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from './static-server.mjs';

const HELP = `Usage: starspec-docs [options]

Serves the docs site built into apps/docs/dist (build it with npm run build) until interrupted.

Options:
      --host HOST   address to listen on (default 127.0.0.1)
      --port PORT   port to listen on (default DOCS_PORT, else 4000; 0 picks a free one)
      --dir DIR     folder to serve (default apps/docs/dist)
      --json        print {"name":"docs","url":...} then {"ready":true} as JSON lines
  -h, --help        show this help

Exit codes: 0 stopped by a signal, 1 the server failed to start, 2 usage error.
`;

/** @param {string} message */
const usage = (message) => {
  process.stderr.write(`starspec-docs: ${message}\n\n${HELP}`);
  process.exit(2);
};

let values;
try {
  ({ values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      dir: { type: 'string', default: join(dirname(fileURLToPath(import.meta.url)), '..', 'dist') },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  usage(/** @type {Error} */ (error).message);
}
if (!values) process.exit(2);
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const portText = values.port ?? process.env.DOCS_PORT ?? '';
const port = portText === '' ? 4000 : Number(portText);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  usage(`${values.port !== undefined ? '--port' : 'DOCS_PORT'} must be a port number, got '${portText}'`);
}
if (!existsSync(join(values.dir, 'index.html'))) {
  process.stderr.write(`starspec-docs: no site in ${values.dir}; build it first (npm run build)\n`);
  process.exit(1);
}

try {
  const { url, stop } = await startStaticServer(values.dir, { host: values.host, port });
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ name: 'docs', url })}\n`);
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  } else {
    process.stdout.write(`docs site: ${url}\n`);
  }
  const shutdown = () => stop().then(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (error) {
  process.stderr.write(`starspec-docs: ${/** @type {Error} */ (error).message}\n`);
  process.exit(1);
}
