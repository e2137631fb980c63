/**
 * starspec-conformance: runs one suite against a running service and reports every check.
 * Exit codes: 0 no check failed (warnings allowed unless --strict), 1 a check failed, 2 usage error.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { type Report, type SuiteName, UsageError } from './model.js';
import { formatJson } from './reporters/json.js';
import { formatJunit } from './reporters/junit.js';
import { type Output, PrettyReporter } from './reporters/pretty.js';
import { DEFAULT_TIMEOUT_MS, type ProgressEvent, type RunOptions } from './runner.js';
import { listChecks, suiteOf } from './suites/index.js';
import { TOOL } from './version.js';

export const HELP = `Usage: starspec-conformance <suite> --base-url URL [options]

Runs a conformance suite against a running service: every check passes, fails (with the
request sent, what came back and what the contract or rule expected), warns or is skipped
(with the reason). ${TOOL.name} ${TOOL.version}

Levels: each check, and each problem found, has a level. must: the service's real caller
(the Anchor Platform; js-stellar-sdk) would fail or misbehave, so the check fails. should:
the contract or SEP asks for it but the real caller tolerates it, so the check only warns.

Suites:
  callbacks    an anchor's back-end as the platform calls it: GET/PUT/DELETE /customer, GET /rate
  ledger-api   a Horizon-compatible ledger REST API provider
  ledger-rpc   a Stellar-RPC-compatible JSON-RPC provider

Options of every suite:
      --base-url URL      the service's base URL (required)
      --only ID,...       run only these checks; an id ending in * selects every id
                          with that prefix (e.g. --only 'rate.*')
      --reporter NAME     pretty (default): a line per check as it ends, the evidence of
                          each failure and a summary; json: the report as one JSON document
                          (shape: reportSchema of the library); junit: JUnit XML
      --timeout MS        time limit of each request in milliseconds (default ${DEFAULT_TIMEOUT_MS})
      --static-mock       the target is a static mock (e.g. Prism): the checks that need a
                          real back-end's behaviour are skipped, with the reason
      --strict            problems of level should fail their check too (exit 1)
      --list              print the suite's check ids, levels and titles, and exit
  -h, --help              show this help

callbacks:
      --jwt-secret S      the platform's callback_api.auth secret (type jwt, >= 32 bytes):
                          every request carries a fresh HS256 JWT, and the auth.* checks
                          verify that requests without it, or with a wrong or expired one,
                          are refused
      --jwt-header NAME   the header that carries the JWT, as the platform's
                          callback_api.auth.jwt.http_header (default Authorization)
      --api-key K         the platform's API key (type api_key), sent in X-Api-Key (the
                          platform's only API key header); not together with --jwt-secret
      --assets FILE       the platform's asset configuration, YAML or JSON, as the Anchor
                          Platform writes it: a top-level items list of {id,
                          significant_decimals, sep38: {exchangeable_assets,
                          sell_delivery_methods, buy_delivery_methods, country_codes}}.
                          Without it the platform's defaults apply (7 decimals for
                          stellar: assets, 2 for iso4217:)
      --client-id G...    the client_id sent with firm quotes: a client the anchor knows
                          (without it a placeholder is sent, and the firm quote checks are
                          skipped if the anchor declines it)
      --sell-asset ID     the pair the rate checks price, both given together (default: the
      --buy-asset ID      first exchangeable pair of --assets, else iso4217:USD to USDC)
      --amount N          the amount asked for (default 100); when the anchor declines it
                          with 400, 10x and 100x are tried
      --langs L,...       languages the anchor supports besides en (ISO 639-1 codes): their
                          descriptions must differ from English (default: es, pt, fr, de are
                          tried, and the lang check is skipped if none is supported)

ledger-api, ledger-rpc:
      --allow-submit      also submit transactions that can never be applied: an envelope
                          that is not XDR, and an unsigned one from an account that does not
                          exist (POST /transactions and /transactions_async; sendTransaction)

Exit codes: 0 no check failed (passed, warned or skipped), 1 a check failed (with --strict,
also one that warned), 2 usage error.
`;

const OPTIONS = {
  'base-url': { type: 'string' },
  only: { type: 'string', multiple: true },
  reporter: { type: 'string' },
  timeout: { type: 'string' },
  'static-mock': { type: 'boolean' },
  strict: { type: 'boolean' },
  list: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'jwt-secret': { type: 'string' },
  'jwt-header': { type: 'string' },
  'api-key': { type: 'string' },
  assets: { type: 'string' },
  'client-id': { type: 'string' },
  'sell-asset': { type: 'string' },
  'buy-asset': { type: 'string' },
  amount: { type: 'string' },
  langs: { type: 'string' },
  'allow-submit': { type: 'boolean' },
} as const;

/** Which suites each suite-specific option belongs to. */
const OWNER: Record<string, SuiteName[]> = {
  'jwt-secret': ['callbacks'],
  'jwt-header': ['callbacks'],
  'api-key': ['callbacks'],
  assets: ['callbacks'],
  'client-id': ['callbacks'],
  'sell-asset': ['callbacks'],
  'buy-asset': ['callbacks'],
  amount: ['callbacks'],
  langs: ['callbacks'],
  'allow-submit': ['ledger-api', 'ledger-rpc'],
};

export interface CliIo {
  stdout: Output;
  stderr: Output;
}

const list = (values: readonly string[] | undefined) =>
  values
    ?.flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** Reads the asset configuration file (YAML, which includes JSON). */
function readAssets(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`--assets: cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return parseYaml(text);
  } catch (error) {
    throw new UsageError(`--assets: ${path} is not YAML or JSON: ${(error as Error).message}`);
  }
}

/** The run options of the command line, or a UsageError. */
export function parseCommandLine(argv: readonly string[]): {
  suite: SuiteName;
  reporter: 'pretty' | 'json' | 'junit';
  list: boolean;
  options: RunOptions & Record<string, unknown>;
} {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('name a suite: callbacks, ledger-api or ledger-rpc');
  if (positionals.length > 1) throw new UsageError(`one suite at a time; found ${positionals.join(', ')}`);
  const name = positionals[0] as string;
  if (!['callbacks', 'ledger-api', 'ledger-rpc'].includes(name)) {
    throw new UsageError(`no suite named '${name}'; the suites are callbacks, ledger-api and ledger-rpc`);
  }
  const suite = name as SuiteName;
  for (const [option, owners] of Object.entries(OWNER)) {
    if ((values as Record<string, unknown>)[option] !== undefined && !owners.includes(suite)) {
      throw new UsageError(
        `--${option} is an option of the ${owners.join(' and ')} suite${owners.length > 1 ? 's' : ''}, not of ${suite}`,
      );
    }
  }
  const reporter = values.reporter ?? 'pretty';
  if (reporter !== 'pretty' && reporter !== 'json' && reporter !== 'junit') {
    throw new UsageError(`--reporter: expected pretty, json or junit; found '${reporter}'`);
  }
  if (values.list) return { suite, reporter, list: true, options: { baseUrl: values['base-url'] ?? '' } };
  if (values['base-url'] === undefined) throw new UsageError('--base-url is required');
  let timeoutMs = DEFAULT_TIMEOUT_MS;
  if (values.timeout !== undefined) {
    if (!/^\d+$/.test(values.timeout) || Number(values.timeout) <= 0) {
      throw new UsageError(
        `--timeout: expected a positive number of milliseconds; found '${values.timeout}'`,
      );
    }
    timeoutMs = Number(values.timeout);
  }
  const options: RunOptions & Record<string, unknown> = {
    baseUrl: values['base-url'],
    timeoutMs,
    staticMock: values['static-mock'] ?? false,
    strict: values.strict ?? false,
  };
  const only = list(values.only);
  if (only) options.only = only;
  const copy = (option: keyof typeof values, key: string) => {
    if (values[option] !== undefined) options[key] = values[option];
  };
  copy('jwt-secret', 'jwtSecret');
  copy('jwt-header', 'jwtHeader');
  copy('api-key', 'apiKey');
  copy('client-id', 'clientId');
  copy('sell-asset', 'sellAsset');
  copy('buy-asset', 'buyAsset');
  copy('amount', 'amount');
  copy('allow-submit', 'allowSubmit');
  if (values.langs !== undefined) options.langs = list([values.langs]) ?? [];
  if (values.assets !== undefined) options.assets = readAssets(values.assets);
  return { suite, reporter, list: false, options };
}

/** Runs the command line; resolves with the exit code. */
export async function main(
  argv: readonly string[],
  io: CliIo = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  if (argv.includes('-h') || argv.includes('--help')) {
    io.stdout.write(HELP);
    return 0;
  }
  try {
    const command = parseCommandLine(argv);
    const suite = suiteOf(command.suite);
    if (!suite) {
      io.stderr.write(
        `starspec-conformance: the ${command.suite} suite is not available in this version (${TOOL.version})\n`,
      );
      return 2;
    }
    if (command.list) {
      for (const check of listChecks(command.suite)) {
        io.stdout.write(`${check.id}\t${check.level}\t${check.title}\n`);
      }
      return 0;
    }
    let report: Report;
    if (command.reporter === 'pretty') {
      const pretty = new PrettyReporter({ out: io.stdout, err: io.stderr });
      report = await runSuiteFor(command.suite, { ...command.options, onProgress: pretty.onProgress });
      pretty.finish(report);
    } else {
      const progress = new PrettyReporter({ out: { write: () => true }, err: io.stderr });
      const onProgress = (event: ProgressEvent) => {
        if (event.type !== 'suite-start') progress.onProgress(event);
      };
      report = await runSuiteFor(command.suite, { ...command.options, onProgress });
      progress.finish(report);
      io.stdout.write(command.reporter === 'json' ? formatJson(report) : formatJunit(report));
    }
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(
        `starspec-conformance: ${error.message}\n\nRun starspec-conformance --help for the options.\n`,
      );
      return 2;
    }
    io.stderr.write(`starspec-conformance: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

async function runSuiteFor(name: SuiteName, options: RunOptions & Record<string, unknown>): Promise<Report> {
  const { runSuite } = await import('./index.js');
  // biome-ignore lint/suspicious/noExplicitAny: the options were read for this suite above
  return runSuite(name, options as any);
}
