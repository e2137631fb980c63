import { createRequire } from 'node:module';
import { COMPONENT_REF_PREFIX, COMPONENTS_ID } from '../json-schema.js';
import type { ContractModel } from '../model.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../read-modes.js';
import { addReadModeKeywords } from './mode-keywords.js';

// ajv ships CommonJS; its standalone module is loaded the same way.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;
const standaloneCode = require('ajv/dist/standalone')
  .default as typeof import('ajv/dist/standalone/index.js').default;
const addFormats = require('ajv-formats').default as typeof import('ajv-formats').default;

// OpenAPI's numeric and binary formats: annotations here, the schema's `type` does the checking.
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];

/**
 * RFC 3339 `date-time`: real months and days per month (29 February is accepted in every year),
 * hours 00-23, minutes 00-59, seconds 00-60 (leap second), optional fraction, and `Z` or a
 * `±hh:mm` offset. `T`/`t` or a space separate date and time, as ajv-formats accepts.
 */
export const RFC3339_DATE_TIME =
  /^\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2\d))[Tt ](?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

export interface ValidatorExports {
  params: Record<string, string>;
  bodies: Record<string, Record<string, string>>;
  responses: Record<string, Record<string, string>>;
  schemas: Record<string, string>;
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

function newAjv(coerce: boolean, unicodeRegExp: boolean) {
  const ajv = new Ajv2020({
    ...STANDALONE_OPTIONS,
    // ASCII-only patterns run markedly faster as plain (non-`u`) regular expressions.
    unicodeRegExp,
    coerceTypes: coerce,
    useDefaults: coerce,
  });
  addFormats(ajv);
  addReadModeKeywords(ajv);
  // One regular expression instead of ajv-formats' split-and-parse: emitted inline, it checks
  // every timestamp of a page of records at a fraction of the cost.
  ajv.addFormat('date-time', RFC3339_DATE_TIME);
  for (const format of OPENAPI_FORMATS) ajv.addFormat(format, true);
  return ajv;
}

/**
 * ajv's standalone ESM still calls require() for its runtime helpers (CommonJS). A module-local
 * require keeps their exact CommonJS shape under Node and under bundlers' interop alike.
 */
export function toEsm(code: string): string {
  const body = code.replace(/^"use strict";/, '');
  if (!body.includes('require(')) return `${body}\n`;
  return `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n${body}\n`;
}

/**
 * Compiles every validator of a contract ahead of time. Returns two modules: request
 * parameters (string coercion and defaults on) and everything else (exact JSON types),
 * plus the export names for each validator. Answers can be read in a mode (see read-modes.ts).
 */
export function emitValidators(model: ContractModel) {
  const names: ValidatorExports = { params: {}, bodies: {}, responses: {}, schemas: {} };
  const answers = Object.fromEntries(
    model.operations.flatMap((o) => [
      ...Object.entries(o.bodySchemas).map(([type, schema]) => [
        `body ${o.meta.operationId} ${type}`,
        schema,
      ]),
      ...Object.entries(o.responseSchemas).map(([status, schema]) => [
        `${o.meta.operationId} ${status}`,
        schema,
      ]),
    ]),
  );
  const merged = new Set([
    ...model.mergedSchemas,
    ...mergedComponents(model.schemas, Object.values(answers), COMPONENT_REF_PREFIX),
  ]);
  const moded = contractWithReadModes(model.schemas, answers, merged, { closeOpen: true });
  const components = { $id: COMPONENTS_ID, $defs: moded.components };

  const unicode =
    needsUnicodePatterns(model.schemas) || model.operations.some((o) => needsUnicodePatterns(o));
  const requestAjv = newAjv(true, unicode);
  requestAjv.addSchema(components);
  const requestExports: Record<string, string> = {};
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    const exportName = `params_${id}`;
    const params = withReadModes(operation.paramsSchema, false, { closeOpen: false });
    requestAjv.addSchema(params as object, exportName);
    requestExports[exportName] = exportName;
    names.params[id] = exportName;
  }

  const ajv = newAjv(false, unicode);
  ajv.addSchema(components);
  const exports: Record<string, string> = {};
  const add = (exportName: string, schema: unknown) => {
    ajv.addSchema(schema as object, exportName);
    exports[exportName] = exportName;
    return exportName;
  };
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    Object.keys(operation.bodySchemas).forEach((mediaType, index) => {
      names.bodies[id] ??= {};
      names.bodies[id][mediaType] = add(`body_${id}_${index}`, moded.roots[`body ${id} ${mediaType}`]);
    });
    for (const status of Object.keys(operation.responseSchemas)) {
      names.responses[id] ??= {};
      names.responses[id][status] = add(`response_${id}_${status}`, moded.roots[`${id} ${status}`]);
    }
  }
  Object.keys(model.schemas).forEach((name, index) => {
    names.schemas[name] = add(`schema_${index}`, { $ref: `${COMPONENT_REF_PREFIX}${name}` });
  });

  return {
    requestModule: toEsm(standaloneCode(requestAjv, requestExports)),
    module: toEsm(standaloneCode(ajv, exports)),
    names,
  };
}
