#!/usr/bin/env node
// Generates src/generated/xdr-writer.gen.ts from the installed @stellar/stellar-sdk's own xdr
// schemas: one function per type reachable from ROOTS (each exported, so each can be tested) that
// writes a value of the SDK's classes straight into a reused buffer. The SDK's `toXdr` first
// builds js-xdr's plain-object tree and a fresh 8 KiB buffer for each value; the index encodes a
// key or an entry for every change a ledger makes. It refuses what js-xdr's Writer refuses (an
// integer out of range, a length over its bound, an opaque of the wrong size, an unknown arm).
//   node scripts/generate-xdr-writer.mjs           writes the file
//   node scripts/generate-xdr-writer.mjs --check   fails when the file is not what it would write
// Same SDK, same bytes: the output depends on nothing but the schemas, walked in their own order.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xdr } from '@stellar/stellar-sdk';
import {
  classOf,
  decodesToXdrString,
  discriminantValue,
  generate,
  packageRoot,
  sdkVersion,
  unlazy,
} from './xdr-schemas.mjs';

export const WRITER_PATH = join(packageRoot, 'src', 'generated', 'xdr-writer.gen.ts');

/**
 * The types the index encodes: a ledger's meta handed over as a value (from a data lake file, or
 * to a derivation thread), and, while deriving, entries and their keys and the ids and values
 * its rows name.
 */
export const ROOTS = [
  'LedgerCloseMeta',
  'LedgerEntry',
  'LedgerKey',
  'ScVal',
  'ClaimableBalanceId',
  'LiquidityPoolParameters',
];

/** TypeScript source of the writer. */
export function writerSource() {
  const functions = new Map(); // type name → function source, in the order first reached
  const pending = [];
  let temporaries = 0;

  function call(s, v) {
    if (!classOf(s)) throw new Error(`${s.kind} ${s.name ?? '(unnamed)'} has no class of its own in the SDK`);
    if (!functions.has(s.name)) {
      functions.set(s.name, undefined);
      pending.push(s);
    }
    return `write${s.name}(w, ${v});`;
  }

  /** Statements (indented by `pad`) that write `v`, a JavaScript expression of a `schema` value. */
  function write(schema, v, pad) {
    const s = unlazy(schema);
    const cls = classOf(s);
    switch (s.kind) {
      case 'int32':
      case 'uint32':
      case 'int64':
      case 'uint64':
      case 'float':
      case 'double':
      case 'bool':
        return [
          `${pad}w.${{ int32: 'i32', uint32: 'u32', int64: 'i64', uint64: 'u64', float: 'f32', double: 'f64', bool: 'bool' }[s.kind]}(${v});`,
        ];
      case 'void':
        return [];
      case 'enum':
        return [`${pad}w.i32(${v}.value);`];
      case 'opaque':
        return [`${pad}w.opaque(${cls ? `${v}.value` : v}, ${s.length});`];
      case 'varOpaque':
        return [`${pad}w.varOpaque(${cls ? `${v}.value` : v}, ${s.maxLength});`];
      case 'string':
        return [`${pad}w.varOpaque(${decodesToXdrString(s) ? `${v}.bytes` : v}, ${s.maxLength});`];
      case 'struct':
      case 'union':
        return [`${pad}${call(s, v)}`];
      case 'option': {
        const o = `o${++temporaries}`;
        return [
          `${pad}const ${o} = ${v};`,
          `${pad}w.bool(${o} !== null);`,
          `${pad}if (${o} !== null) {`,
          ...write(s.element, o, `${pad}  `),
          `${pad}}`,
        ];
      }
      case 'array':
      case 'fixedArray': {
        const a = `a${++temporaries}`;
        const e = `e${temporaries}`;
        return [
          `${pad}const ${a} = ${v};`,
          s.kind === 'array'
            ? `${pad}w.count(${a}.length, ${s.maxLength});`
            : `${pad}w.fixed(${a}.length, ${s.length});`,
          `${pad}for (const ${e} of ${a}) {`,
          ...write(s.element, e, `${pad}  `),
          `${pad}}`,
        ];
      }
      default:
        throw new Error(`schema kind ${s.kind} (${s.name ?? 'unnamed'}) has no writer`);
    }
  }

  function unionBody(s) {
    const switchOn = unlazy(s.switchOn);
    const lines = ['  switch (u.type) {'];
    for (const { name, discriminant, arm } of s.cases) {
      const tag =
        switchOn.kind === 'bool'
          ? `w.bool(${discriminant});`
          : `w.${switchOn.kind === 'uint32' ? 'u32' : 'i32'}(${discriminantValue(discriminant)});`;
      const body = arm.kind === 'field' ? write(arm.schema, `u.${arm.name}`, '      ') : [];
      lines.push(`    case '${name}':`, `      ${tag}`, ...body, '      return;');
    }
    lines.push('    default:', `      throw w.unknown('${s.name}', u.type);`, '  }');
    return lines;
  }

  function define(s) {
    temporaries = 0;
    const lines = [`export function write${s.name}(w: XdrWriter, v: ${classOf(s)}): void {`];
    if (s.kind === 'struct')
      lines.push(...s.entries.flatMap(([key, field]) => write(field, `v.${key}`, '  ')));
    else
      lines.push(
        "  // The arm is the value's `type`, its case's name; the arm's value is named as in the schema.",
        '  const u = v as any;',
        ...unionBody(s),
      );
    lines.push('}');
    functions.set(s.name, lines.join('\n'));
  }

  for (const root of ROOTS) call(xdr[root].schema, 'v');
  for (let s = pending.shift(); s; s = pending.shift()) define(s);

  return [
    `// Generated by scripts/generate-xdr-writer.mjs from @stellar/stellar-sdk ${sdkVersion()}'s xdr schemas. Do not edit: run \`pnpm generate\`.`,
    "// Writes values of the SDK's classes straight into an XdrWriter's buffer.",
    "import type { xdr } from '@stellar/stellar-sdk/base';",
    "import type { XdrWriter } from '../meta/xdr-writer.js';",
    '',
    ...[...functions.values()].map((f) => `${f}\n`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate(WRITER_PATH, writerSource);
