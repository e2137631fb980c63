/**
 * Compares an answer in xdrFormat json with the base64 answer of the same call: every XDR field
 * must reappear under its json name (stellar-rpc's renaming) holding a JSON value that
 * @stellar/stellar-xdr-json's `encode` turns back into the same bytes, and every other field must
 * be equal.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type MethodName, xdrFieldsOf } from '@starspec/ledger-rpc';
import { expect } from 'vitest';

type Encode = (type: string, json: string) => string;

/** The package's encode, imported on first use (a test counts who imports the package). */
async function loadEncode(): Promise<Encode> {
  const module = await import('@stellar/stellar-xdr-json');
  const wasm = createRequire(import.meta.url).resolve('@stellar/stellar-xdr-json/stellar_xdr_json_bg.wasm');
  module.initSync(readFileSync(wasm));
  return module.encode;
}

/** The json name of a base64 field: `*Xdr` → `*Json`, and the five fields without the suffix. */
const RENAMED: Record<string, string> = {
  events: 'eventsJson',
  topic: 'topicJson',
  value: 'valueJson',
  key: 'keyJson',
  xdr: 'dataJson',
};
/** A base64 string, or arrays of them. */
const isXdrValue = (value: unknown): boolean =>
  typeof value === 'string' || (Array.isArray(value) && value.every(isXdrValue));
/** simulateTransaction's `events` (base64 strings), not getEvents' (objects, kept as `events`). */
const isXdrList = (value: unknown) => Array.isArray(value) && typeof value[0] === 'string';

const jsonName = (name: string) =>
  RENAMED[name] ?? (name.endsWith('Xdr') ? `${name.slice(0, -3)}Json` : undefined);

interface Types {
  encode: Encode;
  byPointer: ReadonlyMap<string, string>;
}

function expectXdrAsJson(base: unknown, json: unknown, at: string, types: Types): void {
  if (Array.isArray(base)) {
    expect(Array.isArray(json) ? json.length : json, at).toBe(base.length);
    for (const [i, item] of base.entries())
      expectXdrAsJson(item, (json as unknown[])[i], `${at}/${i}`, types);
    return;
  }
  const type = types.byPointer.get(at);
  expect(type, `${at} is an XDR field of the contract`).toBeDefined();
  expect(types.encode(type as string, JSON.stringify(json)), at).toBe(base);
}

function expectSame(base: unknown, json: unknown, at: string, types: Types): void {
  if (Array.isArray(base)) {
    expect(Array.isArray(json) ? json.length : json, at).toBe(base.length);
    for (const [i, item] of base.entries()) expectSame(item, (json as unknown[])[i], `${at}/${i}`, types);
    return;
  }
  if (base === null || typeof base !== 'object') {
    expect(json, at).toEqual(base);
    return;
  }
  expect(json, at).toBeTypeOf('object');
  const jsonObject = json as Record<string, unknown>;
  const compared = new Set<string>();
  for (const [name, value] of Object.entries(base)) {
    const twin = jsonName(name);
    // XDR fields are base64 strings or arrays of them; their names have a json twin.
    if (twin === undefined || !isXdrValue(value) || (name === 'events' && !isXdrList(value))) {
      compared.add(name);
      expectSame(value, jsonObject[name], `${at}/${name}`, types);
      continue;
    }
    compared.add(twin);
    expect(Object.hasOwn(jsonObject, twin), `${at}/${twin} is in the json answer`).toBe(true);
    expectXdrAsJson(value, jsonObject[twin], `${at}/${name}`, types);
    // getLedgers keeps its base64 fields, empty (protocol.LedgerInfo has no omitempty there).
    if (Object.hasOwn(jsonObject, name)) {
      compared.add(name);
      expect(jsonObject[name], `${at}/${name}`).toBe('');
    }
  }
  expect(
    Object.keys(jsonObject).filter((name) => !compared.has(name)),
    `${at}: fields only in json`,
  ).toEqual([]);
}

/** Asserts `json` is `base` in xdrFormat json (see above). */
export async function expectJsonTwin(method: MethodName, base: unknown, json: unknown): Promise<void> {
  const fields = xdrFieldsOf(method, base as Record<string, unknown>);
  const byPointer = new Map(fields.map((field) => [field.pointer, field.type]));
  expectSame(base, json, '', { encode: await loadEncode(), byPointer });
}

/** The names of the json fields an answer has, anywhere in it, sorted. */
export function jsonFieldNames(value: unknown): string[] {
  const names = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object')
      for (const [name, child] of Object.entries(node)) {
        if (name.endsWith('Json')) names.add(name);
        else visit(child);
      }
  };
  visit(value);
  return [...names].sort();
}
