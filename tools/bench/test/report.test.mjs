// The README's performance table is generated from bench-results.json: these tests check the
// rendering and that the committed README holds exactly what the committed results give. They
// compare text, never a duration.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  absoluteGoalVerdict,
  END_MARKER,
  findBlock,
  goalVerdict,
  latencyGoalVerdict,
  memoryGoalVerdict,
  renderReport,
  replaceBlock,
  START_MARKER,
} from '../src/report.mjs';
import { packageReadmes } from '../src/results.mjs';

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

const sandboxSection = {
  command: 'node scripts/pnpm.mjs --filter sandbox bench',
  date: '2026-01-02',
  node: 'v20.20.2',
  machine: '2 × Demo CPU',
  rounds: 3,
  workload: '1,000 payments a round',
  rows: [
    {
      kind: 'time',
      id: 'start-up',
      title: 'start to first answer',
      unit: 'ms',
      subject: { name: 'sandbox', time: 412.5 },
      baseline: { name: 'bare node:http', time: 55 },
      ratio: 7.5,
      rounds: [7.1, 7.5, 8.02],
      goal: { below: 1000 },
    },
    {
      kind: 'rate',
      id: 'payments',
      title: 'payments applied',
      unit: 'payments/s',
      subject: { name: 'in process', value: 1234.4, perCpuSecond: 1500 },
      baseline: { name: 'the floor', value: 4100, perCpuSecond: 4000 },
      ratio: 0.301,
      cpuRatio: 0.375,
      rounds: [0.29, 0.301, 0.33],
      goal: { atLeast: 1000 },
    },
    {
      kind: 'rate',
      id: 'payments:rpc',
      title: 'payments over RPC',
      unit: 'payments/s',
      subject: { name: 'over RPC', value: 870 },
      baseline: { name: 'in process', value: 1234 },
      ratio: 0.705,
      rounds: [0.7],
      goal: { atLeast: 1000 },
    },
    {
      kind: 'latency',
      id: 'getTransaction',
      title: 'getTransaction',
      subject: { name: 'under load', p50Ms: 1.234, p99Ms: 9.5 },
      baseline: { name: 'idle', p50Ms: 0.9, p99Ms: 2.5 },
      ratio: 3.8,
      rounds: [3.1, 3.8, 4.4],
    },
    {
      kind: 'rate',
      id: 'ingestion',
      title: 'ingestion',
      unit: 'ledgers/s',
      subject: { name: 'gateway', value: 180.4, also: { value: 1804, unit: 'transactions/s' } },
      baseline: { name: 'pages alone', value: 2000 },
      ratio: 0.09,
      rounds: [0.08, 0.09, 0.1],
    },
    {
      kind: 'latency',
      id: 'fee_stats',
      title: 'GET /fee_stats',
      subject: { name: 'REST face', p50Ms: 0.5, p99Ms: 1.25 },
      baseline: { name: 'Prism', p50Ms: 1.5, p99Ms: 4 },
      ratio: 0.313,
      p50Ratio: 0.333,
      rounds: [0.3, 0.313, 0.4],
      goal: { atMost: 1 },
      loader: 'wrk 4.1.0, 1 thread, 1 connection',
    },
    {
      kind: 'memory',
      id: 'rss',
      title: 'resident memory',
      subject: { name: 'after 10,000 payments', bytes: 180_000_000 },
      baseline: { name: 'ready', bytes: 100_000_000 },
      ratio: 1.8,
      count: 10000,
      per: 'payment',
    },
  ],
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

describe('renderReport: rates, latencies, memory and absolute goals', () => {
  const lines = renderReport({ sandbox: sandboxSection }).split('\n');
  const cellsOf = (title) =>
    lines
      .find((line) => line.includes(`| ${title} `))
      ?.split('|')
      .slice(2, -1)
      .map((cell) => cell.trim());

  it.each([
    [
      'start to first answer',
      [
        'start to first answer',
        'sandbox: 412.5 ms',
        'bare node:http: 55 ms',
        '7.50× the time (rounds 7.10–8.02)',
        '< 1,000 ms: met',
      ],
    ],
    [
      'payments applied',
      [
        'payments applied',
        'in process: 1,234 payments/s (1,500 per CPU second)',
        'the floor: 4,100 payments/s (4,000 per CPU second)',
        '0.30× (rounds 0.29–0.33); 0.38× per CPU second',
        '≥ 1,000 payments/s: met',
      ],
    ],
    [
      'payments over RPC',
      [
        'payments over RPC',
        'over RPC: 870 payments/s',
        'in process: 1,234 payments/s',
        '0.70×',
        '≥ 1,000 payments/s: missed by 130 payments/s',
      ],
    ],
    [
      'getTransaction',
      [
        'getTransaction',
        'under load: p50 1.23 ms, p99 9.50 ms',
        'idle: p50 0.90 ms, p99 2.50 ms',
        '3.80× p99 (rounds 3.10–4.40)',
        '',
      ],
    ],
    [
      'ingestion',
      [
        'ingestion',
        'gateway: 180 ledgers/s, 1,804 transactions/s',
        'pages alone: 2,000 ledgers/s',
        '0.09× (rounds 0.08–0.10)',
        '',
      ],
    ],
    [
      'GET /fee_stats',
      [
        'GET /fee_stats',
        'REST face: p50 0.50 ms, p99 1.25 ms',
        'Prism: p50 1.50 ms, p99 4.00 ms',
        '0.33× p50, 0.31× p99 (rounds 0.30–0.40)',
        '≤ 1× p50 and p99: met',
      ],
    ],
    [
      'resident memory',
      [
        'resident memory',
        'after 10,000 payments: 180.0 MB',
        'ready: 100.0 MB',
        '1.80×; +8.0 kB per payment',
        '',
      ],
    ],
  ])('renders %s', (title, want) => {
    expect(cellsOf(title)).toEqual(want);
  });

  it('says what a round is when it is not a timed run per server, and the load generator of any row', () => {
    expect(lines).toContain(
      '- sandbox: `node scripts/pnpm.mjs --filter sandbox bench` on 2026-01-02, Node v20.20.2, 2 × Demo CPU; ' +
        'load: wrk 4.1.0, 1 thread, 1 connection; 3 rounds; 1,000 payments a round',
    );
  });
});

describe('memoryGoalVerdict', () => {
  it.each([
    [{ ratio: 1.04, goal: { atMost: 1.15 } }, '≤ 1.15×: met'],
    [{ ratio: 1.15, goal: { atMost: 1.15 } }, '≤ 1.15×: met'],
    [{ ratio: 1.4, goal: { atMost: 1.15 } }, '≤ 1.15×: missed by 0.25'],
    [{ ratio: 3.1 }, ''],
  ])('%j → %s', (row, want) => {
    expect(memoryGoalVerdict(row)).toBe(want);
  });
});

describe('absoluteGoalVerdict', () => {
  it.each([
    [{ unit: 'ms', subject: { time: 999 }, goal: { below: 1000 } }, '< 1,000 ms: met'],
    [{ unit: 'ms', subject: { time: 1000 }, goal: { below: 1000 } }, '< 1,000 ms: missed by 0 ms'],
    [{ unit: 'ms', subject: { time: 1250.4 }, goal: { below: 1000 } }, '< 1,000 ms: missed by 250 ms'],
    [
      { unit: 'ms', subject: { time: 250 }, ratio: 3.5, goal: { below: 300, ratioAtMost: 4 } },
      '< 300 ms and ≤ 4× the baseline: met',
    ],
    [
      { unit: 'ms', subject: { time: 250 }, ratio: 4.25, goal: { below: 300, ratioAtMost: 4 } },
      '< 300 ms and ≤ 4× the baseline: missed by 0.25×',
    ],
    [
      { unit: 'operations/s', subject: { value: 820 }, ratio: 1.8, goal: { ratioAtLeast: 1.7 } },
      '≥ 1.7× the baseline: met',
    ],
    [
      { unit: 'operations/s', subject: { value: 820 }, ratio: 0.971, goal: { ratioAtLeast: 1.7 } },
      '≥ 1.7× the baseline: missed by 0.73×',
    ],
    [
      { unit: 'ms', subject: { time: 900 }, ratio: 10.4, goal: { below: 300, ratioAtMost: 4 } },
      '< 300 ms and ≤ 4× the baseline: missed by 600 ms and 6.40×',
    ],
    [{ unit: '/s', subject: { value: 1000 }, goal: { atLeast: 1000 } }, '≥ 1,000 /s: met'],
    [{ unit: '/s', subject: { value: 640 }, goal: { atLeast: 1000 } }, '≥ 1,000 /s: missed by 360 /s'],
    [{ unit: '/s', subject: { value: 640 } }, ''],
  ])('%j gives %j', (row, want) => {
    expect(absoluteGoalVerdict(row)).toBe(want);
  });
});

describe('latencyGoalVerdict', () => {
  it.each([
    [{ ratio: 0.31, goal: { atMost: 1 } }, '≤ 1× p99: met'],
    [{ ratio: 1, goal: { atMost: 1 } }, '≤ 1× p99: met'],
    [{ ratio: 1.234, goal: { atMost: 1 } }, '≤ 1× p99: missed at p99 by 0.23'],
    [{ ratio: 0.5, p50Ratio: 0.9, goal: { atMost: 1 } }, '≤ 1× p50 and p99: met'],
    [{ ratio: 0.5, p50Ratio: 1.75, goal: { atMost: 1 } }, '≤ 1× p50 and p99: missed at p50 by 0.75'],
    [
      { ratio: 1.1, p50Ratio: 1.75, goal: { atMost: 1 } },
      '≤ 1× p50 and p99: missed at p50 by 0.75, p99 by 0.10',
    ],
    [{ ratio: 9.5, p50Ratio: 2.4, goal: { atMost: 3, at: ['p50'] } }, '≤ 3× p50: met'],
    [{ ratio: 1.5, p50Ratio: 3.25, goal: { atMost: 3, at: ['p50'] } }, '≤ 3× p50: missed at p50 by 0.25'],
    [{ ratio: 1.234 }, ''],
  ])('%j gives %j', (row, want) => {
    expect(latencyGoalVerdict(row)).toBe(want);
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

  it("gives each package README with a table the rows of that package's section alone", () => {
    const results = JSON.parse(read('bench-results.json'));
    for (const { path, name } of packageReadmes()) {
      expect(results[name], `${path}: bench-results.json has a section ${name}`).toBeDefined();
      expect(findBlock(readFileSync(path, 'utf8'))?.text, path).toBe(renderReport({ [name]: results[name] }));
    }
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
