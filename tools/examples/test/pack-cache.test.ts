// The pack cache: the same contents give the same key and one packing; a changed file a package
// publishes gives another key; a file it does not publish leaves the key as it was.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedPacks, packKey } from '../src/pack-cache.js';

const root = mkdtempSync(join(tmpdir(), 'pack-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const pkg = join(root, 'packages', 'one');
mkdirSync(join(pkg, 'dist'), { recursive: true });
writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'one', files: ['dist'] }));
writeFileSync(join(pkg, 'dist', 'index.js'), 'export const a = 1;\n');
writeFileSync(join(pkg, 'notes.txt'), 'not published');

const key = () => packKey(root, [pkg]);

describe('packKey', () => {
  const cases: { given: string; edit: () => void; want: 'same' | 'changed' }[] = [
    { given: 'nothing changed', edit: () => {}, want: 'same' },
    {
      given: 'a file outside `files` changed',
      edit: () => writeFileSync(join(pkg, 'notes.txt'), 'edited'),
      want: 'same',
    },
    {
      given: 'a published file changed',
      edit: () => writeFileSync(join(pkg, 'dist', 'index.js'), 'export const a = 2;\n'),
      want: 'changed',
    },
    {
      given: 'a published file added',
      edit: () => writeFileSync(join(pkg, 'dist', 'extra.js'), ''),
      want: 'changed',
    },
    {
      given: 'the manifest changed',
      edit: () =>
        writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'one', files: ['dist'], v: 1 })),
      want: 'changed',
    },
  ];
  it.each(cases)('$given: $want', ({ edit, want }) => {
    const before = key();
    edit();
    expect(key() === before ? 'same' : 'changed').toBe(want);
  });
});

describe('cachedPacks', () => {
  it('packs once per key, and anew (dropping the old) for another', () => {
    const cache = join(root, 'cache');
    const packed: string[] = [];
    const pack = (into: string) => {
      packed.push(into);
      mkdirSync(into, { recursive: true });
      writeFileSync(join(into, 'one-1.0.0.tgz'), 'tarball');
      return [join(into, 'one-1.0.0.tgz')];
    };
    const first = cachedPacks(cache, 'k1', pack);
    expect(cachedPacks(cache, 'k1', pack)).toEqual(first);
    expect(packed).toHaveLength(1);
    expect(first).toEqual([join(cache, 'k1', 'one-1.0.0.tgz')]);
    const second = cachedPacks(cache, 'k2', pack);
    expect(packed).toHaveLength(2);
    expect(second).toEqual([join(cache, 'k2', 'one-1.0.0.tgz')]);
    expect(cachedPacks(cache, 'k1', pack)).toEqual(first);
    expect(packed).toHaveLength(3);
  });
});
