#!/usr/bin/env node
// `node ../../scripts/bundle-cli.mjs dist/cli.js [--split]`, after tsc: rewrites a package's command
// entry as one file with the code it imports. Node spends most of a command's start resolving and
// compiling ES modules one file at a time (the Stellar SDK alone is about 500 files); one file
// starts several times faster. The package's library entry (dist/index.js) stays unbundled.
// `--split` puts what the entry loads with `import()` (and only reaches that way) in chunk files
// beside it, in dist/chunks/: the entry file then holds what the command needs to start, and Node
// reads and compiles the rest on first use.
import { readFileSync, rmSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { build } from 'esbuild';
import { SDK_NAMESPACE, sdkBaseImports } from './sdk-base-imports.mjs';
import { sdkNamespaces } from './sdk-namespaces.mjs';

// Native or optional at run time: loaded from the package's node_modules as before.
const EXTERNAL = ['libsql', 'pg', 'pg-copy-streams', '@stellar/stellar-xdr-json'];

// `createRequire(import.meta.url)('../package.json')` reads a file next to the module that says
// it; inside the bundle that module's place is gone, so the file is read now and inlined.
const RELATIVE_JSON = /createRequire\(import\.meta\.url\)\((['"])(\.{1,2}\/[^'"]+\.json)\1\)/g;

// @starspec/ledger-api loads the SDK on first use by resolving it at run time (src/stellar-sdk.ts),
// which in a bundle would load a second copy beside the bundled one: here it is the bundled one.
const LAZY_SDK = /[\\/]ledger-api[\\/]dist[\\/]stellar-sdk\.js$/;
const BUNDLED_SDK = `import * as base from '${SDK_NAMESPACE}@stellar/stellar-sdk/base';
import * as xdr from '${SDK_NAMESPACE}@stellar/stellar-sdk/xdr';
export const stellarBase = () => base;
export const stellarXdr = () => xdr;
`;

/** Where a module resolves something next to itself at run time, which a bundle moves. */
const LEFT_RELATIVE = /import\.meta\.resolve\(|createRequire\(import\.meta\.url\)\(['"]\./;

/** `directSdkImports`: with --split, the SDK's base is imported file by file (sdk-base-imports.mjs). */
const inlineModuleFiles = (directSdkImports) => ({
  name: 'inline-module-files',
  setup(bundle) {
    const resolveFrom = async (specifier, resolveDir) =>
      (await bundle.resolve(specifier, { resolveDir, kind: 'import-statement' })).path;
    const rewriteSdkImports = directSdkImports ? sdkBaseImports() : undefined;
    sdkNamespaces(bundle);
    bundle.onLoad({ filter: /\.js$/ }, async (args) => {
      if (LAZY_SDK.test(args.path)) return { contents: BUNDLED_SDK, loader: 'js' };
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const inlined = source.replace(RELATIVE_JSON, (_, _quote, file) =>
        readFileSync(resolve(dirname(args.path), file), 'utf8').trim(),
      );
      if (LEFT_RELATIVE.test(inlined))
        throw new Error(`${args.path} resolves a path next to itself at run time; a bundle moves it`);
      const contents = rewriteSdkImports ? await rewriteSdkImports(inlined, args.path, resolveFrom) : inlined;
      return { contents, loader: 'js' };
    });
  },
});

const args = process.argv.slice(2);
const split = args.includes('--split');
const [entry] = args.filter((arg) => arg !== '--split');
if (!entry) {
  console.error('usage: node scripts/bundle-cli.mjs dist/<entry>.js [--split]');
  process.exit(2);
}
/** The output options: one file in place of the entry, or the entry and its chunks beside it. */
const output = split
  ? {
      entryPoints: { [basename(entry, '.js')]: entry },
      outdir: dirname(entry),
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
    }
  : { entryPoints: [entry], outfile: entry };
await build({
  ...output,
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL,
  plugins: [inlineModuleFiles(split)],
  legalComments: 'inline',
  // CommonJS dependencies (yaml, …) require Node's built-in modules, which an ES module has no
  // `require` for.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module';\nconst require = bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// tsc's map described the file before bundling.
rmSync(`${entry}.map`, { force: true });
