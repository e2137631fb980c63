import { createRequire } from 'node:module';
import { COMPONENT_REF_PREFIX, validationOnly } from '../json-schema.js';
import type { ContractModel } from '../model.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../read-modes.js';
import { addContractFormats } from './formats.js';
import { addReadModeKeywords } from './mode-keywords.js';
import { STANDALONE_OPTIONS, standaloneModule } from './standalone.js';

// ajv ships CommonJS.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;

export { RFC3339_DATE_TIME } from './formats.js';
export { STANDALONE_OPTIONS } from './standalone.js';

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

/** Whether any schema in `value` uses one of the keywords. */
export function usesKeyword(value: unknown, keywords: readonly string[]): boolean {
  if (Array.isArray(value)) return value.some((item) => usesKeyword(item, keywords));
  if (!value || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => keywords.includes(key) || usesKeyword(v, keywords));
}

interface Features {
  /** ASCII-only patterns run markedly faster as plain (non-`u`) regular expressions. */
  unicodeRegExp: boolean;
  /** `unevaluatedProperties`/`unevaluatedItems`: without them, no evaluation bookkeeping in every validator. */
  unevaluated: boolean;
  /** `$dynamicRef`: without it, no dynamic anchors handed through every call. */
  dynamicRef: boolean;
}

/** What the contract's schemas use, so the validators carry no machinery for the rest. */
function featuresOf(...values: unknown[]): Features {
  return {
    unicodeRegExp: values.some(needsUnicodePatterns),
    unevaluated: values.some((v) => usesKeyword(v, ['unevaluatedProperties', 'unevaluatedItems'])),
    dynamicRef: values.some((v) => usesKeyword(v, ['$dynamicRef', '$dynamicAnchor', '$recursiveRef'])),
  };
}

function newAjv(coerce: boolean, features: Features) {
  const ajv = new Ajv2020({
    ...STANDALONE_OPTIONS,
    ...features,
    coerceTypes: coerce,
    useDefaults: coerce,
  });
  // Ajv2020 turns both on whatever it is given; its code generation reads them from its options.
  ajv.opts.unevaluated = features.unevaluated;
  ajv.opts.dynamicRef = features.dynamicRef;
  addContractFormats(ajv);
  addReadModeKeywords(ajv);
  return ajv;
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

/**
 * The schemas of a contract's answers (bodies and responses, keyed `body <operationId> <type>` and
 * `<operationId> <status>`) and its components, rewritten for the read modes (see read-modes.ts).
 */
export function answerSchemas(model: ContractModel) {
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
  return contractWithReadModes(model.schemas, answers, merged, { closeOpen: true });
}

/**
 * Compiles every validator of a contract ahead of time. Returns two modules: request
 * parameters (string coercion and defaults on) and everything else (exact JSON types),
 * plus the export names for each validator. Answers can be read in a mode (see read-modes.ts).
 */
export function emitValidators(model: ContractModel) {
  const names: ValidatorExports = { params: {}, bodies: {}, responses: {}, schemas: {} };
  const moded = answerSchemas(model);

  const features = featuresOf(model.schemas, model.operations);
  const requestAjv = newAjv(true, features);
  addComponents(requestAjv, moded.components, COMPONENT_REF_PREFIX);
  const requestExports: Record<string, string> = {};
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    const exportName = `params_${id}`;
    const params = withReadModes(operation.paramsSchema, false, { closeOpen: false });
    requestAjv.addSchema(validationOnly(params) as object, exportName);
    requestExports[exportName] = exportName;
    names.params[id] = exportName;
  }

  const ajv = newAjv(false, features);
  addComponents(ajv, moded.components, COMPONENT_REF_PREFIX);
  const exports: Record<string, string> = {};
  const add = (exportName: string, schema: unknown) => {
    ajv.addSchema(validationOnly(schema) as object, exportName);
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
  // A named schema's validator is its component's own function.
  Object.keys(model.schemas).forEach((name, index) => {
    exports[`schema_${index}`] = `${COMPONENT_REF_PREFIX}${name}`;
    names.schemas[name] = `schema_${index}`;
  });

  return {
    requestModule: standaloneModule(requestAjv, requestExports),
    module: standaloneModule(ajv, exports),
    names,
  };
}
