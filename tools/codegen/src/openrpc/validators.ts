import { createRequire } from 'node:module';
import { addContractFormats } from '../shared/ajv-formats.js';
import { addComponents, validationOnly } from '../shared/json-schema.js';
import { addReadModeKeywords } from '../shared/mode-keywords.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../shared/read-modes.js';
import { STANDALONE_OPTIONS, standaloneJs } from '../shared/standalone.js';
import { RPC_COMPONENT_REF_PREFIX, type RpcContractModel } from './model.js';

// ajv ships CommonJS; OpenRPC schemas are JSON Schema draft-07, ajv's default class.
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;

/** The export name of each validator, by method and by schema name. */
export interface RpcValidatorExports {
  params: Record<string, string>;
  results: Record<string, string>;
  schemas: Record<string, string>;
}

/**
 * The validators of a JSON-RPC contract: their export names, and the module's exports (export
 * name → the schema key, or the `$id` of a component: a named schema's validator is its
 * component's own function). Computed without compiling anything.
 */
export function rpcValidatorPlan(model: RpcContractModel) {
  const names: RpcValidatorExports = { params: {}, results: {}, schemas: {} };
  const exports: Record<string, string> = {};
  model.methods.forEach((method, index) => {
    names.params[method.meta.name] = `params_${index}`;
    exports[`params_${index}`] = `params_${index}`;
    if (method.resultSchema !== undefined) {
      names.results[method.meta.name] = `result_${index}`;
      exports[`result_${index}`] = `result_${index}`;
    }
  });
  Object.keys(model.schemas).forEach((name, index) => {
    names.schemas[name] = `schema_${index}`;
    exports[`schema_${index}`] = `${RPC_COMPONENT_REF_PREFIX}${name}`;
  });
  return { names, exports };
}

/**
 * Compiles params, result and component-schema validators of a JSON-RPC contract ahead of time
 * into one module; results can be read in a mode (see shared/read-modes.ts).
 */
export function rpcValidatorsJs(model: RpcContractModel): string {
  const ajv = new Ajv({ ...STANDALONE_OPTIONS });
  addContractFormats(ajv);
  addReadModeKeywords(ajv);
  const results = Object.fromEntries(
    model.methods.filter((m) => m.resultSchema !== undefined).map((m) => [m.meta.name, m.resultSchema]),
  );
  const merged = mergedComponents(model.schemas, Object.values(results), RPC_COMPONENT_REF_PREFIX);
  const moded = contractWithReadModes(model.schemas, results, merged, { closeOpen: true });
  addComponents(ajv, moded.components, RPC_COMPONENT_REF_PREFIX);

  const { names, exports } = rpcValidatorPlan(model);
  for (const method of model.methods) {
    const name = method.meta.name;
    const params = withReadModes(method.paramsSchema, false, { closeOpen: false });
    ajv.addSchema(validationOnly(params) as object, names.params[name]);
    const result = names.results[name];
    if (result !== undefined) ajv.addSchema(validationOnly(moded.roots[name]) as object, result);
  }
  return standaloneJs(ajv, exports);
}
