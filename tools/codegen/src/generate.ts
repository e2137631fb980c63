// The pipeline every spec kind goes through: the config names a contract, its kind loads it,
// models it and emits the files, and the shared finish formats each TypeScript file and heads it.
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { openapi } from './openapi/index.js';
import { openrpc } from './openrpc/index.js';
import { findRoot, type GeneratedFile, slashed } from './shared/files.js';
import { formatTypeScript } from './shared/format.js';
import { generatedHeader } from './shared/header.js';
import type { CodegenConfig, EmittedFile, Log, SpecKind } from './shared/kind.js';

export { findRoot, type GeneratedFile, staleFiles, writeFiles } from './shared/files.js';
export type { CodegenConfig } from './shared/kind.js';

/** A kind of contract as the pipeline runs it: its config member, and its three steps in turn. */
function runner<Document, Model>(kind: SpecKind<Document, Model>) {
  return {
    configKey: kind.configKey,
    run: async (specPath: string, config: CodegenConfig, log: Log): Promise<EmittedFile[]> =>
      kind.emit(kind.model(await kind.load(specPath), config, log), log),
  };
}

/** Every kind of contract, in the order a config is searched for the member naming one. */
const KINDS = [runner(openrpc), runner(openapi)];

/** The shared finish: TypeScript formatted (validator modules stay minified), then the header. */
async function finish(files: EmittedFile[], header: string, out: string): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async ({ name, contents }) => ({
      path: join(out, name),
      contents: header + (name.endsWith('.ts') ? await formatTypeScript(name, contents) : contents),
    })),
  );
}

/** Produces every generated file in memory; the same inputs always give the same bytes. */
export async function generate(configPath: string, log: Log = () => {}): Promise<GeneratedFile[]> {
  const base = dirname(resolve(configPath));
  const config = JSON.parse(await readFile(configPath, 'utf8')) as CodegenConfig;
  const kind = KINDS.find(({ configKey }) => typeof config[configKey] === 'string');
  if (!kind) throw new Error(`${configPath}: name the contract with "spec" (OpenAPI) or "openrpc" (OpenRPC)`);
  const specPath = resolve(base, config[kind.configKey] as string);
  const out = resolve(base, config.out ?? 'src/generated');
  const specName = slashed(relative(await findRoot(base), specPath));

  log(`reading ${specName}`);
  return finish(await kind.run(specPath, config, log), generatedHeader(specName), out);
}
