// The CLI tests start dist/cli.js as a process: build dist/ first when it is missing or older than
// src/, with the package's build script (the bundle and its chunks, which some tests read).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function newestSource(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    return Math.max(latest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }, 0);
}

export default function setup(): void {
  const cli = join(root, 'dist', 'cli.js');
  if (existsSync(cli) && statSync(cli).mtimeMs >= newestSource(join(root, 'src'))) return;
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const built = spawnSync(scripts.build, {
    cwd: root,
    shell: true,
    stdio: 'inherit',
    // The package's own binaries (tsc), as `npm run build` finds them.
    env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` },
  });
  if (built.status !== 0) throw new Error('building dist/ for the CLI tests failed');
}
