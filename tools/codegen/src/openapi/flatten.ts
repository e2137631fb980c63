import { COMPONENT_REF_PREFIX } from '../shared/json-schema.js';

/**
 * Closed compositions made plain: a schema that is `allOf` plain object parts plus
 * `unevaluatedProperties: false` says exactly what one object schema with the union of their
 * properties and `additionalProperties: false` says. The plain form validates without ajv's
 * run-time tracking of evaluated properties, which dominates the cost of validating pages of
 * records (every operation and effect type is such a composition).
 *
 * A part is plain when it is an object schema made only of `type`, `properties`, `required` and
 * annotations, inline or a reference to a component that is. A property named in two parts keeps
 * both schemas (`allOf`). Anything else is left as it is.
 */
export function flattenClosedCompositions(schemas: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, flatten(schema, schemas)]),
  );
}

type Plain = { properties?: Record<string, unknown>; required?: string[] };

const PLAIN_KEYS = new Set(['type', 'properties', 'required', 'title', 'description']);

function plainPart(part: unknown, schemas: Record<string, unknown>): Plain | undefined {
  if (!part || typeof part !== 'object') return undefined;
  const ref = (part as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    if (Object.keys(part).length !== 1 || !ref.startsWith(COMPONENT_REF_PREFIX)) return undefined;
    return plainPart(schemas[ref.slice(COMPONENT_REF_PREFIX.length)], schemas);
  }
  const object = part as Record<string, unknown>;
  if (Object.keys(object).some((key) => !PLAIN_KEYS.has(key))) return undefined;
  if (object.type !== undefined && object.type !== 'object') return undefined;
  return object as Plain;
}

function flatten(schema: unknown, schemas: Record<string, unknown>): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { allOf, unevaluatedProperties, ...rest } = schema as Record<string, unknown>;
  if (unevaluatedProperties !== false || !Array.isArray(allOf)) return schema;
  if (Object.keys(rest).some((key) => key !== 'title' && key !== 'description')) return schema;
  const parts = allOf.map((part) => plainPart(part, schemas));
  if (parts.some((part) => part === undefined)) return schema;

  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  const shared: unknown[] = [];
  (parts as Plain[]).forEach((part, index) => {
    // A component part stays one shared check of its members and their `required`; here its
    // members are only named (`true`), so that the object is closed over every part's members.
    const component = typeof (allOf[index] as { $ref?: unknown }).$ref === 'string';
    if (component) shared.push(allOf[index]);
    for (const [key, value] of Object.entries(part.properties ?? {})) {
      if (component) properties[key] ??= true;
      else
        properties[key] =
          key in properties && properties[key] !== true ? { allOf: [properties[key], value] } : value;
    }
    if (!component) for (const key of part.required ?? []) required.add(key);
  });
  return {
    ...rest,
    type: 'object',
    ...(shared.length > 0 ? { allOf: shared } : {}),
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}
