// The TypeScript releases a user's project is checked with: the last 5.x and the newest on npm
// (7.x, the native compiler: its `typescript` package's `tsc` runs a prebuilt binary that npm
// installs from an optional dependency). Both install side by side in the fresh project, the
// newest under an alias.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export interface TypeScriptRelease {
  version: string;
  /** The name it is installed under in the project. */
  alias: string;
}

// The newest `typescript` on npm when this was written (`npm view typescript version`).
export const NEWEST_TYPESCRIPT: TypeScriptRelease = { version: '7.0.2', alias: 'typescript-newest' };

/** The first emits (the runnable examples run its output); the others only check. */
export const TYPESCRIPTS: readonly TypeScriptRelease[] = [
  { version: '5.9.3', alias: 'typescript' },
  NEWEST_TYPESCRIPT,
];

/** The project's devDependencies that install every release. */
export function typescriptDependencies(): Record<string, string> {
  return Object.fromEntries(
    TYPESCRIPTS.map(({ version, alias }) => [
      alias,
      alias === 'typescript' ? version : `npm:typescript@${version}`,
    ]),
  );
}

/** Runs the release's `tsc` in the project; returns what it printed (its diagnostics, or the files listed). */
export function runTsc(project: string, release: TypeScriptRelease, args: string[]): string {
  try {
    return execFileSync(
      process.execPath,
      [join(project, 'node_modules', release.alias, 'bin', 'tsc'), ...args],
      {
        cwd: project,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw error;
    return `${stdout}${stderr ?? ''}`;
  }
}

/** tsc's error lines grouped by the file they are in, its path as tsc printed it (relative to the project). */
export function diagnosticsByFile(output: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const file = /^([^(\s]+\.[cm]?tsx?)\(\d+,\d+\): error /.exec(line)?.[1];
    if (file) found.set(file, [...(found.get(file) ?? []), line]);
  }
  return found;
}
