import { createRequire } from 'node:module';
import { addContractFormats } from '../shared/ajv-formats.js';
import {
  addComponents,
  COMPONENT_REF_PREFIX,
  needsUnicodePatterns,
  usesKeyword,
  validationOnly,
} from '../shared/json-schema.js';
import { addReadModeKeywords } from '../shared/mode-keywords.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../shared/read-modes.js';
import { STANDALONE_OPTIONS, standaloneDeclarations, standaloneJs } from '../shared/standalone.js';
import type { ContractModel } from './model.js';

// ajv ships CommonJS.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;

/** The export name of each validator, by operation (and media type or status) and by schema name. */
export interface ValidatorExports {
  params: Record<string, string>;
  bodies: Record<string, Record<string, string>>;
  responses: Record<string, Record<string, string>>;
  schemas: Record<string, string>;
}

/**
 * The validators of a contract and their export names: request parameters in one module
 * (`request-validators`), bodies, answers and named schemas in the other (`validators`). Each
 * module maps its export names to the schema each compiles: a key of `schemas`, or the `$id` of
 * a component (a named schema's validator is its component's own function).
 */
export interface ValidatorPlan {
  names: ValidatorExports;
  request: Record<string, string>;
  answers: Record<string, string>;
}

/** The plan of a contract's validators; the same names every run, without compiling anything. */
export function validatorPlan(model: ContractModel): ValidatorPlan {
  const names: ValidatorExports = { params: {}, bodies: {}, responses: {}, schemas: {} };
  const request: Record<string, string> = {};
  const answers: Record<string, string> = {};
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    names.params[id] = `params_${id}`;
    request[`params_${id}`] = `params_${id}`;
  }
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    Object.keys(operation.bodySchemas).forEach((mediaType, index) => {
      names.bodies[id] ??= {};
      names.bodies[id][mediaType] = `body_${id}_${index}`;
      answers[`body_${id}_${index}`] = `body_${id}_${index}`;
    });
    for (const status of Object.keys(operation.responseSchemas)) {
      names.responses[id] ??= {};
      names.responses[id][status] = `response_${id}_${status}`;
      answers[`response_${id}_${status}`] = `response_${id}_${status}`;
    }
  }
  Object.keys(model.schemas).forEach((name, index) => {
    names.schemas[name] = `schema_${index}`;
    answers[`schema_${index}`] = `${COMPONENT_REF_PREFIX}${name}`;
  });
  return { names, request, answers };
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
function featuresOf(model: ContractModel): Features {
  const values = [model.schemas, model.operations];
  return {
    unicodeRegExp: values.some(needsUnicodePatterns),
    unevaluated: values.some((v) => usesKeyword(v, ['unevaluatedProperties', 'unevaluatedItems'])),
    dynamicRef: values.some((v) => usesKeyword(v, ['$dynamicRef', '$dynamicAnchor', '$recursiveRef'])),
  };
}

/** An ajv for the contract with its components (read-mode schemas) registered; `coerce` for request parameters. */
function contractAjv(model: ContractModel, components: Record<string, unknown>, coerce: boolean) {
  const features = featuresOf(model);
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
  addComponents(ajv, components, COMPONENT_REF_PREFIX);
  return ajv;
}

/**
 * The schemas of a contract's answers (bodies and responses, keyed `body <operationId> <type>` and
 * `<operationId> <status>`) and its components, rewritten for the read modes (see shared/read-modes.ts).
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

/** `request-validators`: every operation's `{ query, path, headers }`, with string coercion and defaults. */
export function requestValidatorsJs(model: ContractModel): string {
  const plan = validatorPlan(model);
  const ajv = contractAjv(model, answerSchemas(model).components, true);
  for (const operation of model.operations) {
    const params = withReadModes(operation.paramsSchema, false, { closeOpen: false });
    ajv.addSchema(validationOnly(params) as object, plan.names.params[operation.meta.operationId]);
  }
  return standaloneJs(ajv, plan.request);
}

/** `validators`: bodies, answers (readable in a mode, see shared/read-modes.ts) and named schemas, exact JSON types. */
export function answerValidatorsJs(model: ContractModel): string {
  const plan = validatorPlan(model);
  const moded = answerSchemas(model);
  const ajv = contractAjv(model, moded.components, false);
  for (const operation of model.operations) {
    const id = operation.meta.operationId;
    for (const [mediaType, name] of Object.entries(plan.names.bodies[id] ?? {}))
      ajv.addSchema(validationOnly(moded.roots[`body ${id} ${mediaType}`]) as object, name);
    for (const [status, name] of Object.entries(plan.names.responses[id] ?? {}))
      ajv.addSchema(validationOnly(moded.roots[`${id} ${status}`]) as object, name);
  }
  return standaloneJs(ajv, plan.answers);
}

/**
 * Every validator of a contract compiled ahead of time: the two modules (JavaScript and its
 * declarations) and the export names.
 */
export function emitValidators(model: ContractModel) {
  const plan = validatorPlan(model);
  return {
    requestModule: { js: requestValidatorsJs(model), dts: standaloneDeclarations(Object.keys(plan.request)) },
    module: { js: answerValidatorsJs(model), dts: standaloneDeclarations(Object.keys(plan.answers)) },
    names: plan.names,
  };
}
