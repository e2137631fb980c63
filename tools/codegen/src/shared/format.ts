import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';

const require = createRequire(import.meta.url);
const biome = require.resolve('@biomejs/biome/bin/biome');

/**
 * The repository's formatting (biome.json), given on the command line: the output does not depend
 * on any configuration found around the folder the codegen runs in.
 */
const OPTIONS = [
  '--indent-style=space',
  '--indent-width=2',
  '--line-width=110',
  '--line-ending=lf',
  '--javascript-formatter-quote-style=single',
  '--semicolons=always',
  // A large contract makes large types and documents; Biome skips files over 1 MiB by default.
  '--files-max-size=268435456',
];

/** TypeScript source laid out by Biome's formatter, as `biome format` lays out hand-written code. */
export function formatTypeScript(name: string, source: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Run outside the repository so no biome.json, .editorconfig or ignore file applies.
    const child = spawn(process.execPath, [biome, 'format', `--stdin-file-path=${name}`, ...OPTIONS], {
      cwd: tmpdir(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`formatting ${name} failed: ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.end(source);
  });
}
