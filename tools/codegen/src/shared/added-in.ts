/**
 * `x-added-in`: the server release that added a member, on the member's schema
 * (`"latestLedgerCloseTime": { "x-added-in": "27.1.0", ... }`). A server one release older
 * leaves such a member out, so a tolerant reader does not require it (the strict one does),
 * and the generated types declare it optional.
 */
export const ADDED_IN = 'x-added-in';

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Whether a member's schema carries `x-added-in` (directly, or in one part of an `allOf`). */
function isAdded(member: unknown): boolean {
  if (!isSchema(member)) return false;
  if (typeof member[ADDED_IN] === 'string') return true;
  return Array.isArray(member.allOf) && member.allOf.some(isAdded);
}

/** The members an object schema declares with `x-added-in`. */
export function addedMembers(schema: Schema): string[] {
  const properties = schema.properties;
  if (!isSchema(properties)) return [];
  return Object.entries(properties)
    .filter(([, member]) => isAdded(member))
    .map(([name]) => name);
}

// Branches that only add requirements on the members of the schema they sit in, e.g.
// `anyOf: [{ required: [key, xdr, extXdr] }, { required: [keyJson, dataJson, extJson] }]`.
const BRANCH_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const BRANCHES = ['then', 'else'] as const;

/**
 * Takes the added members out of the `required` lists of a schema and of its branches that
 * declare no members of their own, calling `moved(where, names)` for each list it shortened.
 * `members` defaults to the ones the schema marks. Returns a copy; the input is not changed.
 */
export function withoutAddedRequired(
  schema: Schema,
  moved: (where: Schema, names: string[]) => void,
  members: readonly string[] = addedMembers(schema),
): Schema {
  const added = new Set(members);
  if (added.size === 0) return schema;
  const strip = (node: Schema): Schema => {
    if (!Array.isArray(node.required)) return node;
    const names = (node.required as string[]).filter((name) => added.has(name));
    if (names.length === 0) return node;
    const { required, ...rest } = node;
    const kept = (required as string[]).filter((name) => !added.has(name));
    const out: Schema = kept.length > 0 ? { ...rest, required: kept } : rest;
    moved(out, names);
    return out;
  };
  const branch = (node: unknown) => (isSchema(node) && !isSchema(node.properties) ? strip(node) : node);
  const out = strip(schema);
  const copy: Schema = out === schema ? { ...schema } : out;
  for (const key of BRANCH_LISTS) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).map(branch);
  }
  for (const key of BRANCHES) if (copy[key] !== undefined) copy[key] = branch(copy[key]);
  return copy;
}

// Values that are data, not schemas: never searched for `x-added-in`.
const DATA_KEYS = new Set(['enum', 'const', 'default', 'example', 'examples', 'required']);

/**
 * A copy of a whole contract (OpenAPI or OpenRPC) in which no member marked `x-added-in` is
 * required, for the type generators: the types then say what a tolerant client may receive.
 */
export function addedMembersOptional<T>(document: T): T {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isSchema(node)) return node;
    const out: Schema = {};
    for (const [key, value] of Object.entries(node)) out[key] = DATA_KEYS.has(key) ? value : visit(value);
    return withoutAddedRequired(out, () => {});
  };
  return visit(document) as T;
}
