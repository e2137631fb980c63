#!/usr/bin/env node
// Generates src/generated/xdr-reader.gen.ts from the installed @stellar/stellar-sdk's own xdr
// schemas: one function per type reachable from ROOTS (each exported, so each can be tested) that reads a value straight from its bytes
// into the SDK's own classes. The SDK's decoder first builds js-xdr's plain-object tree and then
// converts it into those classes; this reader builds the second tree only. It refuses what
// js-xdr's Reader refuses (truncation, a bad bool, enum value or discriminant, non-zero padding,
// a length over its bound or over the bytes left, nesting deeper than its limit, trailing bytes).
//   node scripts/generate-xdr-reader.mjs           writes the file
//   node scripts/generate-xdr-reader.mjs --check   fails when the file is not what it would write
// Same SDK, same bytes: the output depends on nothing but the schemas, walked in their own order.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xdr } from '@stellar/stellar-sdk';
import {
  classOf,
  decodesToXdrString,
  discriminantValue,
  generate,
  leastBytes,
  packageRoot,
  sdkVersion,
  unlazy,
} from './xdr-schemas.mjs';

export const READER_PATH = join(packageRoot, 'src', 'generated', 'xdr-reader.gen.ts');

/** The types the index reads from bytes: a ledger's meta, a data lake file's batch of them, a history archive bucket's entry. */
export const ROOTS = ['LedgerCloseMeta', 'LedgerCloseMetaBatch', 'BucketEntry'];

const at = (level) => (level === 0 ? 'd' : `d + ${level}`);

/** TypeScript source of the reader. */
export function readerSource() {
  const functions = new Map(); // type name → function source, in the order first reached
  const pending = [];
  let temporaries = 0;

  /** A struct or union function to define, and the call that reads one at `level`. */
  function call(s, level) {
    if (!classOf(s)) throw new Error(`${s.kind} ${s.name ?? '(unnamed)'} has no class of its own in the SDK`);
    if (!functions.has(s.name)) {
      functions.set(s.name, undefined);
      pending.push(s);
    }
    return `read${s.name}(c, ${at(level)})`;
  }

  /**
   * Statements (indented by `pad`) and the expression, after them, of one value of `schema`
   * whose reading enters js-xdr's nesting at `level` levels below the function's own.
   */
  function value(schema, level, pad) {
    if (schema.kind === 'lazy') return value(unlazy(schema), level + 1, pad);
    const s = schema;
    const cls = classOf(s);
    switch (s.kind) {
      case 'int32':
        return [[], 'c.i32()'];
      case 'uint32':
        return [[], 'c.u32()'];
      case 'int64':
        return [[], 'c.i64()'];
      case 'uint64':
        return [[], 'c.u64()'];
      case 'float':
        return [[], 'c.f32()'];
      case 'double':
        return [[], 'c.f64()'];
      case 'bool':
        return [[], 'c.bool()'];
      case 'void':
        return [[], ''];
      case 'enum':
        if (!cls) throw new Error(`enum ${s.name ?? '(unnamed)'} has no class in the SDK`);
        return [[], `${cls}.fromValue(c.i32())`];
      case 'opaque':
        return [[], cls ? `new ${cls}(c.opaque(${s.length}))` : `c.opaque(${s.length})`];
      case 'varOpaque':
        return [[], cls ? `new ${cls}(c.varOpaque(${s.maxLength}))` : `c.varOpaque(${s.maxLength})`];
      case 'string':
        return [
          [],
          decodesToXdrString(s)
            ? `new xdr.XdrString(c.varOpaque(${s.maxLength}))`
            : `c.varOpaque(${s.maxLength})`,
        ];
      case 'struct':
      case 'union':
        return [[], call(s, level)];
      case 'option': {
        const v = `v${++temporaries}`;
        const [lines, expression] = value(s.element, level + 1, `${pad}  `);
        return [
          [
            `${pad}c.nest(${at(level)});`,
            `${pad}let ${v}: any = null;`,
            `${pad}if (c.bool()) {`,
            ...lines,
            `${pad}  ${v} = ${expression};`,
            `${pad}}`,
          ],
          v,
        ];
      }
      case 'array':
      case 'fixedArray': {
        if (leastBytes(s.element) === 0)
          throw new Error(`an array of ${s.element.kind} in the SDK's schemas`);
        const v = `v${++temporaries}`;
        const count = s.kind === 'array' ? `c.count(${s.maxLength})` : `c.fixed(${s.length})`;
        const [lines, expression] = value(s.element, level + 1, `${pad}  `);
        return [
          [
            `${pad}c.nest(${at(level)});`,
            `${pad}const ${v}: any[] = [];`,
            `${pad}for (let n = ${count}; n > 0; n--) {`,
            ...lines,
            `${pad}  ${v}.push(${expression});`,
            `${pad}}`,
          ],
          v,
        ];
      }
      default:
        throw new Error(`schema kind ${s.kind} (${s.name ?? 'unnamed'}) has no reader`);
    }
  }

  function structBody(s) {
    const lines = [];
    const fields = s.entries.map(([key, field]) => {
      const [before, expression] = value(field, 1, '  ');
      lines.push(...before, `  const $${key} = ${expression};`);
      return `${key}: $${key}`;
    });
    lines.push(`  return new ${classOf(s)}({ ${fields.join(', ')} });`);
    return lines;
  }

  function unionBody(s) {
    const switchOn = unlazy(s.switchOn);
    const read = switchOn.kind === 'bool' ? 'c.bool()' : switchOn.kind === 'uint32' ? 'c.u32()' : 'c.i32()';
    const lines = [`  switch (${read}) {`];
    for (const { name, discriminant, arm } of s.cases) {
      if (typeof xdr[s.name][name] !== 'function')
        throw new Error(`${s.name} has no factory for its ${name} arm`);
      const label = switchOn.kind === 'bool' ? String(discriminant) : discriminantValue(discriminant);
      const [before, expression] = arm.kind === 'field' ? value(arm.schema, 1, '      ') : [[], ''];
      const returned = `      return ${classOf(s)}.${name}(${expression});`;
      if (before.length === 0) lines.push(`    case ${label}:`, returned);
      else lines.push(`    case ${label}: {`, ...before, returned, '    }');
    }
    if (s.defaultArm !== undefined) throw new Error(`${s.name}: a union with a default arm has no reader`);
    lines.push('    default:', `      throw c.unknown('${s.name}');`, '  }');
    return lines;
  }

  function define(s) {
    temporaries = 0;
    const lines = [`export function read${s.name}(c: XdrReader, d: number): ${classOf(s)} {`];
    lines.push('  c.nest(d);', ...(s.kind === 'struct' ? structBody(s) : unionBody(s)), '}');
    functions.set(s.name, lines.join('\n'));
  }

  for (const root of ROOTS) call(xdr[root].schema, 0);
  for (let s = pending.shift(); s; s = pending.shift()) define(s);

  return [
    `// Generated by scripts/generate-xdr-reader.mjs from @stellar/stellar-sdk ${sdkVersion()}'s xdr schemas. Do not edit: run \`pnpm generate\`.`,
    "// Reads values straight from their bytes into the SDK's classes; `d` is the value's nesting depth, as js-xdr counts it.",
    "import { xdr } from '@stellar/stellar-sdk/base';",
    "import type { XdrReader } from '../meta/xdr-reader.js';",
    '',
    ...[...functions.values()].map((f) => `${f}\n`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate(READER_PATH, readerSource);
