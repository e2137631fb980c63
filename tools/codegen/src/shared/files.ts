import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A generated file in memory, at its absolute path. */
export interface GeneratedFile {
  path: string;
  contents: string;
}

/** Finds the repository root (the folder with pnpm-workspace.yaml) so headers name the spec stably. */
export async function findRoot(from: string): Promise<string> {
  let dir = from;
  for (;;) {
    try {
      await readFile(join(dir, 'pnpm-workspace.yaml'));
      return dir;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return from;
      dir = parent;
    }
  }
}

/** A path relative to the repository root, with forward slashes on every platform. */
export const slashed = (path: string) => path.split('\\').join('/');

/** Writes the files, removing stale files from the output folder. */
export async function writeFiles(files: GeneratedFile[]): Promise<void> {
  const folders = new Set(files.map((f) => dirname(f.path)));
  for (const folder of folders) {
    await mkdir(folder, { recursive: true });
    const keep = new Set(files.filter((f) => dirname(f.path) === folder).map((f) => f.path));
    for (const entry of await readdir(folder)) {
      if (!keep.has(join(folder, entry))) await rm(join(folder, entry), { recursive: true });
    }
  }
  await Promise.all(files.map((f) => writeFile(f.path, f.contents)));
}

/** Lists the files whose contents on disk differ from what the contract generates (`--check`). */
export async function staleFiles(files: GeneratedFile[]): Promise<string[]> {
  const stale: string[] = [];
  for (const file of files) {
    const current = await readFile(file.path, 'utf8').catch(() => undefined);
    if (current !== file.contents) stale.push(file.path);
  }
  return stale;
}
