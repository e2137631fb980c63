/**
 * What the command-line servers share: a usage error (exit 2), whole-number options, a plain
 * sentence for why a server could not listen (exit 1), and the run of a long-lived command —
 * --help, --version, JSON event lines, a clean stop on SIGINT/SIGTERM (exit 0).
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A wrong argument or environment value: the command prints it and exits with 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `text` as a whole number from `min` to `max`, or a UsageError naming `flag`. */
export function wholeNumber(flag: string, text: string, min: number, max: number): number {
  const value = /^[0-9]+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

/** Why listening on `host:port` failed, in a sentence. */
export function listenProblem(error: unknown, port: number, host: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `port ${port} is already in use on ${host}`;
  if (code === 'EACCES') return `port ${port} on ${host} needs privileges this process does not have`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `${host} is not an address of this machine`;
  return `could not start: ${(error as Error).message}`;
}

/**
 * Whether `error` can only come from listening (a taken, forbidden or foreign address), for a
 * command whose start also reaches other hosts (whose ENOTFOUND is theirs, not the listener's).
 */
export function isListenError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'EACCES' || (code?.startsWith('EADDR') ?? false);
}

/** The options of `argv` (no positionals), or a UsageError with parseArgs' own sentence. */
export function parseOptions<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
): ReturnType<
  typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: O }>
>['values'] {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Writes an event as one JSON line on stdout (--json), or nothing. */
export type Emit = (event: Record<string, unknown>) => void;

/** A long-lived command: how it reads its arguments and how it serves. */
export interface ServerCommand<Config extends { json: boolean }> {
  name: string;
  version: string;
  usage: string;
  /** The configuration, or which of --help and --version was asked; throws UsageError. */
  parse(argv: string[], env: NodeJS.ProcessEnv): Config | 'help' | 'version';
  /** Starts, serves until stopped (see stopSignal), and answers the exit code. */
  serve(config: Config, emit: Emit): Promise<number>;
}

/** The first SIGINT or SIGTERM this process receives. */
export function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

/** The exit code of one run: 2 for a usage error, 0 for --help and --version, else serve's. */
export async function runServerCommand<Config extends { json: boolean }>(
  command: ServerCommand<Config>,
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  let config: Config | 'help' | 'version';
  try {
    config = command.parse(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(
      `${command.name}: ${error.message}\nRun '${command.name} --help' for the options.\n`,
    );
    return 2;
  }
  if (config === 'help' || config === 'version') {
    process.stdout.write(config === 'help' ? command.usage : `${command.version}\n`);
    return 0;
  }
  const { json } = config;
  const emit: Emit = (event) => {
    if (json) process.stdout.write(`${JSON.stringify(event)}\n`);
  };
  return command.serve(config, emit);
}

/** Runs `command` on this process's arguments (or `argv`) and sets the exit code; a crash is exit 1. */
export function runAsMain<Config extends { json: boolean }>(
  command: ServerCommand<Config>,
  argv = process.argv.slice(2),
): void {
  // When whoever reads our output goes away (a closed pipe), stop as on SIGTERM, as command-line
  // tools do, instead of crashing on the next line written.
  // Once: the lines the stop writes meet the same closed pipe.
  let readerGone = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    if (!readerGone) process.kill(process.pid, 'SIGTERM');
    readerGone = true;
  });
  runServerCommand(command, argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${command.name}: ${(error as Error)?.stack ?? error}\n`);
      process.exitCode = 1;
    },
  );
}
