#!/usr/bin/env node
// Generates src/generated/xdr-skipper.gen.ts from the installed @stellar/stellar-sdk's own xdr
// schemas (each generated class's static `schema`, a @stellar/js-xdr type tree): a walker over a
// LedgerCloseMeta's bytes that builds nothing and notes where the values of a few types begin and
// end, so the index can store the bytes it was given instead of encoding the SDK's objects again.
//   node scripts/generate-xdr-skipper.mjs           writes the file
//   node scripts/generate-xdr-skipper.mjs --check   fails when the file is not what it would write
// Same SDK, same bytes: the output depends on nothing but the schemas, walked in their own order.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xdr } from '@stellar/stellar-sdk';
import { discriminantValue, generate, packageRoot, sdkVersion, unlazy } from './xdr-schemas.mjs';
export const SKIPPER_PATH = join(packageRoot, 'src', 'generated', 'xdr-skipper.gen.ts');

/**
 * The values whose byte ranges are noted: each kind (MARK.<kind> in the output, numbered in this
 * order) is the values of the named types, or of the named struct fields.
 */
export const MARKED = {
  TransactionEnvelope: ['TransactionEnvelope'],
  TransactionV0: ['TransactionV0'],
  Transaction: ['Transaction'],
  FeeBumpTransaction: ['FeeBumpTransaction'],
  TransactionResult: ['TransactionResult'],
  TransactionMeta: ['TransactionMeta'],
  FeeProcessing: ['TransactionResultMeta.feeProcessing', 'TransactionResultMetaV1.feeProcessing'],
  LedgerHeader: ['LedgerHeader'],
};
const KINDS = Object.keys(MARKED);
/** The kind's number of a type or field name, or -1. */
const markOf = (name) => KINDS.findIndex((kind) => MARKED[kind].includes(name));

/** `lines` (indented by `pad`) between noting where a value of `kind` begins and where it ends. */
const marked = (kind, lines, pad) =>
  kind < 0
    ? lines
    : [
        `${pad}{`,
        `${pad}  const at = c.open(${kind});`,
        ...lines.map((line) => `  ${line}`),
        `${pad}  c.close(at);`,
        `${pad}}`,
      ];

const pad4 = (n) => (n + 3) & ~3;

/** TypeScript source of the skipper, from the schemas reachable from LedgerCloseMeta. */
export function skipperSource() {
  const functions = new Map(); // type name → function source, in the order first reached
  const pending = [];
  const nameOf = (schema) => `skip${schema.name}`;

  /** Statements that step over one value of `schema` (indented by `pad`). */
  function statements(schema, pad) {
    const s = unlazy(schema);
    switch (s.kind) {
      case 'int32':
      case 'uint32':
      case 'enum':
      case 'bool':
      case 'float':
        return [`${pad}c.pos += 4;`];
      case 'int64':
      case 'uint64':
      case 'double':
        return [`${pad}c.pos += 8;`];
      case 'void':
        return [];
      case 'opaque':
        return [`${pad}c.pos += ${pad4(s.length)};`];
      case 'varOpaque':
      case 'string':
        return [`${pad}c.skipBytes();`];
      case 'option':
        return [`${pad}if (c.u32() !== 0) {`, ...statements(s.element, `${pad}  `), `${pad}}`];
      case 'array':
      case 'fixedArray': {
        const count = s.kind === 'array' ? 'c.u32()' : String(s.length);
        const body = statements(s.element, `${pad}  `);
        return [`${pad}for (let n = ${count}; n > 0; n--) {`, ...body, `${pad}}`];
      }
      case 'struct':
      case 'union':
        if (!s.name) throw new Error(`an unnamed ${s.kind} in the SDK's schemas`);
        if (!functions.has(s.name)) {
          functions.set(s.name, undefined);
          pending.push(s);
        }
        return [`${pad}${nameOf(s)}(c);`];
      default:
        throw new Error(`schema kind ${s.kind} (${s.name ?? 'unnamed'}) has no skipper`);
    }
  }

  function unionBody(s) {
    const switchOn = unlazy(s.switchOn);
    const read = switchOn.kind === 'uint32' ? 'c.u32()' : 'c.i32()';
    const lines = [`  switch (${read}) {`];
    const arm = (a) => (a.kind === 'field' ? statements(a.schema, '      ') : statements(a, '      '));
    for (const { discriminant, arm: a } of s.cases) {
      lines.push(`    case ${discriminantValue(discriminant)}:`, ...arm(a), '      break;');
    }
    if (s.defaultArm !== undefined) lines.push('    default:', ...arm(s.defaultArm), '      break;');
    else lines.push('    default:', `      throw c.unknown('${s.name}');`);
    lines.push('  }');
    return lines;
  }

  function define(s) {
    const body =
      s.kind === 'struct'
        ? s.entries.flatMap(([key, field]) =>
            marked(markOf(`${s.name}.${key}`), statements(field, '  '), '  '),
          )
        : unionBody(s);
    const exported = s.name === 'LedgerCloseMeta' ? 'export ' : '';
    const lines = [`${exported}function ${nameOf(s)}(c: XdrCursor): void {`];
    lines.push(...marked(markOf(s.name), body, '  '), '}');
    functions.set(s.name, lines.join('\n'));
  }

  statements(xdr.LedgerCloseMeta.schema, '');
  for (let s = pending.shift(); s; s = pending.shift()) define(s);
  const missing = Object.values(MARKED)
    .flat()
    .filter((name) => !functions.has(name.split('.')[0]));
  if (missing.length > 0) throw new Error(`LedgerCloseMeta holds no ${missing.join(', ')}`);

  return [
    `// Generated by scripts/generate-xdr-skipper.mjs from @stellar/stellar-sdk ${sdkVersion()}'s xdr schemas. Do not edit: run \`pnpm generate\`.`,
    '// Steps over a LedgerCloseMeta the SDK has decoded, noting where each MARK kind of value begins and ends.',
    "import type { XdrCursor } from '../meta/xdr-cursor.js';",
    '',
    'export const MARK = {',
    ...KINDS.map((kind, i) => `  ${kind}: ${i},`),
    '} as const;',
    '',
    ...[...functions.values()].map((f) => `${f}\n`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) generate(SKIPPER_PATH, skipperSource);
