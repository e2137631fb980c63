import { createRequire } from 'node:module';
import { STANDALONE_OPTIONS, toEsm } from '../emit/validators.js';
import { COMPONENTS_ID } from '../json-schema.js';
import type { RpcContractModel } from './model.js';

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

/** Compiles params, result and component-schema validators of a JSON-RPC contract ahead of time. */
export function emitRpcValidators(model: RpcContractModel) {
  const ajv = new Ajv({ ...STANDALONE_OPTIONS });
  addFormats(ajv);
  for (const format of ANNOTATION_FORMATS) ajv.addFormat(format, true);
  ajv.addSchema({ $id: COMPONENTS_ID, definitions: model.schemas });

  const names: RpcValidatorExports = { params: {}, results: {}, schemas: {} };
  const exports: Record<string, string> = {};
  const add = (exportName: string, schema: unknown) => {
    ajv.addSchema(schema as object, exportName);
    exports[exportName] = exportName;
    return exportName;
  };
  model.methods.forEach((method, index) => {
    names.params[method.meta.name] = add(`params_${index}`, method.paramsSchema);
    if (method.resultSchema !== undefined)
      names.results[method.meta.name] = add(`result_${index}`, method.resultSchema);
  });
  Object.keys(model.schemas).forEach((name, index) => {
    names.schemas[name] = add(`schema_${index}`, { $ref: `${COMPONENTS_ID}#/definitions/${name}` });
  });
  return { module: toEsm(standaloneCode(ajv, exports)), names };
}
