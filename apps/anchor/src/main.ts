#!/usr/bin/env node
// starspec-anchor: the reference anchor back-end, configured by environment.
import { parseArgs } from 'node:util';
import { anchorFromConfig } from './app.js';
import { ConfigError, ENVIRONMENT, loadConfig } from './config.js';
import { KycFileError } from './customers/kyc-config.js';
import { AssetFileError } from './rates/config.js';

const HELP = `Usage: starspec-anchor [--json]

The reference anchor back-end: serves the callbacks contract (GET/PUT /customer,
DELETE /customer/{id}, GET /rate) on SQLite until interrupted (SIGINT or SIGTERM).

Options:
      --json   print {"name":"anchor","url":…} then {"ready":true}, one JSON line each
  -h, --help   show this help

Environment:
${ENVIRONMENT.map(([name, what, fallback]) => `  ${name.padEnd(32)} ${what}${fallback ? ` (default ${fallback})` : ''}`).join('\n')}

Exit codes: 0 stopped by a signal, 1 failed to start, 2 usage error.
`;

let json = false;
try {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  json = values.json ?? false;
} catch (error) {
  process.stderr.write(`starspec-anchor: ${(error as Error).message}\n\n${HELP}`);
  process.exit(2);
}

try {
  const config = loadConfig();
  const anchor = await anchorFromConfig(config);
  const url = await anchor.listen(config.port, config.host);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!json) process.stdout.write(`anchor: ${signal}, stopping\n`);
    anchor.close().then(
      () => process.exit(0),
      (error) => {
        process.stderr.write(`starspec-anchor: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (json) {
    process.stdout.write(`${JSON.stringify({ name: 'anchor', url })}\n`);
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  } else {
    const auth =
      config.auth.type === 'none'
        ? 'no authentication'
        : config.auth.type === 'jwt'
          ? `auth jwt in ${config.auth.header}`
          : 'auth api_key';
    process.stdout.write(`anchor: ${url} (database ${config.databasePath}, ${auth})\n`);
  }
} catch (error) {
  const known =
    error instanceof ConfigError || error instanceof AssetFileError || error instanceof KycFileError;
  process.stderr.write(`starspec-anchor: ${known ? '' : 'failed to start: '}${(error as Error).message}\n`);
  process.exit(1);
}
