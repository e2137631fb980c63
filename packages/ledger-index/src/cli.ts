#!/usr/bin/env node
/**
 * starspec-horizon: the Horizon-compatible REST API over any Stellar RPC server.
 * Exit codes: 0 after a clean stop (Ctrl-C, SIGTERM), 1 when it cannot start or cannot go on
 * (RPC unreachable, database refused, ledgers lost), 2 for a usage error.
 */
import {
  type Emit,
  isListenError,
  listenProblem,
  parseOptions,
  runAsMain,
  stopSignal,
  UsageError,
  wholeNumber,
} from '@starspec/runtime';
import { DEFAULT_BATCH_LEDGERS } from './gateway/follow.js';
import { type Gateway, startGateway } from './gateway/gateway.js';
import { archiveProgressLines, progressLines } from './progress.js';
import { reingestCommand, shownDatabase } from './reingest/cli.js';
import { STREAM_CAP_OPTIONS, streamCaps, streamCapUsage } from './stream-cap-flags.js';
import { VERSION } from './version.js';

const NAME = 'starspec-horizon';
const DEFAULT_PORT = 8001;
const DEFAULT_DB = 'starspec-horizon.sqlite';

const USAGE = `Usage: ${NAME} --rpc-url URL [options]
       ${NAME} reingest --from LEDGER --to LEDGER [options]   (backfill history: reingest --help)

The Horizon-compatible REST API over a Stellar RPC server: ingests its ledgers (getLedgers) into an
index and serves every operation of the ledger-api contract; submits through sendTransaction.

Options:
  --rpc-url URL      the Stellar RPC endpoint (or $RPC_URL), e.g. http://127.0.0.1:8000/rpc
  --port N           port to listen on (default: $PORT, else ${DEFAULT_PORT}; 0 for any free port)
  --host ADDRESS     address to listen on (default 127.0.0.1)
  --db PATH          the SQLite index: a file in the current folder by default (./${DEFAULT_DB}),
                     created when missing and resumed at the next start; ':memory:' keeps nothing;
                     $DATABASE_URL=postgres://… uses PostgreSQL instead
  --from LEDGER      first ledger to ingest into an empty index (default: the server's oldest).
                     On a real network the RPC server keeps days of ledgers (7 days are about
                     120,000), which take hours to ingest before the index is current: --from a
                     recent ledger serves at once, with history from that ledger on
  --history-archive URL
                     a history archive (e.g. https://history.stellar.org/prd/core-live/core_live_001):
                     an empty index starts from the state of its latest checkpoint, read from its
                     buckets as Horizon does, then ingests the ledgers after it from the RPC server,
                     which must still keep them. Every account, offer, claimable balance, liquidity
                     pool and asset is then answered from the index; history starts after the
                     checkpoint. An index that has ledgers already resumes without it
  --ingest=false     serve a shared PostgreSQL index without ingesting (or $INGEST=false); nodes
                     that ingest (the default) take turns: one at a time holds the index's
                     ingestion lock, the others take over when it goes. SQLite is one node's
  --history-retention-count N
                     ledgers of history to keep (or $HISTORY_RETENTION_COUNT): older ones are
                     deleted as new ones come (default 0: keep all)
  --ingest-batch N   ledgers written per transaction while catching up, 1 to 200 (default ${DEFAULT_BATCH_LEDGERS});
                     a ledger is reported ingested once its batch is committed
  --derive-threads N threads deriving batches side by side while catching up, 1 to 8 (default 1):
                     for a machine with cores to spare (each costs a core and its memory)
  --submit-timeout MS  how long POST /transactions waits for its ledger (default 30000)
  --rate-limit N     requests per hour per client address, with a burst of 100 (default: no limit)
${streamCapUsage(21)}
  --json             one JSON line per event (ready, progress, errors, stopped)
  --help             this text
  --version          the version
`;

interface Config {
  rpcUrl: string;
  port: number;
  host: string;
  database: string;
  from?: number;
  historyArchive?: string;
  historyRetention?: number;
  batchLedgers: number;
  deriveThreads: number;
  ingest: boolean;
  submitTimeoutMs: number;
  rateLimit?: number;
  maxStreams: number;
  maxStreamsPerClient: number;
  json: boolean;
}

function parseConfig(argv: string[], env: NodeJS.ProcessEnv): Config | 'help' | 'version' {
  const values = parseOptions(argv, {
    'rpc-url': { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    from: { type: 'string' },
    'history-archive': { type: 'string' },
    'history-retention-count': { type: 'string' },
    'ingest-batch': { type: 'string' },
    'derive-threads': { type: 'string' },
    ingest: { type: 'string' },
    'submit-timeout': { type: 'string' },
    'rate-limit': { type: 'string' },
    ...STREAM_CAP_OPTIONS,
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  const rpcUrl = values['rpc-url'] ?? env.RPC_URL ?? '';
  if (!rpcUrl) throw new UsageError('--rpc-url is required (or set RPC_URL)');
  if (!/^https?:\/\/[^/]/.test(rpcUrl))
    throw new UsageError(`--rpc-url must be an http(s) URL (got '${rpcUrl}')`);
  const historyArchive = values['history-archive'];
  if (historyArchive !== undefined && !/^https?:\/\/[^/]/.test(historyArchive))
    throw new UsageError(`--history-archive must be an http(s) URL (got '${historyArchive}')`);
  if (historyArchive !== undefined && values.from)
    throw new UsageError('--history-archive and --from both say where the index starts: give one');
  const port = values.port ?? (env.PORT || String(DEFAULT_PORT));
  const retention = values['history-retention-count'] ?? (env.HISTORY_RETENTION_COUNT || '0');
  const historyRetention = wholeNumber(
    values['history-retention-count'] === undefined && env.HISTORY_RETENTION_COUNT
      ? 'HISTORY_RETENTION_COUNT'
      : '--history-retention-count',
    retention,
    0,
    2 ** 31 - 1,
  );
  const database = env.DATABASE_URL || values.db || DEFAULT_DB;
  const ingest = parseIngest(values.ingest ?? env.INGEST);
  if (!ingest && !/^postgres(ql)?:\/\//.test(database))
    throw new UsageError(
      "--ingest=false serves a PostgreSQL index another node ingests (--db postgres://…): a SQLite index is one node's",
    );
  return {
    rpcUrl,
    port: wholeNumber(values.port === undefined && env.PORT ? 'PORT' : '--port', port, 0, 65535),
    host: values.host ?? '127.0.0.1',
    database,
    ...(values.from ? { from: wholeNumber('--from', values.from, 1, 2 ** 31 - 1) } : {}),
    ...(historyArchive ? { historyArchive } : {}),
    // 0 keeps all history, as Horizon's HISTORY_RETENTION_COUNT.
    ...(historyRetention > 0 ? { historyRetention } : {}),
    batchLedgers: wholeNumber(
      '--ingest-batch',
      values['ingest-batch'] ?? String(DEFAULT_BATCH_LEDGERS),
      1,
      200,
    ),
    deriveThreads: wholeNumber('--derive-threads', values['derive-threads'] ?? '1', 1, 8),
    ingest,
    submitTimeoutMs: wholeNumber('--submit-timeout', values['submit-timeout'] ?? '30000', 1, 2 ** 31 - 1),
    ...(values['rate-limit']
      ? { rateLimit: wholeNumber('--rate-limit', values['rate-limit'], 1, 2 ** 31 - 1) }
      : {}),
    ...streamCaps(values),
    json: values.json === true,
  };
}

/** Horizon's `--ingest` (default true): true or false. */
function parseIngest(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`--ingest must be true or false (got '${value}')`);
}

async function serve(config: Config, emit: Emit): Promise<number> {
  const { json } = config;
  const progress = progressLines((line) => process.stdout.write(`${line}\n`));
  const archiveProgress = archiveProgressLines((line) => process.stdout.write(`${line}\n`));
  const report = (error: unknown) => {
    const message = String((error as Error)?.message ?? error);
    emit({ event: 'error', error: message });
    if (!json) process.stderr.write(`${NAME}: ${message}\n`);
  };

  let gateway: Gateway;
  try {
    gateway = await startGateway({
      rpcUrl: config.rpcUrl,
      database: config.database,
      port: config.port,
      host: config.host,
      from: config.from,
      historyArchive: config.historyArchive,
      onArchiveProgress: (read) => {
        emit({ event: 'archive', ...read });
        if (!json) archiveProgress(read);
      },
      historyRetention: config.historyRetention,
      ingestWorker: INGEST_WORKER,
      batchLedgers: config.batchLedgers,
      deriveThreads: config.deriveThreads,
      ingest: config.ingest,
      submitTimeoutMs: config.submitTimeoutMs,
      ...(config.rateLimit ? { rateLimit: { perHour: config.rateLimit } } : {}),
      maxStreams: config.maxStreams,
      maxStreamsPerClient: config.maxStreamsPerClient,
      onProgress: (ledger, latest) => {
        emit({ event: 'ingested', ledger, latest });
        if (!json) progress(ledger, latest);
      },
      onError: report,
      // Which node of those sharing a PostgreSQL index ingests (--json only: it changes rarely).
      onIngestTurn: (ingesting) => emit({ event: ingesting ? 'ingesting' : 'standby' }),
    });
  } catch (error) {
    const message = isListenError(error)
      ? listenProblem(error, config.port, config.host)
      : `could not start: ${(error as Error).message}`;
    emit({ event: 'error', error: message });
    process.stderr.write(`${NAME}: ${message}\n`);
    return 1;
  }
  // Listening for the stop signals before saying ready: a client may send one as soon as it reads it.
  const stopped = stopSignal();
  emit({
    event: 'ready',
    ready: true,
    url: gateway.url,
    rpcUrl: config.rpcUrl,
    database: shownDatabase(config.database),
    version: VERSION,
  });
  if (!json)
    process.stdout.write(
      `${NAME} ${VERSION}: ${gateway.url} over ${config.rpcUrl} (index: ${shownDatabase(config.database)})\n`,
    );

  const outcome = await Promise.race([
    stopped,
    gateway.following.then(
      () => 'stopped' as const,
      (error: unknown) => error,
    ),
  ]);
  if (typeof outcome !== 'string') {
    report(outcome);
    await gateway.stop();
    return 1;
  }
  emit({ event: 'stopping', signal: outcome });
  await gateway.stop();
  emit({ event: 'stopped' });
  return 0;
}

// The reingest command's worker threads run dist/reingest/worker.js, beside this entry (bundled or not).
const REINGEST_WORKER = new URL('./reingest/worker.js', import.meta.url);
// The gateway's ingestion thread runs dist/gateway/ingest-worker.js, likewise.
const INGEST_WORKER = new URL('./gateway/ingest-worker.js', import.meta.url);

if (process.argv[2] === 'reingest') runAsMain(reingestCommand(REINGEST_WORKER), process.argv.slice(3));
else runAsMain({ name: NAME, version: VERSION, usage: USAGE, parse: parseConfig, serve });
