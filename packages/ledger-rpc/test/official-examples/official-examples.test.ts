// The published examples of the real service validate against our contract once the documented
// drifts are applied; a mutated copy of each does not.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadOpenRpc } from '@starspec/codegen';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type MethodName, validate } from '../../src/index.js';

interface Fix {
  op: 'remove' | 'add' | 'replace';
  path: string;
  value?: unknown;
}
interface Drift {
  method: MethodName;
  example: string;
  fixes: Fix[];
  reason: string;
}
interface Example {
  name: string;
  params?: { name: string; value: unknown }[];
  result?: { value: unknown };
}
interface Method {
  name: MethodName;
  examples?: Example[];
  result: { schema: { $ref?: string; required?: string[] } };
}

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const upstream = JSON.parse(read('./upstream.openrpc.json')) as { methods: Method[] };
const drifts = parse(read('./drift.yaml')) as Drift[];
const ours = (await loadOpenRpc(
  fileURLToPath(new URL('../../../../specs/ledger-rpc.openrpc.json', import.meta.url)),
)) as unknown as {
  methods: Method[];
  components: { schemas: Record<string, { required?: string[] }> };
};

const cases = upstream.methods.flatMap((method) =>
  (method.examples ?? []).map((example) => ({ method: method.name, example })),
);
const driftOf = (method: string, example: string) =>
  drifts.find((d) => d.method === method && d.example === example);

/** Applies fixes to a copy; a `*` segment applies the rest of the path to every array element. */
function applyFixes(value: unknown, fixes: Fix[]): unknown {
  const copy = structuredClone(value);
  const apply = (target: unknown, segments: string[], fix: Fix): void => {
    const [head, ...rest] = segments;
    if (head === undefined) return;
    if (head === '*') {
      if (!Array.isArray(target)) throw new Error(`${fix.path}: '*' needs an array`);
      for (const item of target) apply(item, rest, fix);
      return;
    }
    const object = target as Record<string, unknown>;
    if (rest.length > 0) {
      apply(object[head], rest, fix);
      return;
    }
    if (fix.op === 'remove') {
      if (!(head in object)) throw new Error(`${fix.path}: nothing to remove`);
      delete object[head];
    } else {
      if (fix.op === 'add' && head in object) throw new Error(`${fix.path}: already present`);
      if (fix.op === 'replace' && !(head in object)) throw new Error(`${fix.path}: nothing to replace`);
      object[head] = fix.value;
    }
  };
  for (const fix of fixes) apply(copy, fix.path.split('/').slice(1), fix);
  return copy;
}

/** The first property our contract requires in a method's result. */
function requiredField(method: MethodName): string {
  const schema = ours.methods.find((m) => m.name === method)?.result.schema;
  const name = schema?.$ref?.split('/').pop();
  const required = (name ? ours.components.schemas[name]?.required : schema?.required) ?? [];
  if (!required[0]) throw new Error(`${method}: no required result field`);
  return required[0];
}

const paramsOf = (example: Example) =>
  Object.fromEntries((example.params ?? []).map((p) => [p.name, p.value]));

describe('published examples of the real service', () => {
  it('covers every method of the contract that has published examples', () => {
    expect(new Set(cases.map((c) => c.method)).size).toBe(12);
    expect(cases.length).toBeGreaterThanOrEqual(23);
  });

  it('names only examples that exist in its drift list', () => {
    for (const drift of drifts) {
      expect(cases.some((c) => c.method === drift.method && c.example.name === drift.example)).toBe(true);
      expect(drift.reason.length).toBeGreaterThan(20);
    }
  });

  it.each(cases)('$method: $example.name', ({ method, example }) => {
    expect(validate.params(method, paramsOf(example)).errors).toEqual([]);
    const drift = driftOf(method, example.name);
    const raw = example.result?.value;
    if (drift) {
      // The drift is real: as published, the example is not what the server sends.
      expect(validate.result(method, raw).ok).toBe(false);
    }
    const fixed = drift ? applyFixes(raw, drift.fixes) : raw;
    expect(validate.result(method, fixed).errors).toEqual([]);
  });
});

describe('mutated copies fail', () => {
  it.each(cases)(
    '$method: $example.name without a required field, and with a wrong type',
    ({ method, example }) => {
      const drift = driftOf(method, example.name);
      const fixed = (
        drift ? applyFixes(example.result?.value, drift.fixes) : example.result?.value
      ) as Record<string, unknown>;
      const field = requiredField(method);
      expect(field in fixed).toBe(true);

      const missing = structuredClone(fixed);
      delete missing[field];
      expect(validate.result(method, missing).ok).toBe(false);

      const retyped = structuredClone(fixed);
      retyped[field] = typeof fixed[field] === 'string' ? 12345 : 'not-the-right-type';
      expect(validate.result(method, retyped).ok).toBe(false);
    },
  );
});
