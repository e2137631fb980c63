// Browser bundles of the packages' client entries, the way an application bundles them.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
// Where an application's imports of the packages resolve from.
const toolDir = fileURLToPath(new URL('..', import.meta.url));

/** The client entries of the packages, each bundled for browsers. */
export const CLIENT_ENTRIES = [
  '@starspec/callbacks/client',
  '@starspec/ledger-api/client',
  '@starspec/ledger-rpc/client',
];

/** The validator entries: the same validators a client loads when it checks answers. */
export const VALIDATE_ENTRIES = [
  '@starspec/callbacks/validate',
  '@starspec/ledger-api/validate',
  '@starspec/ledger-rpc/validate',
];

/** The file a package specifier resolves to, through the package's `exports`. */
export function resolveEntry(specifier) {
  return require.resolve(specifier);
}

/**
 * Bundles entry files for browsers as an application would: ES modules, minified, and split so
 * that a dynamic import becomes a chunk of its own that loads when it runs. `node:` modules are
 * left external, so that any in the import graph shows in the metafile (nodeImports) instead of
 * failing the build. Returns esbuild's result with its metafile.
 */
export function bundleForBrowser({ entryPoints, outdir, minify = true, write = true }) {
  return build({ ...browserOptions({ minify, splitting: true }), entryPoints, outdir, write });
}

/**
 * Bundles an application whose only import is `names` from `specifier` (e.g. `createClient`
 * alone), so tree shaking leaves what that import needs. With `splitting` (the default) as
 * bundleForBrowser; without, one bundle that holds every dynamic import too, as esbuild makes
 * by default. Returns esbuild's result and the application's files (see entryFiles).
 */
export async function bundleImport({ specifier, names, outdir, splitting = true, write = false }) {
  const sourcefile = 'app.js';
  const result = await build({
    ...browserOptions({ minify: true, splitting }),
    stdin: {
      contents: `export { ${names.join(', ')} } from '${specifier}';\n`,
      resolveDir: toolDir,
      sourcefile,
      loader: 'js',
    },
    outdir,
    write,
  });
  return { result, files: entryFiles(result, sourcefile) };
}

function browserOptions({ minify, splitting }) {
  return {
    absWorkingDir: process.cwd(),
    minify,
    splitting,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    metafile: true,
    external: ['node:*'],
    logLevel: 'silent',
  };
}

/** Every `node:` module an import graph reaches, with the file that imports it. */
export function nodeImports(metafile) {
  const found = [];
  for (const [file, input] of Object.entries(metafile.inputs)) {
    for (const entry of input.imports) {
      if (entry.path.startsWith('node:')) found.push({ importer: file, module: entry.path });
    }
  }
  return found;
}

/**
 * The output files of one entry point: the entry, those it imports statically (loaded with it),
 * and those it imports dynamically (loaded when that code first runs), each with its size and the
 * modules bundled into it.
 */
export function entryFiles(result, entryFile) {
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find(
    (name) =>
      outputs[name].entryPoint !== undefined && resolve(outputs[name].entryPoint) === resolve(entryFile),
  );
  if (entry === undefined) throw new Error(`no output for ${entryFile}`);
  const contents = new Map(result.outputFiles?.map((file) => [file.path, file.contents]) ?? []);
  const files = new Map();
  const visit = (name, loaded) => {
    const known = files.get(name);
    // A chunk reached both ways loads at start.
    if (known && (known.loaded === 'at start' || loaded === 'on demand')) return;
    const bytes = contents.get(resolve(process.cwd(), name));
    const inputs = Object.keys(outputs[name].inputs);
    files.set(name, { file: name, loaded, bytes: outputs[name].bytes, gzipBytes: gzipSize(bytes), inputs });
    for (const next of outputs[name].imports) {
      if (!next.external) visit(next.path, next.kind === 'dynamic-import' ? 'on demand' : loaded);
    }
  };
  visit(entry, 'at start');
  return [...files.values()];
}

/** Bytes after gzip at its highest level, as a server would send them. */
export function gzipSize(bytes) {
  return bytes === undefined ? undefined : gzipSync(bytes, { level: 9 }).length;
}
