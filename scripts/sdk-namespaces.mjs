// esbuild plugins for a split bundle, so that the start chunk holds the SDK's XDR types the
// command uses at start rather than all ~450 of them. esbuild gives a file to the chunks of every
// entry that reaches it through imports, used or not; and a module object to the chunk of the file
// that declares it.
// - The SDK's xdr/index.js defines Int64, Uint64, Int32, Uint32 and re-exports every type. Its own
//   definitions become a module of their own (`sdk-xdr-own:`), which the SDK's files that import
//   those names (Keypair and the like) import instead: they no longer reach every type.
// - `import * as ns from 'sdk-namespace:<specifier or file>'` (SDK_NAMESPACE) is a module that
//   re-exports everything of that SDK index, and each namespace the index re-exports (base's `xdr`)
//   the same way: its module object lives in the chunk of the code that uses it whole (ledger-api's
//   REST face), not with the index in the start chunk.
// The SDK's modules and code are the same; only the files an import goes through change.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { originsOf, SDK_NAMESPACE } from './sdk-base-imports.mjs';

const NAMESPACE_FILTER = new RegExp(`^${SDK_NAMESPACE}`);
const XDR_OWN = 'sdk-xdr-own:';
const XDR_INDEX = /[\\/]@stellar[\\/]stellar-sdk[\\/]lib[\\/]esm[\\/]xdr[\\/]index\.js$/;
const SDK_ESM_FILE = /[\\/]@stellar[\\/]stellar-sdk[\\/]lib[\\/]esm[\\/].*\.js$/;
/** `export { A, AB } from './generated/a.js';` in xdr/index.js. */
const GENERATED_RE_EXPORT = /^export \{[^}]*\} from '\.\/generated\/[^']+';$/gm;
/** `import { Int64 } from '../xdr/index.js';` or `import '../../xdr/index.js';` in an SDK file. */
const XDR_INDEX_IMPORT = /^import (?:\{([^}]*)\} from )?'((?:\.\.\/)+xdr\/index\.js)';$/gm;

/** @param {import('esbuild').PluginBuild} bundle */
export function sdkNamespaces(bundle) {
  bundle.onResolve({ filter: NAMESPACE_FILTER }, async (args) => {
    const target = args.path.slice(SDK_NAMESPACE.length);
    const resolved = await bundle.resolve(target, { resolveDir: args.resolveDir, kind: 'import-statement' });
    if (resolved.errors.length > 0) return { errors: resolved.errors };
    return { path: resolved.path, namespace: 'sdk-namespace' };
  });
  bundle.onLoad({ filter: /.*/, namespace: 'sdk-namespace' }, (args) => {
    const lines = [`export * from ${JSON.stringify(args.path)};`];
    for (const [name, origin] of originsOf(args.path))
      if (origin.namespace)
        lines.push(`export * as ${name} from ${JSON.stringify(SDK_NAMESPACE + origin.file)};`);
    return { contents: lines.join('\n'), loader: 'js', resolveDir: dirname(args.path) };
  });

  bundle.onResolve({ filter: new RegExp(`^${XDR_OWN}`) }, (args) => ({
    path: args.path.slice(XDR_OWN.length),
    namespace: 'sdk-xdr-own',
  }));
  bundle.onLoad({ filter: /.*/, namespace: 'sdk-xdr-own' }, (args) => ({
    contents: readFileSync(args.path, 'utf8').replace(GENERATED_RE_EXPORT, ''),
    loader: 'js',
    resolveDir: dirname(args.path),
  }));
  bundle.onLoad({ filter: SDK_ESM_FILE }, (args) => {
    const source = readFileSync(args.path, 'utf8');
    if (XDR_INDEX.test(args.path)) {
      const reExports = source.match(GENERATED_RE_EXPORT) ?? [];
      const own = `export * from ${JSON.stringify(XDR_OWN + args.path)};`;
      return { contents: [own, ...reExports].join('\n'), loader: 'js' };
    }
    if (!source.includes('xdr/index.js')) return undefined;
    const contents = source.replace(XDR_INDEX_IMPORT, (whole, names, from) => {
      const index = resolve(dirname(args.path), from);
      const reExported = originsOf(index);
      const ownOnly = (names ?? '')
        .split(',')
        .every((spec) => !reExported.has(spec.trim().split(/\s+as\s+/)[0]));
      return ownOnly ? whole.replace(from, XDR_OWN + index) : whole;
    });
    return { contents, loader: 'js' };
  });
}
