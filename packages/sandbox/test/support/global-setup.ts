// The CLI tests start dist/cli.js as a process: build dist/ first when it is missing or older than src/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
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
  const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building dist/ for the CLI tests failed');
}
