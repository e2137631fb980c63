import { writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { finishDist } from './shared/dist.js';

// The generators load only for the commands that run them: `dist` runs in every package build.
const generation = () => import('./generate.js');

const HELP = `Usage: starspec-codegen [options]

Generates types, a typed client, a typed server adapter and ahead-of-time validators
from an OpenAPI 3.1 contract into a package's src/generated/ folder; with "openrpc" in the
config, a typed JSON-RPC client, dispatcher and validators from an OpenRPC 1.x contract.

Options:
  -c, --config FILE   codegen config (default: ./codegen.config.json)
      --check         generate in memory and compare with the files on disk;
                      exit 1 if any differs (for CI: the output is up to date)
      --json          print a machine-readable summary on stdout
  -q, --quiet         print nothing but errors
  -h, --help          show this help

Exit codes: 0 success, 1 generation failed or --check found differences, 2 usage error.

       starspec-codegen mapping --spec FILE [--rpc FILE] [--out FILE] [--check]
Writes the REST → JSON-RPC table (MAPPING.md) from the x-rpc of every operation; see
"starspec-codegen mapping --help".

       starspec-codegen dist [--from DIR] [--to DIR]
After the compiler: copies the generated JavaScript modules into the build output and drops the
source maps of generated code; see "starspec-codegen dist --help".
`;

const DIST_HELP = `Usage: starspec-codegen dist [options]

Run after the compiler in a package build. The validators are generated as JavaScript with
declarations beside them (the compiler does not copy them): they are copied into the output.
The output of generated code keeps no source maps.

Options:
      --from DIR      the generated folder (default: src/generated)
      --to DIR        the compiler's output for it (default: dist/generated)
  -q, --quiet         print nothing but errors
  -h, --help          show this help

Exit codes: 0 success, 1 failure, 2 usage error.
`;

const MAPPING_HELP = `Usage: starspec-codegen mapping --spec FILE [options]

Writes a Markdown table of every operation's x-rpc extension (the JSON-RPC methods that
replace it, their support and a note). Every operation must have x-rpc.

Options:
      --spec FILE     the OpenAPI 3.1 contract (required)
      --rpc FILE      the OpenRPC contract: every method x-rpc names must be one of its methods
      --out FILE      the Markdown file (default: MAPPING.md)
      --check         compare with the file on disk instead of writing; exit 1 if it differs
  -q, --quiet         print nothing but errors
  -h, --help          show this help

Exit codes: 0 success, 1 generation failed or --check found a difference, 2 usage error.
`;

async function mapping(argv: string[]): Promise<number> {
  let values: { spec?: string; rpc?: string; out: string; check: boolean; quiet: boolean; help: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: {
        spec: { type: 'string' },
        rpc: { type: 'string' },
        out: { type: 'string', default: 'MAPPING.md' },
        check: { type: 'boolean', default: false },
        quiet: { type: 'boolean', short: 'q', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
      strict: true,
    }).values;
    if (!values.help && values.spec === undefined) throw new Error('--spec is required');
  } catch (error) {
    process.stderr.write(`starspec-codegen mapping: ${(error as Error).message}\n\n${MAPPING_HELP}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(MAPPING_HELP);
    return 0;
  }
  const log = (line: string) => {
    if (!values.quiet) process.stderr.write(`starspec-codegen mapping: ${line}\n`);
  };
  try {
    const { staleFiles } = await generation();
    const { generateMapping } = await import('./mapping/generate.js');
    const file = await generateMapping({
      spec: values.spec as string,
      out: values.out,
      ...(values.rpc === undefined ? {} : { rpc: values.rpc }),
    });
    const name = relative(process.cwd(), file.path);
    if (values.check) {
      const stale = await staleFiles([file]);
      if (stale.length > 0) {
        process.stderr.write(`starspec-codegen mapping: out of date: ${name}\n`);
        return 1;
      }
      log(`${name} is up to date`);
      return 0;
    }
    await writeFile(file.path, file.contents);
    log(`wrote ${name}`);
    return 0;
  } catch (error) {
    process.stderr.write(`starspec-codegen mapping: ${(error as Error).message}\n`);
    return 1;
  }
}

async function dist(argv: string[]): Promise<number> {
  let values: { from: string; to: string; quiet: boolean; help: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: {
        from: { type: 'string', default: 'src/generated' },
        to: { type: 'string', default: 'dist/generated' },
        quiet: { type: 'boolean', short: 'q', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
      strict: true,
    }).values;
  } catch (error) {
    process.stderr.write(`starspec-codegen dist: ${(error as Error).message}\n\n${DIST_HELP}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(DIST_HELP);
    return 0;
  }
  try {
    const { copied, dropped } = await finishDist({ from: values.from, to: values.to });
    if (!values.quiet)
      process.stderr.write(
        `starspec-codegen dist: copied ${copied.length} files, dropped ${dropped.length} maps\n`,
      );
    return 0;
  } catch (error) {
    process.stderr.write(`starspec-codegen dist: ${(error as Error).message}\n`);
    return 1;
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'mapping') return mapping(argv.slice(1));
  if (argv[0] === 'dist') return dist(argv.slice(1));
  let args: ReturnType<typeof parse>;
  function parse() {
    return parseArgs({
      args: argv,
      options: {
        config: { type: 'string', short: 'c', default: 'codegen.config.json' },
        check: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        quiet: { type: 'boolean', short: 'q', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
      strict: true,
    });
  }
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`starspec-codegen: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  const { values } = args;
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const quiet = values.quiet || values.json;
  const log = (line: string) => {
    if (!quiet) process.stderr.write(`starspec-codegen: ${line}\n`);
  };
  const configPath = resolve(values.config);
  try {
    const { generate, staleFiles, writeFiles } = await generation();
    const files = await generate(configPath, log);
    const names = files.map((f) => relative(process.cwd(), f.path));
    if (values.check) {
      const stale = (await staleFiles(files)).map((p) => relative(process.cwd(), p));
      if (values.json) process.stdout.write(`${JSON.stringify({ ok: stale.length === 0, stale })}\n`);
      for (const file of stale) process.stderr.write(`starspec-codegen: out of date: ${file}\n`);
      if (stale.length === 0) log(`${files.length} files up to date`);
      return stale.length === 0 ? 0 : 1;
    }
    await writeFiles(files);
    if (values.json) process.stdout.write(`${JSON.stringify({ ok: true, files: names })}\n`);
    log(`wrote ${files.length} files to ${relative(process.cwd(), resolve(files[0]?.path ?? '.', '..'))}`);
    return 0;
  } catch (error) {
    process.stderr.write(`starspec-codegen: ${(error as Error).message}\n`);
    if (values.json)
      process.stdout.write(`${JSON.stringify({ ok: false, error: (error as Error).message })}\n`);
    return 1;
  }
}
