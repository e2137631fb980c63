/**
 * `starspec-horizon reingest`: backfills the history of a range of ledgers (see reingest.ts).
 * Exit codes: 0 once the range is written, or after a clean stop (Ctrl-C, SIGTERM: the jobs being
 * written finish; a rerun of the range completes it), 1 when it cannot (a source without the
 * range, a worker that failed, a range live ingestion owns), 2 for a usage error.
 */
import {
  type Emit,
  parseOptions,
  type ServerCommand,
  stopSignal,
  UsageError,
  wholeNumber,
} from '@starspec/runtime';
import { VERSION } from '../version.js';
import { DEFAULT_JOB_LEDGERS, reingest } from './reingest.js';
import { describeSource, type SourceSpec } from './source.js';

const NAME = 'starspec-horizon reingest';
const MAX_WORKERS = 64;
const MAX_LEDGER = 2 ** 32 - 1;

const USAGE = `Usage: ${NAME} --from LEDGER --to LEDGER (--rpc-url URL | --data-lake DIR) [options]

Writes the history (ledgers, transactions, operations, effects, trades) of ledgers --from to --to
into the index again, from a Stellar RPC server or a data lake folder, with N workers in parallel.
A range already in the index is replaced by the same rows: rerunning it changes nothing. The
index's current state (accounts, offers, balances, …) is not touched, and a range reaching the
latest ledger live ingestion wrote is refused, as Horizon's 'db reingest range' does.

Options:
  --from LEDGER      first ledger of the range
  --to LEDGER        last ledger of the range (inclusive)
  --rpc-url URL      read the ledgers from this Stellar RPC server (or $RPC_URL)
  --data-lake DIR    read them from a data lake folder as galexie writes it (a .config.json
                     manifest, partition folders of zstd-compressed LedgerCloseMetaBatch files)
  --workers N        worker threads reading and deriving ledgers, 1 to ${MAX_WORKERS} (default 1). On
                     PostgreSQL each writes its own jobs; SQLite has one writer, this process
  --db PATH          the SQLite index (default ./starspec-horizon.sqlite); $DATABASE_URL=postgres://…
                     uses PostgreSQL instead
  --job-ledgers N    ledgers per job, written in one transaction, 1 to 10000 (default ${DEFAULT_JOB_LEDGERS})
  --json             one JSON line per event (progress, errors, done)
  --help             this text
  --version          the version
`;

export interface ReingestConfig {
  from: number;
  to: number;
  workers: number;
  source: SourceSpec;
  database: string;
  jobLedgers: number;
  json: boolean;
}

function parse(argv: string[], env: NodeJS.ProcessEnv): ReingestConfig | 'help' | 'version' {
  const values = parseOptions(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    'rpc-url': { type: 'string' },
    'data-lake': { type: 'string' },
    workers: { type: 'string' },
    db: { type: 'string' },
    'job-ledgers': { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
  });
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (values.from === undefined || values.to === undefined)
    throw new UsageError('--from and --to are required (the range of ledgers to reingest)');
  const from = wholeNumber('--from', values.from, 2, MAX_LEDGER);
  const to = wholeNumber('--to', values.to, 2, MAX_LEDGER);
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}: the range is empty`);
  const lake = values['data-lake'];
  const rpcUrl = values['rpc-url'] ?? (lake ? undefined : env.RPC_URL || undefined);
  if (lake !== undefined && values['rpc-url'] !== undefined)
    throw new UsageError('--rpc-url and --data-lake name two sources: give one');
  if (lake === undefined && rpcUrl === undefined)
    throw new UsageError('a source is required: --rpc-url URL (or RPC_URL) or --data-lake DIR');
  if (rpcUrl !== undefined && !/^https?:\/\/[^/]/.test(rpcUrl))
    throw new UsageError(`--rpc-url must be an http(s) URL (got '${rpcUrl}')`);
  if (lake === '') throw new UsageError('--data-lake needs a folder');
  return {
    from,
    to,
    workers: wholeNumber('--workers', values.workers ?? '1', 1, MAX_WORKERS),
    source: lake !== undefined ? { kind: 'lake', dir: lake } : { kind: 'rpc', url: rpcUrl as string },
    database: env.DATABASE_URL || values.db || 'starspec-horizon.sqlite',
    jobLedgers: wholeNumber('--job-ledgers', values['job-ledgers'] ?? String(DEFAULT_JOB_LEDGERS), 1, 10_000),
    json: values.json === true,
  };
}

/** The database as it may be printed: a PostgreSQL URL without its password. */
export function shownDatabase(database: string): string {
  return database.replace(/^(postgres(?:ql)?:\/\/[^:/@]*):[^@]*@/, '$1:***@');
}

/** The command; `workerUrl` is dist/reingest/worker.js, said by the entry that knows where it is. */
export function reingestCommand(workerUrl: URL): ServerCommand<ReingestConfig> {
  return {
    name: NAME,
    version: VERSION,
    usage: USAGE,
    parse,
    serve: (config, emit) => run(config, emit, workerUrl),
  };
}

async function run(config: ReingestConfig, emit: Emit, workerUrl: URL): Promise<number> {
  const say = (line: string) => {
    if (!config.json) process.stdout.write(`${line}\n`);
  };
  const abort = new AbortController();
  void stopSignal().then((signal) => {
    emit({ event: 'stopping', signal });
    say(`${signal}: stopping after the jobs being written`);
    abort.abort();
  });
  say(
    `reingesting ledgers ${config.from}–${config.to} from ${describeSource(config.source)} into ${shownDatabase(config.database)} with ${config.workers} worker(s)`,
  );
  try {
    const result = await reingest({
      ...config,
      workerUrl,
      signal: abort.signal,
      onProgress: (job, written, total) => {
        emit({ event: 'written', from: job.from, to: job.to, written, total });
        say(`wrote ledgers ${job.from}–${job.to} (${written} of ${total})`);
      },
    });
    emit({ event: result.stopped ? 'stopped' : 'done', written: result.written });
    say(
      result.stopped
        ? `stopped: ${result.written} of ${config.to - config.from + 1} ledgers written; run the same range again to finish it`
        : `done: ledgers ${config.from}–${config.to} reingested`,
    );
    return 0;
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    emit({ event: 'error', error: message });
    process.stderr.write(`${NAME}: ${message}\n`);
    return 1;
  }
}
