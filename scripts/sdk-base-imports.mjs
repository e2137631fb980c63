// For a split bundle (bundle-cli.mjs --split): `import { Keypair, xdr } from '@stellar/stellar-sdk/base'`
// in the command's own code is rewritten to import each name from the SDK file that defines it
// (base/index.js only re-exports them). esbuild puts a file in the chunks of every entry that
// reaches it through imports, used or not: through the index, the entry would reach the whole
// of base (TransactionBuilder, Operation, bignumber.js, …), which the lazy chunks use, and load it
// at start. The modules are the same ones either way, so nothing else changes.
// The `xdr` namespace goes the same way: a file that only reads `xdr.Name` gets an object of those
// names, each imported from the SDK file that defines it. Through xdr/index.js the entry would
// hold its namespace object, which a lazy chunk uses whole (ledger-api takes the SDK as a module
// object), and with it all of the SDK's ~450 XDR types, compiled and evaluated at start (the SDK's
// own files import Uint64 and the like from xdr/index.js, so the entry reaches it anyway). Code
// that uses the namespace whole gets it as SDK_NAMESPACE's module object, which lives in its chunk.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SDK_BASE = '@stellar/stellar-sdk/base';
/** `import { a, b as c } from '@stellar/stellar-sdk/base';` as tsc writes it (names only, no `* as`). */
const BASE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@stellar\/stellar-sdk\/base['"];?/g;
/** `export { A, B } from './file.js';` in the SDK's base/index.js. */
const RE_EXPORT = /^export\s*\{([^}]*)\}\s*from\s*'([^']+)';$/gm;
/** `import * as index from '../xdr/index.js'; export { index as xdr };` */
const NAMESPACE = /^import \* as (\w+) from '([^']+)';$/gm;

/**
 * `import * as ns from SDK_NAMESPACE + file`: the module object of an SDK index (sdk-namespaces.mjs),
 * whose members esbuild binds to the SDK files themselves, without the index's own module object.
 */
export const SDK_NAMESPACE = 'sdk-namespace:';

/** Where each name of base/index.js comes from: `{ file, name }`, or `{ file, namespace: true }`. */
export function originsOf(indexFile) {
  const text = readFileSync(indexFile, 'utf8');
  const origins = new Map();
  for (const [, names, from] of text.matchAll(RE_EXPORT)) {
    // A re-export from another package (js-xdr's XdrError) has no file here: its names stay unknown,
    // so code reading them keeps the index import.
    if (!from.startsWith('.')) continue;
    for (const spec of names
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [name, alias = name] = spec.split(/\s+as\s+/);
      origins.set(alias, { file: resolve(dirname(indexFile), from), name });
    }
  }
  for (const [, local, from] of text.matchAll(NAMESPACE)) {
    const exported = new RegExp(`^export \\{ ${local} as (\\w+) \\};$`, 'm').exec(text)?.[1];
    if (exported) origins.set(exported, { file: resolve(dirname(indexFile), from), namespace: true });
  }
  return origins;
}

/** Comments and quoted strings, where the namespace's name may be written without being used. */
const COMMENT_OR_STRING = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;

/** `local` written otherwise than `local.Name` or as an object key (`{ local: … }`). */
function usedWhole(local, code) {
  const bare = new RegExp(`(?<![.\\w$])${local}(?![\\w$])(?!\\s*[.:])`);
  const afterQuestionMark = new RegExp(`\\?\\s*${local}\\s*:`);
  return bare.test(code) || afterQuestionMark.test(code);
}

/**
 * `import * as local from namespaceFile` as the names the source reads (`local.Name`), each from
 * the file that defines it; undefined where the code uses the namespace otherwise (passes it on,
 * spreads or indexes it) or reads a name the namespace defines itself: that keeps the namespace.
 */
function namespaceMembers(local, namespaceFile, source) {
  const code = source.replace(BASE_IMPORT, '').replace(COMMENT_OR_STRING, '');
  if (usedWhole(local, code)) return undefined;
  const reads = (text) =>
    new Set([...text.matchAll(new RegExp(`(?<![.\\w$])${local}\\.(\\w+)`, 'g'))].map((m) => m[1]));
  const inCode = reads(code);
  const origins = originsOfNamespace(namespaceFile);
  const imports = [];
  const members = [];
  // Names written in comments or strings too: one read that the stripping would miss still loads.
  for (const name of reads(source)) {
    const origin = origins.get(name);
    if (!origin || origin.namespace) {
      if (inCode.has(name)) return undefined;
      continue;
    }
    imports.push(`import { ${origin.name} as ${local}$${name} } from ${JSON.stringify(origin.file)};`);
    members.push(`${name}: ${local}$${name}`);
  }
  return [...imports, `const ${local} = { ${members.join(', ')} };`].join(' ');
}

/** The import declarations of `names` (`a, b as c`) from their files, or undefined if one is unknown. */
function directImports(names, origins, source) {
  const lines = [];
  for (const spec of names
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, local = name] = spec.split(/\s+as\s+/);
    const origin = origins.get(name);
    if (!origin) return undefined;
    const from = JSON.stringify(origin.file);
    lines.push(
      origin.namespace
        ? (namespaceMembers(local, origin.file, source) ??
            `import * as ${local} from ${JSON.stringify(SDK_NAMESPACE + origin.file)};`)
        : `import { ${origin.name} as ${local} } from ${from};`,
    );
  }
  return lines.join(' ');
}

/**
 * A function of (source, path, resolve) rewriting the source's named imports of the SDK's base;
 * `resolve(specifier, resolveDir)` is esbuild's (the SDK the importer would get).
 */
const namespaces = new Map();
function originsOfNamespace(file) {
  if (!namespaces.has(file)) namespaces.set(file, originsOf(file));
  return namespaces.get(file);
}

export function sdkBaseImports() {
  const byIndex = new Map();
  return async (source, path, resolveFrom) => {
    if (!source.includes(SDK_BASE)) return source;
    const indexFile = await resolveFrom(SDK_BASE, dirname(path));
    if (!byIndex.has(indexFile)) byIndex.set(indexFile, originsOf(indexFile));
    const origins = byIndex.get(indexFile);
    // A name the index does not re-export from a file of its own keeps the index import.
    return source.replace(BASE_IMPORT, (whole, names) => directImports(names, origins, source) ?? whole);
  };
}
