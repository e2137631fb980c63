// Each published package's entries, as its `exports` has them, and a user file per check that
// imports them: the browser entries (`/client`, `/validate`) all at once, with no Node types at
// all; each package's Node entries on their own, to find which need `@types/node`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publishedPackages } from '../../../scripts/published.mjs';

export interface PackageEntries {
  name: string;
  /** The package's README. */
  readme: string;
  browser: string[];
  node: string[];
}

const BROWSER_SUBPATH = /^\.\/(client|validate)$/;

/** The entries with declarations of every published package (not `./package.json`, not patterns). */
export function packageEntries(root: string): PackageEntries[] {
  return publishedPackages(root).map(({ name, dir }) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const subpaths = Object.entries(manifest.exports ?? {})
      .filter(([subpath, target]) => !subpath.includes('*') && typeof target === 'object' && target !== null)
      .filter(([, target]) => 'types' in (target as object))
      .map(([subpath]) => subpath);
    const specifier = (subpath: string) => (subpath === '.' ? name : `${name}/${subpath.slice(2)}`);
    return {
      name,
      readme: join(dir, 'README.md'),
      browser: subpaths.filter((s) => BROWSER_SUBPATH.test(s)).map(specifier),
      node: subpaths.filter((s) => !BROWSER_SUBPATH.test(s)).map(specifier),
    };
  });
}

/**
 * Writes `checks/<name>.ts` importing the entries, and `tsconfig.<name>.json` that checks it
 * strictly with no `@types` package (`types: []`) and the browser's library, declarations
 * included. Returns the tsconfig's file name.
 */
export function writeEntriesCheck(project: string, name: string, specifiers: string[]): string {
  const imports = specifiers.map((specifier, i) => `import * as entry${i} from '${specifier}';`);
  const uses = specifiers.map((_, i) => `entry${i}`).join(', ');
  writeFileSync(join(project, 'checks', `${name}.ts`), `${imports.join('\n')}\n\nconsole.log(${uses});\n`);
  const tsconfig = `tsconfig.${name}.json`;
  writeFileSync(
    join(project, tsconfig),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: [`checks/${name}.ts`],
    }),
  );
  return tsconfig;
}
