// The README's performance table is generated from bench-results.json: these tests check the
// rendering and that the committed README holds exactly what the committed results give. They
// compare text, never a duration.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  END_MARKER,
  findBlock,
  goalVerdict,
  renderReport,
  replaceBlock,
  START_MARKER,
} from '../src/report.mjs';

const root = new URL('../../../', import.meta.url);
const read = (name) => readFileSync(new URL(name, root), 'utf8');

const serverRow = {
  kind: 'server',
  id: 'server:starspec/bare',
  title: 'demo server, the 2 operations in turn',
  requests: 2,
  subject: { name: 'generated server', rps: 51234, p99Ms: 3.1, cpuUsPerRequest: 12.5 },
  baseline: { name: 'bare node:http', rps: 55012, p99Ms: 2.95, cpuUsPerRequest: 11.9 },
  ratio: 0.931,
  cpuRatio: 0.952,
  rounds: [0.91, 0.931, 0.95],
  goal: 0.9,
  loader: 'wrk 4.1.0, 2 threads, 16 connections',
};
const timeRow = {
  kind: 'time',
  id: 'start-up',
  title: 'validators ready',
  unit: 'ms',
  subject: { name: 'importing them', time: 25.1 },
  baseline: { name: 'compiling | with ajv', time: 880 },
  ratio: 0.029,
  rounds: 7,
};
const section = {
  command: 'node scripts/pnpm.mjs --filter demo bench',
  date: '2026-01-02',
  node: 'v20.20.2',
  machine: '2 × Demo CPU',
  rounds: 3,
  durationSeconds: 2,
  rows: [serverRow, timeRow],
};

describe('goalVerdict', () => {
  it.each([
    [{ ratio: 0.931, goal: 0.9 }, '≥ 0.9×: met'],
    [{ ratio: 0.9, goal: 0.9 }, '≥ 0.9×: met'],
    [{ ratio: 0.861, goal: 0.9 }, '≥ 0.9×: missed by 0.04'],
    [{ ratio: 0.97, goal: 1 }, '≥ 1×: missed by 0.03'],
    [{ ratio: 1.2 }, ''],
  ])('%j gives %j', (row, want) => {
    expect(goalVerdict(row)).toBe(want);
  });
});

describe('renderReport', () => {
  const block = renderReport({ demo: section });
  const lines = block.split('\n');

  it('is framed by the markers', () => {
    expect(lines[0]).toBe(START_MARKER);
    expect(lines.at(-1)).toBe(END_MARKER);
  });

  it('renders a server row: req/s, p99, the median ratio, the rounds spread, CPU and the goal', () => {
    const row = lines.find((line) => line.startsWith('| demo') && line.includes('req/s'));
    expect(row?.split('|').map((cell) => cell.trim())).toEqual([
      '',
      'demo',
      'demo server, the 2 operations in turn',
      'generated server: 51,234 req/s, p99 3.10 ms',
      'bare node:http: 55,012 req/s, p99 2.95 ms',
      '0.93× req/s (rounds 0.91–0.95); 0.95× per CPU second',
      '≥ 0.9×: met',
      '',
    ]);
  });

  it('renders a time row, escaping a pipe in a label', () => {
    const row = lines.find((line) => line.includes('validators ready'));
    expect(row).toContain('importing them: 25.1 ms');
    expect(row).toContain('compiling \\| with ajv: 880 ms');
    expect(row).toContain('0.029 of the time (34.5× faster)');
  });

  it('says how the numbers were taken', () => {
    expect(block).toContain(
      '- demo: `node scripts/pnpm.mjs --filter demo bench` on 2026-01-02, Node v20.20.2, 2 × Demo CPU; ' +
        'load: wrk 4.1.0, 2 threads, 16 connections; 3 rounds of 2 s per server',
    );
  });

  it('aligns every table line to the same width', () => {
    const table = lines.filter((line) => line.startsWith('|'));
    expect(new Set(table.map((line) => [...line].length)).size).toBe(1);
  });
});

describe('replaceBlock', () => {
  it('replaces only what lies between the markers', () => {
    const document = `# Title\n\n${START_MARKER}\nold numbers\n${END_MARKER}\n\nAfter.\n`;
    const replaced = replaceBlock(document, { demo: section });
    expect(replaced.startsWith('# Title\n\n')).toBe(true);
    expect(replaced.endsWith('\n\nAfter.\n')).toBe(true);
    expect(replaced).not.toContain('old numbers');
    expect(findBlock(replaced)?.text).toBe(renderReport({ demo: section }));
  });

  it('refuses a document without the markers', () => {
    expect(() => replaceBlock('# Title\n', { demo: section })).toThrow(/no .* block/);
  });
});

describe('the committed README', () => {
  it('holds the table rendered from the committed bench-results.json', () => {
    const block = findBlock(read('README.md'));
    expect(block, 'README.md has the bench-results markers').toBeDefined();
    expect(block?.text).toBe(renderReport(JSON.parse(read('bench-results.json'))));
  });

  it('has a result for every package with a bench script, each with its rows', () => {
    const results = JSON.parse(read('bench-results.json'));
    const benched = ['packages', 'apps', 'tools']
      .flatMap((group) => readdirSync(new URL(group, root)).map((dir) => `${group}/${dir}/package.json`))
      .filter((path) => {
        try {
          return JSON.parse(read(path)).scripts?.bench !== undefined;
        } catch {
          return false;
        }
      })
      .map((path) => JSON.parse(read(path)).name);
    expect(Object.keys(results).sort()).toEqual(benched.map((name) => name.replace('@starspec/', '')).sort());
    for (const name of benched) {
      const section = results[name.replace('@starspec/', '')];
      expect(section.rows.length, name).toBeGreaterThan(0);
      expect(section.command, name).toBe(`node scripts/pnpm.mjs --filter ${name} bench`);
    }
  });
});
