import { ADDED_IN } from '../shared/added-in.js';
import { COMPONENT_REF_PREFIX } from '../shared/json-schema.js';

// Keywords that only annotate in OpenAPI and are unknown to ajv's JSON Schema 2020-12 vocabulary.
const ANNOTATIONS = new Set(['example', 'xml', 'externalDocs', 'discriminator']);

/**
 * Turns an OpenAPI 3.1 schema into one ajv compiles: component references point at the
 * components schema, OpenAPI-only annotations and `x-` extensions are dropped, except
 * `x-added-in`, which the read modes consume (see shared/read-modes.ts).
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const switched = discriminatorSwitch(schema as Record<string, unknown>);
  if (switched) return toJsonSchema(switched);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === ADDED_IN) out[key] = value;
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string') {
      const match = /^#\/components\/schemas\/(.+)$/.exec(value);
      if (!match) throw new Error(`schema reference ${value} must point into #/components/schemas`);
      out.$ref = `${COMPONENT_REF_PREFIX}${match[1]}`;
      continue;
    }
    // Property names, examples and enum values are data, not schemas.
    if (
      key === 'properties' ||
      key === 'patternProperties' ||
      key === '$defs' ||
      key === 'dependentSchemas'
    ) {
      out[key] = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, toJsonSchema(v)]));
    } else if (
      key === 'examples' ||
      key === 'enum' ||
      key === 'const' ||
      key === 'default' ||
      key === 'required'
    ) {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(value);
    }
  }
  return out;
}

/**
 * A `oneOf` with a discriminator mapping, rewritten as a switch on the tag: the tag must be one of
 * the mapped values, and only the schema it maps to is checked. Equivalent for disjoint tags, and
 * much faster than trying every branch (a page of operations has 27 candidate types per record);
 * errors then come from the matching branch only. Returns undefined when the shape does not fit.
 */
function discriminatorSwitch(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const discriminator = schema.discriminator as { propertyName?: unknown; mapping?: unknown } | undefined;
  const oneOf = schema.oneOf;
  if (!discriminator || typeof discriminator.propertyName !== 'string' || !Array.isArray(oneOf))
    return undefined;
  const mapping = discriminator.mapping as Record<string, string> | undefined;
  if (!mapping || typeof mapping !== 'object') return undefined;
  const targets = new Set(Object.values(mapping));
  const branches = oneOf.map((branch) => (branch as { $ref?: unknown })?.$ref);
  if (branches.some((ref) => typeof ref !== 'string' || !targets.has(ref))) return undefined;
  if (new Set(branches).size !== targets.size) return undefined;
  const tag = discriminator.propertyName;
  const { oneOf: _branches, discriminator: _discriminator, allOf, ...rest } = schema;
  // One chain of if/then/else: the cases after the one that matches are not even tried.
  const chain = [...targets].reduceRight<Record<string, unknown> | undefined>(
    (otherwise, ref) => ({
      if: {
        required: [tag],
        properties: { [tag]: { enum: Object.keys(mapping).filter((value) => mapping[value] === ref) } },
      },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here.
      then: { $ref: ref },
      ...(otherwise ? { else: otherwise } : {}),
    }),
    undefined,
  );
  return {
    ...rest,
    allOf: [
      ...((allOf as unknown[] | undefined) ?? []),
      { type: 'object', required: [tag], properties: { [tag]: { enum: Object.keys(mapping) } } },
      ...(chain ? [chain] : []),
    ],
  };
}

/** JSON Schema for one cross-parameter constraint (`x-query-constraints`). */
export function constraintSchema(constraint: { kind: string; parameters: string[] }): unknown {
  const [first, ...rest] = constraint.parameters;
  if (!first || rest.length === 0) throw new Error('a query constraint names at least two parameters');
  if (constraint.kind === 'exactly-one') {
    return { oneOf: constraint.parameters.map((name) => ({ required: [name] })) };
  }
  if (constraint.kind === 'at-most-one') {
    const pairs: unknown[] = [];
    constraint.parameters.forEach((a, i) => {
      for (const b of constraint.parameters.slice(i + 1)) pairs.push({ required: [a, b] });
    });
    return { not: { anyOf: pairs } };
  }
  throw new Error(`unknown query constraint kind '${constraint.kind}'`);
}
