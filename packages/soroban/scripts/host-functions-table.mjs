#!/usr/bin/env node
// `node scripts/host-functions-table.mjs [--check]` (after a build; `npm run generate:readme` does
// both): writes README.md's host-function tables, one per env module, from the interface table
// (src/interface) and the modules this host registers (src/host/functions/index.ts). The rendering
// is exported so the README test renders from the sources themselves and fails when the README
// differs. `--check` only reports whether the README is current (exit 1 if not).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const START_MARKER = '<!-- host-functions:start -->';
export const END_MARKER = '<!-- host-functions:end -->';
const NOTE =
  '<!-- Written by scripts/host-functions-table.mjs from src/interface and src/host/functions/index.ts; do not edit by hand: run `npm run generate:readme`. -->';

/** A protocol range as words: every protocol, from one on, up to one, or between two. */
function protocols({ minProtocol: min, maxProtocol: max }) {
  if (min === undefined && max === undefined) return 'all';
  if (max === undefined) return `${min} on`;
  if (min === undefined) return `up to ${max}`;
  return min === max ? `${min} only` : `${min} to ${max}`;
}

/** A markdown table with each column padded to its widest cell, as the README's other tables are. */
function table(header, rows) {
  const widths = header.map((_, i) => Math.max(3, ...[header, ...rows].map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const signature = (fn) => `(${fn.args.map((arg) => `${arg.name}: ${arg.type}`).join(', ')}) -> ${fn.returns}`;

/**
 * The tables, module by module in the interface's order: each function's name, import
 * (`module.export`), arguments and result, protocol range, and whether this host implements it.
 * `implemented(module, name)` answers the last.
 */
export function renderHostFunctionTables(functions, implemented) {
  const modules = [...new Set(functions.map((fn) => fn.module))];
  const sections = modules.map((module) => {
    const own = functions.filter((fn) => fn.module === module);
    const done = own.filter((fn) => implemented(module, fn.name)).length;
    const rows = own.map((fn) => [
      `\`${fn.name}\``,
      `\`${fn.moduleLetter}.${fn.export}\``,
      `\`${signature(fn)}\``,
      protocols(fn),
      implemented(module, fn.name) ? 'yes' : 'not yet',
    ]);
    const header = ['function', 'import', 'arguments -> result', 'protocols', 'here'];
    return [`### \`${module}\` (${done} of ${own.length} implemented)`, '', table(header, rows)].join('\n');
  });
  return [NOTE, '', ...sections.flatMap((section) => [section, ''])].join('\n');
}

/** The README with the text between the markers replaced by `tables`. */
export function withHostFunctionTables(readme, tables) {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START_MARKER} ... ${END_MARKER} section`);
  return `${readme.slice(0, start + START_MARKER.length)}\n\n${tables}\n${readme.slice(end)}`;
}

async function main() {
  const dist = new URL('../dist/', import.meta.url);
  const { HOST_FUNCTIONS } = await import(new URL('interface/index.js', dist).href);
  const { HOST_MODULES } = await import(new URL('host/functions/index.js', dist).href);
  const readmePath = fileURLToPath(new URL('../README.md', import.meta.url));
  const readme = readFileSync(readmePath, 'utf8');
  const tables = renderHostFunctionTables(HOST_FUNCTIONS, (module, name) =>
    Boolean(HOST_MODULES[module]?.[name]),
  );
  const next = withHostFunctionTables(readme, tables);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the host-function tables are out of date (npm run generate:readme)');
      process.exit(1);
    }
    return;
  }
  if (next !== readme) writeFileSync(readmePath, next);
  console.log(`README.md: host-function tables ${next === readme ? 'already current' : 'written'}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
