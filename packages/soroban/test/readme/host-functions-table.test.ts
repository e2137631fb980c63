/**
 * README.md's host-function tables are what scripts/host-functions-table.mjs writes from the
 * interface table and the registered modules today: a new function, a newly implemented one or a
 * hand edit makes this fail until `npm run generate:readme` is run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  END_MARKER,
  renderHostFunctionTables,
  START_MARKER,
  withHostFunctionTables,
} from '../../scripts/host-functions-table.mjs';
import { HOST_MODULES } from '../../src/host/functions/index.js';
import { HOST_FUNCTIONS, type HostFunction, type ModuleName } from '../../src/interface/index.js';

const README = new URL('../../README.md', import.meta.url);
const implementedHere = (module: string, name: string) => Boolean(HOST_MODULES[module as ModuleName]?.[name]);

describe('the README host-function tables', () => {
  it('are what the script writes from src/interface and src/host/functions/index.ts now', () => {
    const readme = readFileSync(README, 'utf8');
    const current = withHostFunctionTables(readme, renderHostFunctionTables(HOST_FUNCTIONS, implementedHere));
    expect(current, 'README.md is out of date: run `npm run generate:readme`').toBe(readme);
  });

  it('list every host function once', () => {
    const readme = readFileSync(README, 'utf8');
    const section = readme.slice(readme.indexOf(START_MARKER), readme.indexOf(END_MARKER));
    for (const fn of HOST_FUNCTIONS) expect(section.split(`| \`${fn.name}\` `).length - 1, fn.name).toBe(1);
  });
});

describe('rendering', () => {
  const fn = (name: string, range: Partial<HostFunction> = {}): HostFunction => ({
    module: 'prng',
    moduleLetter: 'p',
    export: '_',
    name,
    args: [{ name: 'seed', type: 'BytesObject' }],
    returns: 'Void',
    ...range,
  });

  it.each([
    { name: 'every protocol', range: {}, want: '| all ' },
    { name: 'from a protocol on', range: { minProtocol: 21 }, want: '| 21 on ' },
    { name: 'one protocol', range: { minProtocol: 19, maxProtocol: 19 }, want: '| 19 only ' },
    { name: 'between two', range: { minProtocol: 20, maxProtocol: 22 }, want: '| 20 to 22 ' },
    { name: 'up to a protocol', range: { maxProtocol: 22 }, want: '| up to 22 ' },
  ])('writes a range of $name as "$want"', ({ range, want }) => {
    expect(renderHostFunctionTables([fn('f', range)], () => true)).toContain(want);
  });

  it('marks what is not implemented and counts what is', () => {
    const text = renderHostFunctionTables([fn('done'), fn('missing')], (_, name) => name === 'done');
    expect(text).toContain('### `prng` (1 of 2 implemented)');
    expect(text).toMatch(
      /\| `missing` +\| `p\._` +\| `\(seed: BytesObject\) -> Void` +\| all +\| not yet \|/,
    );
  });

  it('replaces only the text between the markers, and gives the same README when run again', () => {
    const readme = `# title\n\n${START_MARKER}\nold\n${END_MARKER}\n\nafter\n`;
    const once = withHostFunctionTables(readme, 'TABLES\n');
    expect(once).toBe(`# title\n\n${START_MARKER}\n\nTABLES\n\n${END_MARKER}\n\nafter\n`);
    expect(withHostFunctionTables(once, 'TABLES\n')).toBe(once);
  });

  it('refuses a README without the markers', () => {
    expect(() => withHostFunctionTables('# no tables here\n', 'x')).toThrow('host-functions:start');
  });
});
