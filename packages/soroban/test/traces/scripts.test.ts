import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { readTrace } from './read-trace.js';
import { checkScript } from './script-check.js';
import { ALL_SCRIPTS } from './scripts/index.js';

describe('drive scripts', () => {
  it('include every script module', async () => {
    const dir = new URL('./scripts/', import.meta.url);
    const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'build.ts' && f !== 'index.ts');
    const listed = new Set(ALL_SCRIPTS.map((s) => s.trace));
    for (const file of modules) {
      const exports = Object.values(await import(new URL(file.replace(/\.ts$/, '.js'), dir).href));
      const scripts = exports.filter(Array.isArray).flat() as { trace: string }[];
      expect(scripts.length, file).toBeGreaterThan(0);
      for (const script of scripts) expect(listed.has(script.trace), `${file}: ${script.trace}`).toBe(true);
    }
  });

  it('name each trace once', () => {
    const names = ALL_SCRIPTS.map((s) => s.trace);
    expect(new Set(names).size).toBe(names.length);
  });

  describe.skipIf(!sorobanData)(
    `match their traces' top-level calls (${sorobanData ? 'observations-23' : NO_SOROBAN_DATA})`,
    () => {
      it.each(ALL_SCRIPTS.map((s) => [s.trace, s] as const))('%s', (_, script) => {
        const json = readFileSync(join(sorobanData ?? '', 'observations-23', script.trace), 'utf8');
        expect(checkScript(script, readTrace(script.trace, json), readSoroban)).toEqual([]);
      });
    },
  );
});
