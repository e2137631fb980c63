// `starspec-codegen dist`: the generated JavaScript joins the compiler's output, without maps.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finishDist } from '../src/shared/dist.js';

let root: string;
let from: string;
let to: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'codegen-dist-'));
  from = join(root, 'src', 'generated');
  to = join(root, 'dist', 'generated');
  await mkdir(from, { recursive: true });
  await mkdir(to, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('finishDist', () => {
  it('copies each generated module with its declarations and drops the maps of generated output', async () => {
    await writeFile(join(from, 'validators.js'), 'export const a = 1;\n');
    await writeFile(join(from, 'validators.d.ts'), 'export declare const a: number;\n');
    await writeFile(join(from, 'types.ts'), 'export type T = 1;\n');
    await writeFile(join(to, 'types.d.ts'), 'export type T = 1;\n//# sourceMappingURL=types.d.ts.map\n');
    await writeFile(join(to, 'types.d.ts.map'), '{}');
    await writeFile(join(to, 'types.js'), 'export {};\n//# sourceMappingURL=types.js.map');
    await writeFile(join(to, 'types.js.map'), '{}');

    expect(await finishDist({ from, to })).toEqual({
      copied: ['validators.js', 'validators.d.ts'],
      dropped: ['types.d.ts.map', 'types.js.map'],
    });
    expect((await readdir(to)).sort()).toEqual([
      'types.d.ts',
      'types.js',
      'validators.d.ts',
      'validators.js',
    ]);
    expect(await readFile(join(to, 'types.js'), 'utf8')).toBe('export {};\n');
    expect(await readFile(join(to, 'types.d.ts'), 'utf8')).toBe('export type T = 1;\n');
    expect(await readFile(join(to, 'validators.js'), 'utf8')).toBe('export const a = 1;\n');
  });

  it('refuses a generated module without declarations beside it', async () => {
    await writeFile(join(from, 'validators.js'), 'export const a = 1;\n');
    await expect(finishDist({ from, to })).rejects.toThrow('has no validators.d.ts beside it');
  });
});
