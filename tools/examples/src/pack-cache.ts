// The packed tarballs, kept by the contents they are packed from: a second run over the same build
// (CI's Node 24 pass) installs the very same tarballs without packing them again, and any change to
// what a package would publish packs them all anew.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The files `npm pack` reads from a package folder: its manifest, README and every `files` entry. */
function packedFiles(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { files?: string[] };
  const found: string[] = [join(dir, 'package.json')];
  if (existsSync(join(dir, 'README.md'))) found.push(join(dir, 'README.md'));
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) for (const name of readdirSync(path).sort()) walk(join(path, name));
    else found.push(path);
  };
  for (const entry of manifest.files ?? []) walk(join(dir, entry));
  return found;
}

/** A digest of every file the packages' tarballs are made of, and of `extra` files (the license, the packer). */
export function packKey(root: string, dirs: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const file of [...dirs.flatMap(packedFiles), ...extra]) {
    hash.update(relative(root, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 32);
}

const COMPLETE = '.complete';

/**
 * The tarballs for `key` under `cacheDir`: those packed before when they are there whole, else
 * `pack(into)`'s, kept (in a folder renamed into place once complete) in place of older ones.
 */
export function cachedPacks(cacheDir: string, key: string, pack: (into: string) => string[]): string[] {
  const kept = join(cacheDir, key);
  if (!existsSync(join(kept, COMPLETE))) {
    rmSync(cacheDir, { recursive: true, force: true });
    const partial = `${kept}.${process.pid}.partial`;
    pack(partial);
    writeFileSync(join(partial, COMPLETE), '');
    renameSync(partial, kept);
  }
  return readdirSync(kept)
    .filter((file) => file.endsWith('.tgz'))
    .sort()
    .map((file) => join(kept, file));
}
