/**
 * starspec-conformance: runs one suite against a running service and reports every check.
 * Exit codes: 0 no check failed (warnings allowed unless --strict), 1 a check failed, 2 usage error
 * or a target that cannot be reached.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { credentialHint } from './hints.js';
import { type Report, type SuiteName, UsageError } from './model.js';
import { TargetUnreachableError } from './reachability.js';
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
      --output FILE       also write the report to FILE (json, junit: there instead of stdout,
                          which then shows the pretty lines; pretty: the same text)
      --header 'N: V'     send this header with every request (repeatable), e.g. a
                          provider's credential: --header 'Authorization: Bearer <token>'
      --timeout MS        time limit of each request in milliseconds (default ${DEFAULT_TIMEOUT_MS})
      --static-mock       the target is a static mock (e.g. Prism): the checks that need a
                          real back-end's behaviour are skipped, with the reason
      --strict            problems of level should fail their check too (exit 1)
      --fail-on-skip      a skipped check fails the run (exit 1)
      --list              print the suite's check ids, levels and titles, and exit
  -h, --help              show this help
      --version           print the version and exit

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
                          exist (POST /transactions and /transactions_async; sendTransaction).
                          ledger-rpc also funds two fresh accounts through the provider's
                          friendbot and sends payments between them (the submission checks,
                          and traffic to page through when the ledger has too little), and
                          uploads, creates and calls a small contract of its own (the
                          simulation and Soroban checks)

Exit codes: 0 no check failed (passed, warned or skipped), 1 a check failed (with --strict,
also one that warned; with --fail-on-skip, also one that was skipped), 2 usage error or a
target that cannot be reached (nothing listens there, or its host name does not resolve).
`;

const OPTIONS = {
  'base-url': { type: 'string' },
  only: { type: 'string', multiple: true },
  reporter: { type: 'string' },
  output: { type: 'string' },
  header: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'static-mock': { type: 'boolean' },
  strict: { type: 'boolean' },
  'fail-on-skip': { type: 'boolean' },
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

/** The flag of a library option: `baseUrl` → `--base-url`; `timeoutMs` is `--timeout`. */
export function flagOf(option: string): string {
  if (option === 'timeoutMs') return '--timeout';
  return `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

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

export interface Command {
  suite: SuiteName;
  reporter: 'pretty' | 'json' | 'junit';
  list: boolean;
  output?: string;
  failOnSkip: boolean;
  options: RunOptions & Record<string, unknown>;
}

/** The run options of the command line, or a UsageError. */
export function parseCommandLine(argv: readonly string[]): Command {
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
  if (values.list) {
    return { suite, reporter, list: true, failOnSkip: false, options: { baseUrl: values['base-url'] ?? '' } };
  }
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
  if (values.header !== undefined) options.headers = parseHeaders(values.header);
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
  const command: Command = {
    suite,
    reporter,
    list: false,
    failOnSkip: values['fail-on-skip'] ?? false,
    options,
  };
  return values.output === undefined ? command : { ...command, output: values.output };
}

/** `--header 'Name: value'` as a header map; a malformed one is a UsageError. */
function parseHeaders(given: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const text of given) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*)$/.exec(text);
    if (!match?.[1] || /[\r\n\0]/.test(match[2] ?? '')) {
      throw new UsageError(`--header: expected 'Name: value'; found '${text.slice(0, 60)}'`);
    }
    headers[match[1].toLowerCase()] = (match[2] ?? '').trim();
  }
  return headers;
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
  if (argv.includes('--version')) {
    io.stdout.write(`${TOOL.version}\n`);
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
    const report = await runAndReport(command, io);
    const hint = credentialHint(command.suite, report, command.options);
    if (hint !== undefined) io.stderr.write(`starspec-conformance: ${hint}\n`);
    if (command.failOnSkip && report.summary.skipped > 0) {
      io.stderr.write(
        `starspec-conformance: ${report.summary.skipped} check(s) skipped, and --fail-on-skip makes that a failure\n`,
      );
      return 1;
    }
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof TargetUnreachableError) {
      io.stderr.write(`starspec-conformance: ${error.message}\n`);
      return 2;
    }
    if (error instanceof UsageError) {
      io.stderr.write(
        `starspec-conformance: ${error.render(flagOf)}\n\nRun starspec-conformance --help for the options.\n`,
      );
      return 2;
    }
    io.stderr.write(`starspec-conformance: ${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

/**
 * Runs the suite with the chosen reporter. The pretty lines go to stdout unless the report itself
 * does; with --output the report (or, for pretty, the same text) also goes to the file.
 */
async function runAndReport(command: Command, io: CliIo): Promise<Report> {
  const file: string[] = [];
  const toFile: Output = { write: (text: string) => file.push(text) };
  const reportOnStdout = command.reporter !== 'pretty' && command.output === undefined;
  const lines: Output = reportOnStdout ? { write: () => true } : io.stdout;
  const tee: Output =
    command.reporter === 'pretty' && command.output !== undefined
      ? {
          write: (text: string) => {
            lines.write(text);
            return toFile.write(text);
          },
          isTTY: lines.isTTY,
        }
      : lines;
  const pretty = new PrettyReporter({ out: tee, err: io.stderr, color: tee === lines ? undefined : false });
  const onProgress = (event: ProgressEvent) => {
    if (!(reportOnStdout && event.type === 'suite-start')) pretty.onProgress(event);
  };
  const report = await runSuiteFor(command.suite, { ...command.options, onProgress });
  pretty.finish(report);
  if (command.reporter !== 'pretty') {
    const text = command.reporter === 'json' ? formatJson(report) : formatJunit(report);
    (command.output === undefined ? io.stdout : toFile).write(text);
  }
  if (command.output !== undefined) {
    try {
      writeFileSync(command.output, file.join(''));
    } catch (error) {
      throw new UsageError(`--output: cannot write ${command.output}: ${(error as Error).message}`);
    }
  }
  return report;
}

async function runSuiteFor(name: SuiteName, options: RunOptions & Record<string, unknown>): Promise<Report> {
  const { runSuite } = await import('./index.js');
  // biome-ignore lint/suspicious/noExplicitAny: the options were read for this suite above
  return runSuite(name, options as any);
}
