#!/usr/bin/env node
/**
 * starspec-sandbox: a local Stellar network on one port, with the Stellar RPC face and friendbot.
 * Exit codes: 0 after a clean stop (Ctrl-C, SIGTERM), 1 when it cannot start (the port is taken),
 * 2 for a usage error (a --db file made for another network among them).
 */
import { parseArgs } from 'node:util';
import { STANDALONE_PASSPHRASE } from './ledger.js';
import { DEFAULT_RETENTION } from './network/closed-ledgers.js';
import { type CloseSchedule, DEFAULT_CLOSE_EVERY } from './network/network.js';
import type { LedgerRecord } from './network/records.js';
import { SANDBOX_VERSION } from './rpc/info.js';
import { type Sandbox, startSandbox } from './sandbox.js';
import { MEMORY } from './storage/open.js';
import { StorageError } from './storage/schema.js';

const NAME = 'starspec-sandbox';
const DEFAULT_PORT = 8000;

const USAGE = `Usage: ${NAME} [options]

A local Stellar network with real XDR: the Stellar RPC JSON-RPC face at /rpc and friendbot at
/friendbot, on one port.

Options:
  --port N             port to listen on (default: $SANDBOX_PORT, else ${DEFAULT_PORT}; 0 for any free port)
  --host ADDRESS       address to listen on (default 127.0.0.1; 0.0.0.0 serves other machines)
  --close-every MS     close a ledger every MS milliseconds (default ${DEFAULT_CLOSE_EVERY}), or 'manual':
                       only on POST /_sandbox/close
  --passphrase TEXT    network passphrase (default '${STANDALONE_PASSPHRASE}')
  --retention LEDGERS  ledgers the RPC face keeps (default ${DEFAULT_RETENTION})
  --rate-limit N       requests per hour per client address on the REST face, with a burst of 100
                       and X-Ratelimit-* headers on every answer, as Horizon (default: no limit)
  --db FILE            keep the network in the SQLite file FILE (created when missing) and resume
                       from it at the next start; default ':memory:' (gone when the process ends).
                       Each ledger close is committed to FILE (WAL, fsync) before it is seen;
                       transactions not yet in a closed ledger are not kept. The file is for one
                       passphrase: another one is refused
  --json               one JSON line per event (ready, each ledger, stopping, stopped)
  --help               this text
  --version            the version
`;

class UsageError extends Error {}

interface Config {
  port: number;
  host: string;
  closeEvery: CloseSchedule;
  passphrase: string;
  retention: number;
  rateLimit?: number;
  db: string;
  json: boolean;
}

function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

/** The configuration from the arguments and environment, or which of --help and --version was asked. */
function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config | 'help' | 'version' {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (values.db?.trim() === '') throw new UsageError(`--db needs a file name, or '${MEMORY}'`);
  // An empty SANDBOX_PORT is as good as unset.
  const port = values.port ?? (env.SANDBOX_PORT || String(DEFAULT_PORT));
  const closeEvery = values['close-every'] ?? String(DEFAULT_CLOSE_EVERY);
  return {
    port: wholeNumber(
      values.port === undefined && env.SANDBOX_PORT ? 'SANDBOX_PORT' : '--port',
      port,
      0,
      65535,
    ),
    host: values.host ?? '127.0.0.1',
    closeEvery: closeEvery === 'manual' ? 'manual' : wholeNumber('--close-every', closeEvery, 1, 2 ** 31 - 1),
    passphrase: values.passphrase ?? STANDALONE_PASSPHRASE,
    retention: wholeNumber('--retention', values.retention ?? String(DEFAULT_RETENTION), 1, 2 ** 32 - 1),
    ...(values['rate-limit'] === undefined
      ? {}
      : { rateLimit: wholeNumber('--rate-limit', values['rate-limit'], 1, 2 ** 31 - 1) }),
    db: values.db ?? MEMORY,
    json: values.json ?? false,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'close-every': { type: 'string' },
      passphrase: { type: 'string' },
      retention: { type: 'string' },
      'rate-limit': { type: 'string' },
      db: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}

function startupProblem(error: unknown, config: Config): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${config.port} is already in use on ${config.host}`;
  if (code === 'EACCES')
    return `port ${config.port} on ${config.host} needs privileges this process does not have`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `${config.host} is not an address of this machine`;
  return `could not start: ${(error as Error).message}`;
}

async function run(argv: string[]): Promise<number> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${NAME}: ${error.message}\nRun '${NAME} --help' for the options.\n`);
    return 2;
  }
  if (config === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (config === 'version') {
    process.stdout.write(`${SANDBOX_VERSION}\n`);
    return 0;
  }
  const { json } = config;
  const emit = (event: Record<string, unknown>) => {
    if (json) process.stdout.write(`${JSON.stringify(event)}\n`);
  };

  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: config.port,
      host: config.host,
      closeEvery: config.closeEvery,
      passphrase: config.passphrase,
      retention: config.retention,
      ...(config.rateLimit ? { rateLimit: { perHour: config.rateLimit } } : {}),
      db: config.db,
      onLedger: (record: LedgerRecord) =>
        emit({
          event: 'ledger',
          sequence: record.sequence,
          closeTime: String(record.closeTime),
          transactions: record.transactions.length,
        }),
      onError: (error) => {
        emit({ event: 'error', error: String((error as Error)?.message ?? error) });
        process.stderr.write(`${NAME}: ${(error as Error)?.stack ?? error}\n`);
      },
    });
  } catch (error) {
    // A file made for another network (or by a newer version) is the caller's to fix, like a bad flag.
    const refused = error instanceof StorageError;
    const message = refused ? `--db ${error.message}` : startupProblem(error, config);
    emit({ event: 'error', error: message });
    process.stderr.write(`${NAME}: ${message}\n`);
    return refused ? 2 : 1;
  }

  const { url, rpcUrl, friendbotUrl, passphrase } = sandbox;
  emit({
    event: 'ready',
    ready: true,
    url,
    rpcUrl,
    friendbotUrl,
    passphrase,
    closeEvery: config.closeEvery,
    retention: config.retention,
    ...(config.rateLimit ? { rateLimit: config.rateLimit } : {}),
    db: config.db,
    latestLedger: sandbox.ledger.latestSequence,
    version: SANDBOX_VERSION,
  });
  if (!json) {
    const closing =
      config.closeEvery === 'manual'
        ? `manual closes (POST ${url}/_sandbox/close)`
        : `a ledger every ${config.closeEvery} ms`;
    const kept =
      config.db === MEMORY
        ? 'kept in memory'
        : `kept in ${config.db} (ledger ${sandbox.ledger.latestSequence})`;
    process.stdout.write(
      `${NAME} ${SANDBOX_VERSION}: '${passphrase}', ${closing}, ${kept}\n  RPC        ${rpcUrl}\n  friendbot  ${friendbotUrl}\n`,
    );
  }

  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  emit({ event: 'stopping', signal });
  await sandbox.stop();
  emit({ event: 'stopped' });
  if (!json) process.stdout.write(`${NAME}: stopped\n`);
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${NAME}: ${(error as Error)?.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
