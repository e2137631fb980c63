// The json fields of the contract (`x-xdr-json-type`) against the official stellar-xdr JSON
// encoding (@stellar/stellar-xdr-json): their declared JSON types are the types of the encoding's
// own JSON Schema, and every json value in the contract's examples is that encoding of its type.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { decode, encode, initSync, schema } from '@stellar/stellar-xdr-json';
import { describe, expect, it } from 'vitest';
import { document } from '../../src/index.js';

initSync(
  readFileSync(createRequire(import.meta.url).resolve('@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm')),
);

type Schema = { [key: string]: unknown };
const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;

const resolve = (node: Schema): Schema =>
  typeof node.$ref === 'string'
    ? resolve(schemas[node.$ref.replace('#/components/schemas/', '')] as Schema)
    : node;

/** Every schema node marked `x-xdr-json-type`, with where it is. */
function jsonFieldSchemas(): Array<[string, Schema]> {
  const found: Array<[string, Schema]> = [];
  const visit = (node: unknown, at: string): void => {
    if (Array.isArray(node)) for (const [i, item] of node.entries()) visit(item, `${at}/${i}`);
    else if (node !== null && typeof node === 'object') {
      if ('x-xdr-json-type' in node) found.push([at, node as Schema]);
      for (const [key, child] of Object.entries(node)) visit(child, `${at}/${key}`);
    }
  };
  visit(schemas, '#/components/schemas');
  return found;
}

/** The json values in an example, found by walking it along its schema. */
function jsonValues(node: Schema, value: unknown, at: string, out: Array<[string, string, unknown]>): void {
  const schema = resolve(node);
  const type = schema['x-xdr-json-type'];
  if (typeof type === 'string') {
    out.push([at, type, value]);
    return;
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, item] of value.entries()) jsonValues(schema.items as Schema, item, `${at}/${i}`, out);
  } else if (value !== null && typeof value === 'object' && schema.properties) {
    const properties = schema.properties as Record<string, Schema>;
    for (const [key, child] of Object.entries(value)) {
      if (properties[key]) jsonValues(properties[key], child, `${at}/${key}`, out);
    }
  }
}

/** The top-level JSON types a stellar-xdr JSON Schema allows. */
function encodingTypes(xdrType: string): string[] {
  const root = JSON.parse(schema(xdrType)) as Schema;
  const arms = (root.oneOf ?? root.anyOf ?? [root]) as Schema[];
  return [...new Set(arms.map((arm) => arm.type as string))].sort();
}

describe('the json fields of the contract', () => {
  const fields = jsonFieldSchemas();

  it('are many, one per XDR value an answer carries', () => {
    expect(fields.length).toBeGreaterThanOrEqual(25);
  });

  it.each(fields)('%s has the JSON type of the stellar-xdr encoding', (_at, field) => {
    const declared = [field.type].flat().sort();
    expect(declared).toEqual(encodingTypes(field['x-xdr-json-type'] as string));
  });

  const methods = document.methods as Array<{
    name: string;
    result: { schema: Schema };
    examples?: Array<{ name: string; result: { value: unknown } }>;
  }>;
  const examples: Array<[string, string, unknown]> = [];
  for (const method of methods) {
    for (const example of method.examples ?? []) {
      jsonValues(method.result.schema, example.result.value, `${method.name} "${example.name}"`, examples);
    }
  }

  it('have examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
  });

  it.each(examples)('%s: an example is the stellar-xdr JSON of its type', (_at, type, value) => {
    const text = JSON.stringify(value);
    expect(JSON.parse(decode(type, encode(type, text)))).toEqual(value);
  });
});
