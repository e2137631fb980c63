#!/usr/bin/env node
// starspec-platform: serves the platform's prices and quotes until SIGTERM or SIGINT.
import { parseArgs } from 'node:util';
import { closeGracefully, listen } from '@starspec/runtime';
import { ConfigError, ENVIRONMENT, readConfig } from './config.js';
import { createPlatformServer } from './gateway.js';

const HELP = `Usage: starspec-platform [--json]

Serves the platform's client endpoints (GET /price, POST /quote, GET /quote/{id}) on HOST:PORT
(127.0.0.1:8082 unless set), forwarding each rate request to the anchor's GET /rate and checking the answer with the
platform's rate rules. Runs until SIGTERM or SIGINT.

Options:
      --json   print {"name":"platform","url":...} and then {"ready":true}, one JSON line each
  -h, --help   show this help

Environment:
${ENVIRONMENT.map(([name, meaning]) => `  ${name.padEnd(18)} ${meaning}`).join('\n')}

Exit codes: 0 stopped by a signal, 1 could not start, 2 usage or configuration error.
`;

async function main(argv: string[]): Promise<void> {
  let values: { json: boolean; help: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`starspec-platform: ${(error as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }

  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`starspec-platform: ${error.message}\n`);
    process.exit(2);
  }

  const server = createPlatformServer(config.gateway, { cors: config.cors });
  let url: string;
  try {
    url = await listen(server, config.port, config.host);
  } catch (error) {
    process.stderr.write(
      `starspec-platform: cannot listen on ${config.host} port ${config.port}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }

  // Requests already received are answered; those still waiting on the anchor get at most 3 s.
  const stop = () => closeGracefully(server, { graceMs: 3000 }).then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);

  if (values.json) {
    process.stdout.write(`${JSON.stringify({ name: 'platform', url })}\n`);
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  } else {
    process.stdout.write(`platform: ${url} (anchor ${config.gateway.anchorUrl})\n`);
  }
}

await main(process.argv.slice(2));
