// What the three XDR generators (generate-xdr-skipper.mjs, -reader.mjs, -writer.mjs) read off the
// installed @stellar/stellar-sdk: its version, and its xdr schemas (each generated class's static
// `schema`, a @stellar/js-xdr type tree) with their lazy references resolved; and the command
// each one runs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { xdr } from '@stellar/stellar-sdk';

export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const sdkVersion = () =>
  JSON.parse(
    readFileSync(join(packageRoot, 'node_modules', '@stellar', 'stellar-sdk', 'package.json'), 'utf8'),
  ).version;

/** The schema a lazy reference (the SDK's way of naming a recursive type) stands for. */
export function unlazy(schema) {
  let s = schema;
  while (s.kind === 'lazy') s = s.getSchema();
  return s;
}

/** The discriminant of a union case as the wire holds it. */
export const discriminantValue = (discriminant) =>
  typeof discriminant === 'boolean' ? Number(discriminant) : discriminant;

/**
 * The SDK class a schema is the own `schema` of, by name: the export named as the schema is
 * (`xdr.AccountId` is `xdr.PublicKey`; `xdr.Int128`, a bigint helper sharing Int128Parts' schema,
 * is not the class the SDK decodes that schema into).
 */
export function classOf(schema) {
  const cls = schema.name === undefined ? undefined : xdr[schema.name];
  return cls && Object.hasOwn(cls, 'schema') && cls.schema === schema ? `xdr.${schema.name}` : undefined;
}

/** Whether the SDK decodes a string schema into an XdrString (its xdrString) or into bytes (js-xdr's). */
export const decodesToXdrString = (s) => s.decode(new Uint8Array(4)) instanceof xdr.XdrString;

/** The fewest bytes a value of `schema` takes: an array element must take at least one. */
export function leastBytes(schema, seen = new Set()) {
  const s = unlazy(schema);
  if (seen.has(s)) return 4; // a recursive type: its own union discriminant or length comes first
  switch (s.kind) {
    case 'void':
      return 0;
    case 'opaque':
      return (s.length + 3) & ~3;
    case 'int64':
    case 'uint64':
    case 'double':
      return 8;
    case 'struct':
      return s.entries.reduce((n, [, field]) => n + leastBytes(field, new Set([...seen, s])), 0);
    case 'fixedArray':
      return s.length * leastBytes(s.element, seen);
    default:
      return 4;
  }
}

/**
 * A generator's command: writes `path` with `source()`, or, with `--check`, fails when the file
 * is not what it would write.
 */
export function generate(path, source) {
  const text = source();
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== text) {
      console.error(`${path} is not what the installed SDK generates: run pnpm generate`);
      process.exit(1);
    }
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}
