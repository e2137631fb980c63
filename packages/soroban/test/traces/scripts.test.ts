import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { readTrace } from './read-trace.js';
import { checkScript } from './script-check.js';
import { ALL_SCRIPTS } from './scripts/index.js';

describe('drive scripts', () => {
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
