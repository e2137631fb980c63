/**
 * One compiled validator, three ways to read an answer. The schemas are rewritten so that what
 * depends on the reader is decided at run time by two keywords (see mode-keywords.ts), which
 * read the mode the validator is called with (`this.mode`):
 *
 * - a member the contract does not declare is checked by `unknownMember`: `closed` where the
 *   contract closes the object (`additionalProperties`/`unevaluatedProperties: false`), rejected
 *   unless the mode is `tolerant`; `open` where the contract leaves a plain object open, rejected
 *   only in `strict` mode;
 * - a member marked `x-added-in` is required by `addedRequired` unless the mode is `tolerant`.
 *
 * Called without a mode, a validator checks exactly what the contract says, as before.
 */
import { ADDED_IN, addedMembers, withoutAddedRequired } from './added-in.js';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * How a subschema relates to the value its parent describes:
 * - `value`: it describes another value (a member, an item), an object of its own;
 * - `alternative`: it describes the same value instead of the parent's other branches;
 * - `merged`: it describes the same value together with siblings (allOf parts, conditions), so a
 *   member it does not declare may be a sibling's: it is never closed.
 */
type Link = 'value' | 'alternative' | 'merged';

const LINKS: Record<string, { shape: 'map' | 'list' | 'one'; link: Link }> = {
  properties: { shape: 'map', link: 'value' },
  patternProperties: { shape: 'map', link: 'value' },
  $defs: { shape: 'map', link: 'value' },
  definitions: { shape: 'map', link: 'value' },
  items: { shape: 'one', link: 'value' },
  prefixItems: { shape: 'list', link: 'value' },
  additionalItems: { shape: 'one', link: 'value' },
  unevaluatedItems: { shape: 'one', link: 'value' },
  additionalProperties: { shape: 'one', link: 'value' },
  unevaluatedProperties: { shape: 'one', link: 'value' },
  anyOf: { shape: 'list', link: 'alternative' },
  oneOf: { shape: 'list', link: 'alternative' },
  // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here.
  then: { shape: 'one', link: 'alternative' },
  else: { shape: 'one', link: 'alternative' },
  allOf: { shape: 'list', link: 'merged' },
  if: { shape: 'one', link: 'merged' },
  not: { shape: 'one', link: 'merged' },
  contains: { shape: 'one', link: 'merged' },
  propertyNames: { shape: 'one', link: 'merged' },
  dependentSchemas: { shape: 'map', link: 'merged' },
  dependencies: { shape: 'map', link: 'merged' },
};

/** Whether a schema describes members itself (`properties` and the like) or through a reference. */
function declaresMembers(schema: Schema): boolean {
  return (
    isSchema(schema.properties) ||
    isSchema(schema.patternProperties) ||
    isSchema(schema.additionalProperties) ||
    typeof schema.$ref === 'string'
  );
}

/**
 * A copy of the schema with every subschema replaced by `map(child, closable)`: whether the
 * object the child describes may be closed, given whether the parent's may.
 */
function mapChildren(schema: Schema, closable: boolean, map: (child: unknown, closable: boolean) => unknown) {
  const alternativeOk = closable && !declaresMembers(schema) && !Array.isArray(schema.allOf);
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    const link = LINKS[key];
    if (!link) {
      out[key] = value;
      continue;
    }
    const ok = link.link === 'value' ? closable : link.link === 'alternative' ? alternativeOk : false;
    // `items` may be a list (draft-07 tuples); `dependencies` may map to lists of names.
    if (Array.isArray(value)) out[key] = link.shape === 'map' ? value : value.map((child) => map(child, ok));
    else if (link.shape === 'map' && isSchema(value))
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, Array.isArray(child) ? child : map(child, ok)]),
      );
    else out[key] = map(value, ok);
  }
  return out;
}

// Subschemas that may declare members of the same object, which `additionalProperties` does not see.
const APPLICATORS = ['allOf', 'anyOf', 'oneOf', 'then', 'else', 'dependentSchemas', 'dependencies'];

/** Whether members may come from the schema's applicators or a reference. */
function membersFromApplicators(schema: Schema): boolean {
  if (typeof schema.$ref === 'string') return true;
  const subschemas = APPLICATORS.flatMap((key) => {
    const value = schema[key];
    if (Array.isArray(value)) return value;
    return LINKS[key]?.shape === 'map' && isSchema(value) ? Object.values(value) : [value];
  });
  return subschemas.some((sub) => isSchema(sub) && (declaresMembers(sub) || membersFromApplicators(sub)));
}

/**
 * The component schemas that are used where another schema describes the same value too (as an
 * `allOf` part, a condition, or anywhere below one): closing them would reject their siblings'
 * members, so they stay as open as the contract wrote them in every mode.
 */
export function mergedComponents(
  components: Record<string, unknown>,
  roots: readonly unknown[],
  refPrefix: string,
): Set<string> {
  const merged = new Set<string>();
  let changed = true;
  const walk = (node: unknown, closable: boolean): unknown => {
    if (!isSchema(node)) return node;
    const ref = node.$ref;
    if (!closable && typeof ref === 'string' && ref.startsWith(refPrefix)) {
      const name = ref.slice(refPrefix.length);
      if (!merged.has(name)) {
        merged.add(name);
        changed = true;
      }
    }
    return mapChildren(node, closable, walk);
  };
  while (changed) {
    changed = false;
    for (const root of roots) walk(root, true);
    for (const [name, schema] of Object.entries(components)) walk(schema, !merged.has(name));
  }
  return merged;
}

export interface ReadModeOptions {
  /** Close plain open objects in strict mode (answers); false for request parameters. */
  closeOpen: boolean;
}

/** A schema rewritten for the read modes (see the top of this file); `x-added-in` marks are consumed. */
export function withReadModes(schema: unknown, closable: boolean, options: ReadModeOptions): unknown {
  if (Array.isArray(schema)) return schema.map((item) => withReadModes(item, closable, options));
  if (!isSchema(schema)) return schema;
  const added = addedMembers(schema);
  const { [ADDED_IN]: _mark, ...rest } = schema;
  const out = mapChildren(rest, closable, (child, ok) => withReadModes(child, ok, options));
  if (out.additionalProperties === false) out.additionalProperties = { unknownMember: 'closed' };
  if (out.unevaluatedProperties === false) out.unevaluatedProperties = { unknownMember: 'closed' };
  const open =
    isSchema(out.properties) &&
    out.additionalProperties === undefined &&
    out.unevaluatedProperties === undefined &&
    out.patternProperties === undefined;
  if (options.closeOpen && closable && open && !membersFromApplicators(out)) {
    out.additionalProperties = { unknownMember: 'open' };
  }
  return withoutAddedRequired(
    out,
    (where, names) => {
      where.addedRequired = names;
    },
    added,
  );
}

/** Components (each closable unless merged somewhere) and the schemas that refer to them, rewritten. */
export function contractWithReadModes<R extends Record<string, unknown>>(
  components: Record<string, unknown>,
  roots: R,
  merged: ReadonlySet<string>,
  options: ReadModeOptions,
): { components: Record<string, unknown>; roots: R } {
  const rewrite = (entries: Record<string, unknown>, closable: (name: string) => boolean) =>
    Object.fromEntries(
      Object.entries(entries).map(([name, schema]) => [name, withReadModes(schema, closable(name), options)]),
    );
  return {
    components: rewrite(components, (name) => !merged.has(name)),
    roots: rewrite(roots, () => true) as R,
  };
}
