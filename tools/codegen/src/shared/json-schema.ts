/**
 * How a converted schema refers to a component schema: this prefix and its name, which is also the
 * component's `$id` with ajv. Each component is a schema of its own (not a `$defs` entry of one
 * document), so ajv compiles it once however many operations refer to it. The absolute path
 * resolves to itself from any other component's `$id`.
 */
export const COMPONENT_REF_PREFIX = '/components/schemas/';

// Keywords that only annotate: ajv's code never reads them, and they would only be copied into it.
const ANNOTATION_KEYWORDS = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
// Keywords whose value maps names to subschemas.
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);
// Keywords whose value is data or a plain value, never a subschema.
const DATA_KEYWORDS = new Set([
  'enum',
  'const',
  'default',
  'required',
  'dependentRequired',
  'type',
  'format',
  'pattern',
  '$ref',
  '$id',
  'unknownMember',
  'addedRequired',
]);

/** The schema without annotations (see ANNOTATION_KEYWORDS): what ajv compiles, nothing more. */
export function validationOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(validationOnly);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATION_KEYWORDS.has(key)) continue;
    if (DATA_KEYWORDS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, validationOnly(sub)]));
    } else out[key] = validationOnly(value);
  }
  return out;
}

/** Whether any schema in `value` uses one of the keywords. */
export function usesKeyword(value: unknown, keywords: readonly string[]): boolean {
  if (Array.isArray(value)) return value.some((item) => usesKeyword(item, keywords));
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => keywords.includes(key) || usesKeyword(v, keywords));
}

/** Whether any `pattern` of the contract needs Unicode regular expressions (non-ASCII or `\p`/`\u{}` escapes). */
export function needsUnicodePatterns(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(needsUnicodePatterns);
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) =>
    key === 'pattern' && typeof v === 'string'
      ? /[^ -~\t\n\r]|\\[pP]\{|\\u\{/.test(v)
      : needsUnicodePatterns(v),
  );
}

/**
 * Registers each component schema under its own `$id` (the reference prefix and its name), so
 * that ajv compiles it once and every schema referring to it calls that one function.
 */
export function addComponents(
  ajv: { addSchema(schema: object): unknown },
  components: Record<string, unknown>,
  prefix: string,
): void {
  for (const [name, schema] of Object.entries(components)) {
    ajv.addSchema({ $id: `${prefix}${name}`, ...(validationOnly(schema) as object) });
  }
}
