/**
 * Which golden traces can be driven, and how. Every trace is classified by the WASM it runs:
 *
 *  - `host-only`: no `push VM` line; the test calls host functions (and maybe the built-in asset
 *    contract or Rust test contracts) only;
 *  - `wasm-available`: every VM it runs is a file of the test data (matched by sha256 prefix);
 *  - `wasm-synthesized`: it runs WASM the Rust test builds at run time, in no file.
 *
 * The first two are candidates. Each candidate then has a status: `scripted` (a drive script in
 * scripts/ that script-check.ts holds against the trace), `drivable` (the inputs are in the Rust
 * source but no script is written yet: `how` says what it takes) or `not-recoverable` (`how` says
 * why). Entries are ranked by `ease`, 1 (a few host calls on literals) to 5 (needs most of a host).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { NOTES } from './catalogue-notes.js';
import { readTrace } from './read-trace.js';
import type { DriveScript } from './script-types.js';
import type { Trace } from './types.js';

export type TraceClass = 'host-only' | 'wasm-available' | 'wasm-synthesized';
export type Status = 'scripted' | 'drivable' | 'not-recoverable' | 'unread';

export interface TraceFacts {
  trace: string;
  /** the Rust test: `<file>.rs::<fn>` (nested modules joined by `::`) */
  rust: string;
  class: TraceClass;
  /** VM ids the trace pushes, with the data file each one is (undefined when synthesized) */
  vms: { id: string; file?: string }[];
  /** lines, calls at any depth, calls the test makes itself */
  lines: number;
  calls: number;
  topLevelCalls: number;
}

export interface CatalogueEntry extends TraceFacts {
  status: Status;
  ease: 1 | 2 | 3 | 4 | 5;
  /** what driving it takes, or why it cannot be driven */
  how: string;
}

/** A curated note on a candidate without a script. */
export interface Note {
  status: 'drivable' | 'not-recoverable';
  ease: CatalogueEntry['ease'];
  how: string;
}

/** `test__vec__vec_new.json` → `vec.rs::vec_new`; lifecycle.rs names some observations itself. */
export function rustTestOf(trace: string): string {
  const base = trace.replace(/\.json$/, '');
  if (base.startsWith('test_v_new_'))
    return `lifecycle.rs::${base.replace(/_(upload|call|check|pass|fail|succeed)$/, '')}`;
  const [, file, ...fn] = base.split('__');
  return `${file}.rs::${fn.join('::')}`;
}

/** The WASM files of the test data by the id a trace gives them: sha256's first 4 bytes in hex, no leading zeros. */
export function wasmIndex(dataRoot: string): Map<string, string> {
  const index = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.wasm')) {
        const id = createHash('sha256')
          .update(readFileSync(path))
          .digest('hex')
          .slice(0, 8)
          .replace(/^0+(?=.)/, '');
        if (!index.has(id)) index.set(id, relative(dataRoot, path));
      }
    }
  };
  walk(join(dataRoot, 'wasm'));
  return index;
}

export function classify(trace: Trace, wasm: Map<string, string>): TraceFacts {
  const ids = new Set<string>();
  let calls = 0;
  let topLevelCalls = 0;
  for (const step of trace.steps) {
    if (step.kind === 'push' && step.frame.kind === 'VM') ids.add(step.frame.id.replace(/^0+(?=.)/, ''));
    if (step.kind === 'call') {
      calls++;
      if (step.depth === 0) topLevelCalls++;
    }
  }
  const vms = [...ids].map((id) => ({ id, file: wasm.get(id) }));
  const cls: TraceClass =
    vms.length === 0 ? 'host-only' : vms.every((v) => v.file) ? 'wasm-available' : 'wasm-synthesized';
  return {
    trace: trace.name,
    rust: rustTestOf(trace.name),
    class: cls,
    vms,
    lines: trace.steps.length,
    calls,
    topLevelCalls,
  };
}

/** A first guess at how hard a trace is to drive, from its shape alone. */
function guessEase(facts: TraceFacts): CatalogueEntry['ease'] {
  if (facts.class === 'wasm-synthesized') return 5;
  if (facts.calls === 0) return 1;
  const big = facts.lines > 2000 ? 1 : 0;
  if (facts.class === 'host-only')
    return ((facts.topLevelCalls <= 30 ? 1 : 2) + big) as CatalogueEntry['ease'];
  return (3 + big) as CatalogueEntry['ease'];
}

function entryFor(facts: TraceFacts, script: DriveScript | undefined): CatalogueEntry {
  if (facts.class === 'wasm-synthesized') {
    const missing = facts.vms.filter((v) => !v.file).map((v) => `VM:${v.id}`);
    return {
      ...facts,
      status: 'not-recoverable',
      ease: 5,
      how: `runs WASM the test synthesizes (${missing.join(', ')})`,
    };
  }
  if (script) {
    const registers = script.steps.filter((s) => s.s === 'register').length;
    const ease = registers > 0 ? 2 : 1;
    const calls = script.steps.filter((s) => s.s === 'call').length;
    const how = `script: ${calls} calls${registers ? `, ${registers} contract(s) registered` : ''} on a ${script.setup.host}`;
    return { ...facts, status: 'scripted', ease, how };
  }
  const note = NOTES[facts.trace];
  if (note) return { ...facts, ...note };
  return { ...facts, status: 'unread', ease: guessEase(facts), how: 'Rust test not read yet' };
}

/** Read every trace of `observations-23` and rank it. */
export function buildCatalogue(dataRoot: string, scripts: DriveScript[]): CatalogueEntry[] {
  const wasm = wasmIndex(dataRoot);
  const byTrace = new Map(scripts.map((s) => [s.trace, s]));
  const dir = join(dataRoot, 'observations-23');
  const entries = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => entryFor(classify(readTrace(f, readFileSync(join(dir, f), 'utf8')), wasm), byTrace.get(f)));
  const order: Record<Status, number> = { scripted: 0, drivable: 1, unread: 2, 'not-recoverable': 3 };
  return entries.sort(
    (a, b) => order[a.status] - order[b.status] || a.ease - b.ease || a.trace.localeCompare(b.trace),
  );
}

/** Counts for the README: per class, and per status among the candidates. */
export function summarize(entries: CatalogueEntry[]) {
  const count = (pred: (e: CatalogueEntry) => boolean) => entries.filter(pred).length;
  return {
    total: entries.length,
    hostOnly: count((e) => e.class === 'host-only'),
    wasmAvailable: count((e) => e.class === 'wasm-available'),
    wasmSynthesized: count((e) => e.class === 'wasm-synthesized'),
    scripted: count((e) => e.status === 'scripted'),
    scriptedWithCalls: count((e) => e.status === 'scripted' && e.calls > 0),
    drivable: count((e) => e.status === 'drivable'),
    notRecoverableCandidates: count((e) => e.status === 'not-recoverable' && e.class !== 'wasm-synthesized'),
    unread: count((e) => e.status === 'unread'),
  };
}
