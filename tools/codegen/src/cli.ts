import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generate, staleFiles, writeFiles } from './generate.js';

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
`;

export async function main(argv: string[]): Promise<number> {
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
