import { createRequire } from 'node:module';
import { addContractFormats } from '../emit/formats.js';
import { addReadModeKeywords } from '../emit/mode-keywords.js';
import { STANDALONE_OPTIONS, standaloneModule } from '../emit/standalone.js';
import { addComponents } from '../emit/validators.js';
import { validationOnly } from '../json-schema.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../read-modes.js';
import { RPC_COMPONENT_REF_PREFIX, type RpcContractModel } from './model.js';

// ajv ships CommonJS; OpenRPC schemas are JSON Schema draft-07, ajv's default class.
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;

export interface RpcValidatorExports {
  params: Record<string, string>;
  results: Record<string, string>;
  schemas: Record<string, string>;
}

/**
 * Compiles params, result and component-schema validators of a JSON-RPC contract ahead of time;
 * results can be read in a mode (see read-modes.ts).
 */
export function emitRpcValidators(model: RpcContractModel) {
  const ajv = new Ajv({ ...STANDALONE_OPTIONS });
  addContractFormats(ajv);
  addReadModeKeywords(ajv);
  const results = Object.fromEntries(
    model.methods.filter((m) => m.resultSchema !== undefined).map((m) => [m.meta.name, m.resultSchema]),
  );
  const merged = mergedComponents(model.schemas, Object.values(results), RPC_COMPONENT_REF_PREFIX);
  const moded = contractWithReadModes(model.schemas, results, merged, { closeOpen: true });
  addComponents(ajv, moded.components, RPC_COMPONENT_REF_PREFIX);

  const names: RpcValidatorExports = { params: {}, results: {}, schemas: {} };
  const exports: Record<string, string> = {};
  const add = (exportName: string, schema: unknown) => {
    ajv.addSchema(validationOnly(schema) as object, exportName);
    exports[exportName] = exportName;
    return exportName;
  };
  model.methods.forEach((method, index) => {
    const params = withReadModes(method.paramsSchema, false, { closeOpen: false });
    names.params[method.meta.name] = add(`params_${index}`, params);
    if (method.resultSchema !== undefined)
      names.results[method.meta.name] = add(`result_${index}`, moded.roots[method.meta.name]);
  });
  // A named schema's validator is its component's own function.
  Object.keys(model.schemas).forEach((name, index) => {
    exports[`schema_${index}`] = `${RPC_COMPONENT_REF_PREFIX}${name}`;
    names.schemas[name] = `schema_${index}`;
  });
  return { module: standaloneModule(ajv, exports), names };
}
