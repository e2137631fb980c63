import { createRequire } from 'node:module';

// ../package.json from both src/ (tests) and dist/.
const pkg = createRequire(import.meta.url)('../package.json') as { name: string; version: string };

/** The tool's name and version, as written in every report. */
export const TOOL: { readonly name: string; readonly version: string } = Object.freeze({
  name: pkg.name,
  version: pkg.version,
});
