export { type CodegenConfig, type GeneratedFile, generate, staleFiles, writeFiles } from './generate.js';
export { buildModel, type ContractModel, type OperationModel } from './model.js';
