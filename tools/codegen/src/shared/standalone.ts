import { createRequire } from 'node:module';
import { transformSync } from 'esbuild';

// ajv ships CommonJS; its standalone module is loaded the same way.
const require = createRequire(import.meta.url);
const standaloneCode = require('ajv/dist/standalone')
  .default as typeof import('ajv/dist/standalone/index.js').default;

type Ajv = Parameters<typeof standaloneCode>[0];

/** The ajv options every ahead-of-time validator module is compiled with (OpenAPI and OpenRPC). */
export const STANDALONE_OPTIONS = {
  code: { source: true, esm: true, lines: false },
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  // Keep error objects small: no schema or data copies.
  verbose: false,
  // The read mode is the validator's `this`, handed on to referenced validators (see read-modes.ts).
  passContext: true,
} as const;

/**
 * ajv's run-time helpers, by the CommonJS expression its standalone code loads them with, as
 * self-contained functions. Inlined, the validators import nothing: the same module runs in Node
 * and in any bundler, without CommonJS interop or `node:module`.
 */
const INLINE_HELPERS: Record<string, string> = {
  // ajv/dist/runtime/ucs2length (MIT): string length in code points, as maxLength/minLength count.
  'require("ajv/dist/runtime/ucs2length").default': `function ucs2length(str) {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}`,
};

/** ajv's standalone code as a self-contained ES module: helpers inlined, no `require`. */
export function toEsm(code: string): string {
  let body = code.replace(/^"use strict";/, '');
  for (const [expression, source] of Object.entries(INLINE_HELPERS))
    body = body.split(expression).join(source);
  const left = /require\("[^"]*"\)[\w.]*/.exec(body);
  if (left)
    throw new Error(`the validators need ${left[0]}, which has no inline form: add one to INLINE_HELPERS`);
  return `${body}\n`;
}

/**
 * The length of the bracketed value (object, array or call arguments) that starts at `start` of
 * `code`: ajv emits schemas as JSON and error objects as literals of strings, numbers and names.
 */
function bracketedLength(code: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < code.length; i++) {
    const char = code[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ']' || char === ')') {
      depth--;
      if (depth === 0) return i + 1 - start;
    }
  }
  throw new Error('unterminated value in the standalone code');
}

/** The top-level `key:value` members of an object literal's body (`instancePath` stands for itself). */
function members(body: string): Array<[string, string]> | undefined {
  const out: Array<[string, string]> = [];
  let from = 0;
  let depth = 0;
  let inString = false;
  const push = (text: string) => {
    const colon = text.indexOf(':');
    out.push(colon < 0 ? [text, text] : [text.slice(0, colon), text.slice(colon + 1)]);
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[' || char === '(') depth++;
    else if (char === '}' || char === ']' || char === ')') depth--;
    else if (char === ',' && depth === 0) {
      push(body.slice(from, i));
      from = i + 1;
    }
  }
  push(body.slice(from));
  return out;
}

const ERROR_FIELDS = ['instancePath', 'schemaPath', 'keyword', 'params', 'message'];
/** Appends one error to the list (null while there is none), as every error site of ajv's code does. */
const APPEND_ERROR = `function appendError(list, instancePath, schemaPath, keyword, params, message) {
  const error = { instancePath, schemaPath, keyword, params, message };
  if (list === null) return [error];
  list.push(error);
  return list;
}
`;

/**
 * ajv writes every error site out in full: an object literal and the code that appends it. Each
 * becomes one call of appendError, the same object in the same list: about a third of the bytes
 * of the validators, on the error path only.
 */
export function withCompactErrorSites(code: string): string {
  const site = /const (err\d+) = (?=\{)/g;
  let out = '';
  let from = 0;
  for (let match = site.exec(code); match; match = site.exec(code)) {
    const name = match[1] as string;
    const start = match.index + match[0].length;
    const end = start + bracketedLength(code, start);
    const tail = `;if(vErrors === null){vErrors = [${name}];}else {vErrors.push(${name});}errors++;`;
    const fields = members(code.slice(start + 1, end - 1));
    const keys = fields?.map(([key]) => key);
    if (!code.startsWith(tail, end) || keys?.join() !== ERROR_FIELDS.join()) continue;
    const values = (fields as Array<[string, string]>).map(([, value]) => value).join(',');
    out += `${code.slice(from, match.index)}vErrors = appendError(vErrors,${values});errors++;`;
    from = end + tail.length;
    site.lastIndex = from;
  }
  return from === 0 ? code : APPEND_ERROR + out + code.slice(from);
}

/**
 * Drops the copies of source schemas that ajv's standalone code declares (`const schemaN = {…}`)
 * but no validator reads: with every component compiled once they are most of the bytes.
 */
export function withoutUnusedSchemas(code: string): string {
  const uses = new Map<string, number>();
  for (const [name] of code.matchAll(/\bschema\d+\b/g)) uses.set(name, (uses.get(name) ?? 0) + 1);
  const declaration = /const (schema\d+) = (?=[{[])/g;
  let out = '';
  let from = 0;
  for (let match = declaration.exec(code); match; match = declaration.exec(code)) {
    const name = match[1] as string;
    const end = match.index + match[0].length + bracketedLength(code, match.index + match[0].length);
    // Declared and never read again: the declaration is its only mention.
    if (code[end] !== ';' || (uses.get(name) ?? 0) > 1) continue;
    out += code.slice(from, match.index);
    from = end + 1;
    declaration.lastIndex = end + 1;
  }
  return out + code.slice(from);
}

/**
 * One ES module of validators: `exports` maps each export name to a schema key or `$id` of `ajv`.
 * Every schema is compiled once and shared by all that refer to it. Emitted as JavaScript with
 * declarations beside it (standaloneDeclarations): the compiler reads one line per validator
 * instead of their code.
 */
export function standaloneJs(ajv: Ajv, exports: Record<string, string>): string {
  const code = withCompactErrorSites(withoutUnusedSchemas(toEsm(standaloneCode(ajv, exports))));
  // Minified as a bundler would: the same code in a fraction of the bytes, for every consumer.
  return transformSync(code, { minify: true, format: 'esm', target: 'es2022', charset: 'utf8' }).code;
}

/** The declarations beside a module of validators: one compiled validator per export name. */
export function standaloneDeclarations(exportNames: readonly string[]): string {
  return [
    "import type { CompiledValidator } from '@starspec/runtime/client';",
    '',
    ...exportNames.map((name) => `export declare const ${name}: CompiledValidator;`),
    '',
  ].join('\n');
}
