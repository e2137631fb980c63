// Command-line options every bench shares, and bench-results.json at the repository root: one
// section per package, rewritten whole by that package's bench; the README tables come from it.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findBlock, replaceBlock, tableRows } from './report.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const resultsFile = join(root, 'bench-results.json');
const readmeFile = join(root, 'README.md');

/**
 * The workspace packages whose README holds a table of their own (the same markers as the root
 * README's): `{ path, name }`, `name` being the package's section in bench-results.json.
 */
export function packageReadmes() {
  return ['apps', 'packages', 'tools'].flatMap((group) =>
    readdirSync(join(root, group)).flatMap((dir) => {
      const path = join(root, group, dir, 'README.md');
      const manifest = join(root, group, dir, 'package.json');
      if (!existsSync(path) || !existsSync(manifest) || !findBlock(readFileSync(path, 'utf8'))) return [];
      const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
      return [{ path, name: name.replace('@starspec/', '') }];
    }),
  );
}

/**
 * Rewrites the root README's table from `results` (every package), and each package README's
 * from its own section; `check` only compares. Answers the files that differed.
 */
export function writeReadmes(results, { check = false } = {}) {
  const differing = [];
  const targets = [
    { path: readmeFile, results },
    ...packageReadmes().map(({ path, name }) => {
      if (results[name] === undefined)
        throw new Error(`${path} has a table but bench-results.json no ${name}`);
      return { path, results: { [name]: results[name] } };
    }),
  ];
  for (const target of targets) {
    const document = readFileSync(target.path, 'utf8');
    const updated = replaceBlock(document, target.results);
    if (updated === document) continue;
    differing.push(target.path);
    if (!check) writeFileSync(target.path, updated);
  }
  return differing;
}

/**
 * `--rounds N` (default 15), `--duration S` per server and round (2), `--warmup S` (2),
 * `--connections N` (16), `--threads N` of the load generator (2: enough to keep the server busy);
 * `--quick` is one short round to see that everything runs, and writes nothing; `--only ID,…`
 * measures those rows alone (for a bench that supports it, see `replaceRows`).
 */
export function benchOptions(argv = process.argv.slice(2)) {
  const { values } = parseArgs({
    // pnpm passes a `--` separator through to the script.
    args: argv.filter((arg) => arg !== '--'),
    options: {
      rounds: { type: 'string', default: '15' },
      duration: { type: 'string', default: '2' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '16' },
      threads: { type: 'string', default: '2' },
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const threads = Number(values.threads);
  const only = values.only === undefined ? undefined : values.only.split(',');
  if (values.quick)
    return { rounds: 1, durationMs: 1000, warmupMs: 1000, connections: 16, threads, write: false, only };
  return {
    only,
    rounds: Number(values.rounds),
    durationMs: Number(values.duration) * 1000,
    warmupMs: Number(values.warmup) * 1000,
    connections: Number(values.connections),
    threads,
    write: true,
  };
}

/**
 * Replaces the section of one package in bench-results.json, and the READMEs' tables with what it
 * now holds. `workload` says what a round is when it is not a timed run of each server.
 */
export function recordResults(name, { command, rows, options, workload }) {
  const all = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
  all[name] = {
    command,
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`,
    rounds: options.rounds,
    ...(workload === undefined ? { durationSeconds: options.durationMs / 1000 } : { workload }),
    rows,
  };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((key) => [key, all[key]]),
  );
  writeFileSync(resultsFile, `${JSON.stringify(sorted, null, 2)}\n`);
  writeReadmes(sorted);
  console.log(`${name}: results written to bench-results.json and the READMEs' tables`);
}

/** Where the note of a `--only` run starts in a section's workload. */
const REMEASURED = '; re-measured alone: ';

/**
 * Replaces some rows of a package's section in bench-results.json (those of the same ids; new ids
 * are added), keeping the others, and the READMEs' tables: a bench run with `--only`. `note` (e.g. the load while these
 * rows ran) is added to the section's workload, which says what its rows were measured under.
 */
export function replaceRows(name, { rows, options, note }) {
  const all = JSON.parse(readFileSync(resultsFile, 'utf8'));
  const section = all[name];
  if (section === undefined) throw new Error(`bench-results.json has no ${name}: run its whole bench first`);
  // Fewer (or more) rounds than the section's are said in the note; the rows carry their rounds.
  const rounds =
    options.rounds === section.rounds ? '' : `, in ${options.rounds} round${options.rounds === 1 ? '' : 's'}`;
  const fresh = new Map(rows.map((row) => [row.id, row]));
  // A row the section does not have yet (a new measurement) is added after the others.
  const added = rows.filter((row) => !section.rows.some((kept) => kept.id === row.id));
  all[name] = {
    ...section,
    // One note: that of the last such run (a whole run writes the workload afresh).
    workload: `${section.workload.split(REMEASURED)[0]}${REMEASURED}${note}${rounds}`,
    rows: [...section.rows.map((row) => fresh.get(row.id) ?? row), ...added],
  };
  writeFileSync(resultsFile, `${JSON.stringify(all, null, 2)}\n`);
  writeReadmes(all);
  console.log(
    `${name}: ${[...fresh.keys()].join(', ')} written to bench-results.json and the READMEs' tables`,
  );
}

/** Prints rows as one line each. */
export function printRows(rows) {
  for (const row of rows) {
    if (row.kind === 'server') {
      const cpu = row.cpuRatio === null ? '' : `, ${row.cpuRatio.toFixed(2)}× requests per CPU second`;
      console.log(
        `${row.id}: ${row.subject.rps} vs ${row.baseline.rps} req/s -> ${row.ratio.toFixed(2)}×${cpu}; ` +
          `p99 ${row.subject.p99Ms} vs ${row.baseline.p99Ms} ms`,
      );
    } else if (row.kind === 'time') {
      console.log(
        `${row.id}: ${row.subject.time} vs ${row.baseline.time} ${row.unit} -> ${row.ratio.toFixed(3)} of the time`,
      );
    } else {
      console.log(
        `${row.id}: ${tableRows('', { rows: [row] })[0]
          .slice(2)
          .join(' | ')}`,
      );
    }
  }
}
