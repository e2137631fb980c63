// For a split bundle (bundle-cli.mjs --split): `import { Keypair, xdr } from '@stellar/stellar-sdk/base'`
// in the command's own code is rewritten to import each name from the SDK file that defines it
// (base/index.js only re-exports them). esbuild puts a file in the chunks of every entry that
// reaches it through imports, used or not: through the index, the entry would reach the whole
// of base (TransactionBuilder, Operation, bignumber.js, …), which the lazy chunks use, and load it
// at start. The modules are the same ones either way, so nothing else changes.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SDK_BASE = '@stellar/stellar-sdk/base';
/** `import { a, b as c } from '@stellar/stellar-sdk/base';` as tsc writes it (names only, no `* as`). */
const BASE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]@stellar\/stellar-sdk\/base['"];?/g;
/** `export { A, B } from './file.js';` in the SDK's base/index.js. */
const RE_EXPORT = /^export\s*\{([^}]*)\}\s*from\s*'([^']+)';$/gm;
/** `import * as index from '../xdr/index.js'; export { index as xdr };` */
const NAMESPACE = /^import \* as (\w+) from '([^']+)';$/gm;

/** Where each name of base/index.js comes from: `{ file, name }`, or `{ file, namespace: true }`. */
function originsOf(indexFile) {
  const text = readFileSync(indexFile, 'utf8');
  const origins = new Map();
  for (const [, names, from] of text.matchAll(RE_EXPORT)) {
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

/** The import declarations of `names` (`a, b as c`) from their files, or undefined if one is unknown. */
function directImports(names, origins) {
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
        ? `import * as ${local} from ${from};`
        : `import { ${origin.name} as ${local} } from ${from};`,
    );
  }
  return lines.join(' ');
}

/**
 * A function of (source, path, resolve) rewriting the source's named imports of the SDK's base;
 * `resolve(specifier, resolveDir)` is esbuild's (the SDK the importer would get).
 */
export function sdkBaseImports() {
  const byIndex = new Map();
  return async (source, path, resolveFrom) => {
    if (!source.includes(SDK_BASE)) return source;
    const indexFile = await resolveFrom(SDK_BASE, dirname(path));
    if (!byIndex.has(indexFile)) byIndex.set(indexFile, originsOf(indexFile));
    const origins = byIndex.get(indexFile);
    // A name the index does not re-export from a file of its own keeps the index import.
    return source.replace(BASE_IMPORT, (whole, names) => directImports(names, origins) ?? whole);
  };
}
