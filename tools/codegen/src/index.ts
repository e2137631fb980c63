export { loadDocument, type OpenApiDocument } from './document.js';
export { emitMapping, emitMappingMarkdown, type MappingRow, mappingRows } from './emit/mapping.js';
export { inlineFileRefs } from './file-refs.js';
export { type CodegenConfig, type GeneratedFile, generate, staleFiles, writeFiles } from './generate.js';
export { COMPONENT_REF_PREFIX } from './json-schema.js';
export { generateMapping, type MappingOptions, openRpcMethodNames } from './mapping.js';
export {
  buildModel,
  type ContractModel,
  type OperationModel,
  RPC_SUPPORT,
  type RpcMapping,
  type RpcSupport,
  readRpc,
} from './model.js';
export { loadOpenRpc, type OpenRpcDocument } from './openrpc/document.js';
