#!/usr/bin/env node
/**
 * starspec-sandbox: a local Stellar network on one port: the Stellar RPC face, friendbot and the
 * Horizon-compatible REST face.
 * Exit codes: 0 after a clean stop (Ctrl-C, SIGTERM), 1 when it cannot start (the port is taken),
 * 2 for a usage error (a --db file made for another network among them).
 */
import { STREAM_CAP_OPTIONS, streamCaps, streamCapUsage } from '@starspec/ledger-index/host';
import {
  type Emit,
  listenProblem,
  parseOptions,
  runAsMain,
  stopSignal,
  UsageError,
  wholeNumber,
} from '@starspec/runtime';
import { parseCorsOrigins } from '@starspec/runtime/http';
import { DEFAULT_PROTOCOL_VERSION, MAX_PROTOCOL_VERSION, MIN_PROTOCOL_VERSION } from './core/protocol.js';
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

A local Stellar network with real XDR, on one port: the Stellar RPC JSON-RPC face at /rpc,
friendbot at /friendbot and the Horizon-compatible REST API at /. Classic and Soroban
operations apply as stellar-core's do; the Soroban host loads on the first Soroban
transaction.

Options:
  --port N             port to listen on (default: $SANDBOX_PORT, else ${DEFAULT_PORT}; 0 for any free port)
  --host ADDRESS       address to listen on (default 127.0.0.1; 0.0.0.0 serves other machines,
                       and lets anyone who reaches it fund accounts and close ledgers)
  --close-every MS     close a ledger every MS milliseconds (default ${DEFAULT_CLOSE_EVERY}), or 'manual':
                       only on POST /_sandbox/close
  --passphrase TEXT    network passphrase (default '${STANDALONE_PASSPHRASE}')
  --protocol N         protocol of a new network, ${MIN_PROTOCOL_VERSION} to ${MAX_PROTOCOL_VERSION} (default ${DEFAULT_PROTOCOL_VERSION}, the public network's);
                       POST /_sandbox/upgrade raises it; a --db network keeps its own
  --retention LEDGERS  ledgers the RPC and REST faces keep (default ${DEFAULT_RETENTION})
  --rate-limit N       requests per hour per client address on the REST face, with a burst of 100
                       and X-Ratelimit-* headers on every answer, as Horizon (default: no limit)
${streamCapUsage(23)}
  --allow-origin LIST  web pages (origins, separated by commas, or *) allowed to call friendbot
                       and POST /_sandbox/close from a browser (default: none; clients that are
                       not browsers are always served)
  --db FILE            keep the network in the SQLite file FILE (created when missing) and resume
                       from it at the next start; default ':memory:' (gone when the process ends).
                       Each ledger close is committed to FILE (WAL, fsync) before it is seen;
                       transactions not yet in a closed ledger are not kept. The file is for one
                       passphrase: another one is refused
  --json               one JSON line per event (ready, each ledger, stopping, stopped)
  --help               this text
  --version            the version
`;

interface Config {
  port: number;
  host: string;
  closeEvery: CloseSchedule;
  passphrase: string;
  protocol?: number;
  retention: number;
  rateLimit?: number;
  maxStreams: number;
  maxStreamsPerClient: number;
  allowOrigins?: '*' | string[];
  db: string;
  json: boolean;
}

/** The configuration from the arguments and environment, or which of --help and --version was asked. */
function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config | 'help' | 'version' {
  const values = parseOptions(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    'close-every': { type: 'string' },
    passphrase: { type: 'string' },
    protocol: { type: 'string' },
    retention: { type: 'string' },
    'rate-limit': { type: 'string' },
    ...STREAM_CAP_OPTIONS,
    'allow-origin': { type: 'string' },
    db: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
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
    ...(values.protocol === undefined
      ? {}
      : { protocol: wholeNumber('--protocol', values.protocol, MIN_PROTOCOL_VERSION, MAX_PROTOCOL_VERSION) }),
    retention: wholeNumber('--retention', values.retention ?? String(DEFAULT_RETENTION), 1, 2 ** 32 - 1),
    ...(values['rate-limit'] === undefined
      ? {}
      : { rateLimit: wholeNumber('--rate-limit', values['rate-limit'], 1, 2 ** 31 - 1) }),
    ...streamCaps(values),
    ...(values['allow-origin'] === undefined ? {} : { allowOrigins: allowOrigins(values['allow-origin']) }),
    db: values.db ?? MEMORY,
    json: values.json ?? false,
  };
}

function allowOrigins(text: string): '*' | string[] {
  try {
    const origins = parseCorsOrigins(text);
    return origins === true ? '*' : origins;
  } catch (error) {
    throw new UsageError(`--allow-origin: ${(error as Error).message}`);
  }
}

async function serve(config: Config, emit: Emit): Promise<number> {
  const { json } = config;
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      port: config.port,
      host: config.host,
      closeEvery: config.closeEvery,
      passphrase: config.passphrase,
      ...(config.protocol === undefined ? {} : { protocol: config.protocol }),
      retention: config.retention,
      ...(config.rateLimit ? { rateLimit: { perHour: config.rateLimit } } : {}),
      maxStreams: config.maxStreams,
      maxStreamsPerClient: config.maxStreamsPerClient,
      ...(config.allowOrigins ? { allowOrigins: config.allowOrigins } : {}),
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
    const message = refused ? `--db ${error.message}` : listenProblem(error, config.port, config.host);
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
    ...(config.allowOrigins ? { allowOrigins: config.allowOrigins } : {}),
    db: config.db,
    latestLedger: sandbox.ledger.latestSequence,
    protocol: sandbox.ledger.latestHeader().header.ledgerVersion,
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
      `${NAME} ${SANDBOX_VERSION}: '${passphrase}', protocol ${sandbox.ledger.latestHeader().header.ledgerVersion}, ${closing}, ${kept}\n  RPC        ${rpcUrl}\n  friendbot  ${friendbotUrl}\n  REST       ${url}/\n`,
    );
  }

  const signal = await stopSignal();
  emit({ event: 'stopping', signal });
  await sandbox.stop();
  emit({ event: 'stopped' });
  if (!json) process.stdout.write(`${NAME}: stopped\n`);
  return 0;
}

runAsMain({ name: NAME, version: SANDBOX_VERSION, usage: USAGE, parse: parseConfig, serve });
