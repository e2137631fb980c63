// A contract kept in parts loads as one document: references to other files are inlined,
// references inside the root are kept, and a part the root names under `components` is referred to
// by that name.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineFileRefs } from '../src/index.js';

/** Writes `files` into a fresh folder; returns its path. */
function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-refs-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

describe('inlineFileRefs', () => {
  it.each([
    [
      'a whole file, in an array',
      {
        given: { 'parts/m.json': { name: 'm' } },
        root: { methods: [{ $ref: './parts/m.json' }] },
        want: { methods: [{ name: 'm' }] },
      },
    ],
    [
      'a JSON pointer into a file; a part that the root names is referred to by that name',
      {
        given: { 'parts/s.json': { A: { $ref: '#/B' }, B: { type: 'string' } } },
        root: {
          components: { schemas: { A: { $ref: './parts/s.json#/A' }, B: { $ref: './parts/s.json#/B' } } },
        },
        want: { components: { schemas: { A: { $ref: '#/components/schemas/B' }, B: { type: 'string' } } } },
      },
    ],
    [
      "a named part from another part, with the reference's siblings kept, and a recursive one",
      {
        given: {
          'schemas/s.json': { Tree: { items: { $ref: '#/Tree' } } },
          'methods/m.json': { schema: { $ref: '../schemas/s.json#/Tree', description: 'd' } },
        },
        root: {
          methods: [{ $ref: './methods/m.json' }],
          components: { schemas: { Tree: { $ref: './schemas/s.json#/Tree' } } },
        },
        want: {
          methods: [{ schema: { $ref: '#/components/schemas/Tree', description: 'd' } }],
          components: { schemas: { Tree: { items: { $ref: '#/components/schemas/Tree' } } } },
        },
      },
    ],
    [
      "a part's own unnamed definition, inlined",
      {
        given: { 'p.json': { A: { x: { $ref: '#/B' } }, B: { type: 'integer' } } },
        root: { a: { $ref: './p.json#/A' }, own: { $ref: '#/a' } },
        want: { a: { x: { type: 'integer' } }, own: { $ref: '#/a' } },
      },
    ],
    [
      'a reference inside a part, relative to that part, in YAML',
      {
        given: {
          'a/one.json': { next: { $ref: '../b/two.yaml#/x~1y' } },
          'b/two.yaml': 'x/y:\n  deep: true\n',
        },
        root: { $ref: './a/one.json' },
        want: { next: { deep: true } },
      },
    ],
  ])('inlines %s', async (_name, { given, root, want }) => {
    const dir = folder(given);
    expect(await inlineFileRefs(root, join(dir, 'root.json'))).toEqual(want);
  });

  it.each([
    [
      'a missing pointer',
      { 'p.json': { A: 1 } },
      { $ref: './p.json#/B' },
      /\.\/p\.json#\/B: nothing at that pointer/,
    ],
    ['a missing file', {}, { $ref: './none.json' }, /ENOENT/],
    [
      'members beside $ref',
      { 'p.json': {} },
      { $ref: './p.json', description: 'x' },
      /has members beside \$ref/,
    ],
    [
      'a circle',
      { 'p.json': { $ref: './q.json' }, 'q.json': { $ref: './p.json' } },
      { $ref: './p.json' },
      /circular reference/,
    ],
  ])('refuses %s', async (_name, files, root, want) => {
    const dir = folder(files);
    await expect(inlineFileRefs(root, join(dir, 'root.json'))).rejects.toThrow(want);
  });
});
