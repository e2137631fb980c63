// What both XDR generators (generate-xdr-skipper.mjs, generate-xdr-reader.mjs) read off the
// installed @stellar/stellar-sdk: its version, and its xdr schemas (each generated class's static
// `schema`, a @stellar/js-xdr type tree) with their lazy references resolved.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
