// What npm users get in each tarball: a README, the license, where the code lives, ranges they can
// deduplicate, no source maps pointing at sources the tarball leaves out, and nothing stale.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { root } from './global-setup.js';

interface Manifest {
  name: string;
  license?: string;
  repository?: { url?: string; directory?: string };
  homepage?: string;
  files?: string[];
  exports?: Record<string, unknown>;
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
}

/** A chunk of a command's split bundle (scripts/bundle-cli.mjs --split). */
const CHUNK = /^dist\/chunks\/[^/]+\.js$/;
/**
 * The files of its own package a bundled module imports: its import statements (a line of its
 * own, or the last line of one, as esbuild writes them) and its `import()` calls.
 */
const LOCAL_IMPORT =
  /^(?:import|export|\})[^\n]*?\bfrom\s*"(\.\.?\/[^"]+)";?$|^import\s*"(\.\.?\/[^"]+)";?$|\bimport\("(\.\.?\/[^"]+)"\)/gm;

/** Each tarball unpacked: its manifest and its file list. */
const unpacked = inject('tarballs').map((tarball) => {
  const dir = mkdtempSync(join(tmpdir(), `${basename(tarball, '.tgz')}-`));
  execFileSync('tar', ['xzf', tarball, '-C', dir]);
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '')
    .map((f) => f.replace(/^package\//, ''));
  const manifest = JSON.parse(readFileSync(join(dir, 'package', 'package.json'), 'utf8')) as Manifest;
  return { tarball, dir: join(dir, 'package'), files, manifest };
});

describe.each(unpacked.map((u) => [u.manifest.name, u] as const))('%s', (_name, { dir, files, manifest }) => {
  it('has a README and the license', () => {
    expect(files).toContain('README.md');
    expect(readFileSync(join(dir, 'README.md'), 'utf8').length).toBeGreaterThan(500);
    expect(files).toContain('LICENSE');
    expect(manifest.license).toBe('Apache-2.0');
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toContain('Apache License');
  });

  it('says where its code and its page are', () => {
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\//);
    expect(manifest.repository?.directory).toMatch(/^packages\//);
    expect(manifest.homepage).toMatch(/^https:\/\//);
  });

  it('depends on ranges (no exact pins, no workspace: protocol)', () => {
    for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
      expect(range, dep).not.toMatch(/^workspace:/);
      expect(range, dep).toMatch(/^\^/);
    }
  });

  it('ships no source map whose sources are missing', () => {
    for (const map of files.filter((f) => f.endsWith('.map'))) {
      const { sources } = JSON.parse(readFileSync(join(dir, map), 'utf8')) as { sources: string[] };
      for (const source of sources)
        expect(existsSync(join(dir, map, '..', source)), `${map} -> ${source}`).toBe(true);
    }
  });

  // A bin outside dist/ exists before the first build (pnpm links it on install without a warning);
  // one bundled file starts several times faster than the ES modules it is made of. A split bundle
  // (bundle-cli --split) adds the chunks it loads on first use, in dist/chunks/, and nothing else.
  it('runs each command from bin/, a shim that loads one bundle', () => {
    for (const [command, target] of Object.entries(manifest.bin ?? {})) {
      expect(target, command).toMatch(/^\.\/bin\/[^/]+\.js$/);
      expect(files, command).toContain(target.slice(2));
      const shim = readFileSync(join(dir, target), 'utf8');
      const entry = /await import\('\.\.\/(dist\/[^']+\.js)'\)/.exec(shim)?.[1];
      expect(entry, `${target} loads dist/`).toBeDefined();
      const bundle = [entry ?? '', ...files.filter((f) => CHUNK.test(f))];
      for (const file of bundle) {
        const local = [...readFileSync(join(dir, file), 'utf8').matchAll(LOCAL_IMPORT)].map((m) =>
          join(file, '..', m[1] ?? m[2] ?? m[3] ?? ''),
        );
        for (const imported of local) {
          expect(imported, `${file} imports only the bundle's chunks`).toMatch(CHUNK);
          expect(files, `${file} imports a chunk the tarball has`).toContain(imported);
        }
      }
    }
  });

  it('ships no compiled file without its source (nothing stale in dist/)', () => {
    const sources = join(root, manifest.repository?.directory ?? '', 'src');
    // A bundle's chunks come from many sources (checked with the bins above).
    const compiled = files.filter((f) => /^dist\/.*\.js$/.test(f) && !CHUNK.test(f));
    expect(compiled.length).toBeGreaterThan(0);
    for (const file of compiled) {
      const stem = join(sources, file.replace(/^dist\//, '').replace(/\.js$/, ''));
      const found = ['.ts', '.mts', '.js', '.mjs'].some((ext) => existsSync(stem + ext));
      expect(found, `${file} has no source in ${sources}`).toBe(true);
    }
  });
});

it('exports @starspec/specs/package.json', () => {
  const specs = unpacked.find((u) => u.manifest.name === '@starspec/specs');
  expect(specs?.manifest.exports?.['./package.json']).toBe('./package.json');
});
