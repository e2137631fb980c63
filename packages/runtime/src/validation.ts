import type { ProblemOverride } from './operations.js';

/** A validation failure, located by a JSON pointer into the validated value. */
export interface ValidationError {
  /** JSON pointer, e.g. `/query/type` or `/rate/fee/total`. */
  path: string;
  message: string;
  /** The JSON Schema keyword (or `constraint`) that failed. */
  keyword: string;
  /** The contract's own wording for this failure, when it declares one (`x-problem-reasons`). */
  reason?: string;
  /** The contract's own problem for this failure (a cross-parameter rule that declares one). */
  problem?: ProblemOverride;
}

export interface ValidationResult {
  ok: boolean;
  errors: ValidationError[];
}

/** The subset of an ajv error object that standalone validators produce. */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A validator function as emitted by ajv's standalone code. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Converts ajv errors to located messages; `prefix` is prepended to every path. */
export function fromAjvErrors(
  errors: readonly AjvError[] | null | undefined,
  prefix = '',
): ValidationError[] {
  const out: ValidationError[] = [];
  for (const error of errors ?? []) {
    // Branch failures of oneOf/anyOf are noise next to the combinator's own error.
    if (/\/(oneOf|anyOf)\/\d+\//.test(error.schemaPath)) continue;
    let path = prefix + error.instancePath;
    let message = error.message ?? error.keyword;
    const params = error.params;
    switch (error.keyword) {
      case 'required':
        path = `${path}/${escapePointer(String(params.missingProperty))}`;
        message = 'is required';
        break;
      case 'enum':
        message = `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
        break;
      case 'const':
        message = `must be ${JSON.stringify(params.allowedValue)}`;
        break;
      case 'additionalProperties':
        path = `${path}/${escapePointer(String(params.additionalProperty))}`;
        message = 'is not allowed here';
        break;
      case 'format':
        message = `must be a valid ${String(params.format)}`;
        break;
      case 'pattern':
        message = `does not match the expected format (${String(params.pattern)})`;
        break;
    }
    if (!out.some((e) => e.path === path && e.message === message))
      out.push({ path, message, keyword: error.keyword });
  }
  return out;
}

/** Runs a compiled validator and returns `{ ok, errors }`. */
export function runValidator(validator: CompiledValidator, value: unknown, prefix = ''): ValidationResult {
  const ok = validator(value);
  return { ok, errors: ok ? [] : fromAjvErrors(validator.errors, prefix) };
}

export const valid: ValidationResult = Object.freeze({ ok: true, errors: [] }) as ValidationResult;

/** `/query/sell_asset` → `query parameter 'sell_asset'`; `/body/a/b` → `body field 'a/b'`. */
export function describePath(path: string): string {
  const [, location, ...rest] = path.split('/');
  const name = rest.join('/').replace(/~1/g, '/').replace(/~0/g, '~');
  switch (location) {
    case 'query':
      return name ? `query parameter '${name}'` : 'query';
    case 'path':
      return name ? `path parameter '${name}'` : 'path';
    case 'headers':
      return name ? `header '${name}'` : 'headers';
    case 'body':
      return name ? `body field '${name}'` : 'body';
    default:
      return path || 'value';
  }
}

/** One readable sentence for a list of errors, naming each offending parameter. */
export function formatErrors(errors: readonly ValidationError[]): string {
  return errors
    .map((e) => (e.keyword === 'constraint' ? e.message : `${describePath(e.path)} ${e.message}`))
    .join('; ');
}
