import { createRequire } from 'node:module';
import { addReadModeKeywords } from '../emit/mode-keywords.js';
import { STANDALONE_OPTIONS, toEsm } from '../emit/validators.js';
import { COMPONENTS_ID } from '../json-schema.js';
import { contractWithReadModes, mergedComponents, withReadModes } from '../read-modes.js';
import { RPC_COMPONENT_REF_PREFIX, type RpcContractModel } from './model.js';

// ajv ships CommonJS; OpenRPC schemas are JSON Schema draft-07, ajv's default class.
const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as typeof import('ajv').default;
const standaloneCode = require('ajv/dist/standalone')
  .default as typeof import('ajv/dist/standalone/index.js').default;
const addFormats = require('ajv-formats').default as typeof import('ajv-formats').default;

// Numeric and binary formats some contracts use as annotations: the schema's `type` does the checking.
const ANNOTATION_FORMATS = [
  'int32',
  'int64',
  'uint32',
  'uint64',
  'float',
  'double',
  'byte',
  'binary',
  'password',
];

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
  addFormats(ajv);
  addReadModeKeywords(ajv);
  for (const format of ANNOTATION_FORMATS) ajv.addFormat(format, true);
  const results = Object.fromEntries(
    model.methods.filter((m) => m.resultSchema !== undefined).map((m) => [m.meta.name, m.resultSchema]),
  );
  const merged = mergedComponents(model.schemas, Object.values(results), RPC_COMPONENT_REF_PREFIX);
  const moded = contractWithReadModes(model.schemas, results, merged, { closeOpen: true });
  ajv.addSchema({ $id: COMPONENTS_ID, definitions: moded.components });

  const names: RpcValidatorExports = { params: {}, results: {}, schemas: {} };
  const exports: Record<string, string> = {};
  const add = (exportName: string, schema: unknown) => {
    ajv.addSchema(schema as object, exportName);
    exports[exportName] = exportName;
    return exportName;
  };
  model.methods.forEach((method, index) => {
    const params = withReadModes(method.paramsSchema, false, { closeOpen: false });
    names.params[method.meta.name] = add(`params_${index}`, params);
    if (method.resultSchema !== undefined)
      names.results[method.meta.name] = add(`result_${index}`, moded.roots[method.meta.name]);
  });
  Object.keys(model.schemas).forEach((name, index) => {
    names.schemas[name] = add(`schema_${index}`, { $ref: `${RPC_COMPONENT_REF_PREFIX}${name}` });
  });
  return { module: toEsm(standaloneCode(ajv, exports)), names };
}
