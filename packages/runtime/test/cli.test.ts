// The run of a long-lived command: usage errors exit 2 with the problem and a pointer to --help,
// --help and --version exit 0 without serving, --json turns events into JSON lines.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runServerCommand, type ServerCommand, UsageError, wholeNumber } from '../src/cli.js';

interface Config {
  json: boolean;
  port: number;
}

function command(served: Config[]): ServerCommand<Config> {
  return {
    name: 'demo',
    version: '1.2.3',
    usage: 'Usage: demo\n',
    parse(argv, env) {
      if (argv.includes('--help')) return 'help';
      if (argv.includes('--version')) return 'version';
      if (argv.includes('--crash')) throw new Error('not a usage error');
      return { json: argv.includes('--json'), port: wholeNumber('PORT', env.PORT ?? '1', 0, 65535) };
    },
    async serve(config, emit) {
      served.push(config);
      emit({ event: 'ready', port: config.port });
      return 0;
    },
  };
}

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('runServerCommand', () => {
  it.each([
    { given: { argv: ['--help'], env: {} }, want: { code: 0, out: 'Usage: demo\n', err: '', served: 0 } },
    { given: { argv: ['--version'], env: {} }, want: { code: 0, out: '1.2.3\n', err: '', served: 0 } },
    {
      given: { argv: [], env: { PORT: 'x' } },
      want: {
        code: 2,
        out: '',
        err: "demo: PORT must be a whole number from 0 to 65535 (got 'x')\nRun 'demo --help' for the options.\n",
        served: 0,
      },
    },
    { given: { argv: [], env: { PORT: '7' } }, want: { code: 0, out: '', err: '', served: 1 } },
    {
      given: { argv: ['--json'], env: { PORT: '7' } },
      want: { code: 0, out: '{"event":"ready","port":7}\n', err: '', served: 1 },
    },
  ])('$given.argv with $given.env', async ({ given, want }) => {
    const served: Config[] = [];
    const { out, err } = captured();
    const code = await runServerCommand(command(served), given.argv, given.env);
    vi.restoreAllMocks();
    expect({ code, out: out.join(''), err: err.join(''), served: served.length }).toEqual(want);
  });

  it('lets an error that is no usage error through, for the caller to report', async () => {
    captured();
    await expect(runServerCommand(command([]), ['--crash'], {})).rejects.toThrow('not a usage error');
  });

  it('UsageError is an Error named for what it is', () => {
    expect(new UsageError('x')).toBeInstanceOf(Error);
    expect(new UsageError('x').name).toBe('UsageError');
  });
});
