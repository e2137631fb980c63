import type { Emitter } from '../../shared/kind.js';
import { standaloneDeclarations } from '../../shared/standalone.js';
import type { OpenRpcModel } from '../model.js';
import { type RpcValidatorExports, rpcValidatorPlan, rpcValidatorsJs } from '../validators.js';

export function emitRpcValidate(names: RpcValidatorExports): string {
  const table = (entries: Record<string, string>) =>
    `{${Object.entries(entries)
      .map(([k, name]) => `${JSON.stringify(k)}: v(validators.${name}),`)
      .join('\n')}}`;
  return `import {
  type CompiledValidator,
  createRpcValidate,
  inMode,
  modeOf,
  perMode,
  type ReadOptions,
  type RpcValidate,
  type RpcValidators,
  type ValidationResult,
} from '@starspec/runtime/client';
import { contract } from './contract.gen.js';
import type { MethodName, SchemaName } from './types.gen.js';
import * as validators from './validators.gen.js';

export type { ReadMode, ReadOptions } from '@starspec/runtime/client';

/** Validators of the contract; results and schemas can be read in a mode. */
export interface ContractValidate extends RpcValidate<MethodName, SchemaName> {
  /** Validates a method's result, read in \`options.mode\`. */
  result(method: MethodName, result: unknown, options?: ReadOptions): ValidationResult;
  /** Validates a value against a named component schema, read in \`options.mode\`. */
  schema(name: SchemaName, value: unknown, options?: ReadOptions): ValidationResult;
}

const v = (fn: unknown) => fn as CompiledValidator;

const compiled: RpcValidators = {
  params: ${table(names.params)},
  results: ${table(names.results)},
  schemas: ${table(names.schemas)},
};

const byMode = perMode((mode) =>
  createRpcValidate<MethodName, SchemaName>(contract, mode === 'contract' ? compiled : inMode(compiled, mode)),
);

/**
 * Validators compiled ahead of time from the contract (no schema compile at run time):
 * \`validate.params(method, params)\`, \`validate.result(method, result, { mode })\`,
 * \`validate.schema(name, value, { mode })\`, each returning \`{ ok, errors }\` with errors located
 * by JSON pointers.
 */
export const validate: ContractValidate = {
  params: (method, params) => byMode('contract').params(method, params),
  result: (method, result, options) => byMode(modeOf(options)).result(method, result),
  schema: (name, value, options) => byMode(modeOf(options)).schema(name, value),
};
`;
}

/** `validators.gen.js`: params, results and named schemas, ajv standalone code (draft-07). */
export const validatorsEmitter: Emitter<OpenRpcModel> = {
  file: 'validators.gen.js',
  emit: ({ contract }, log) => {
    log('validators (ajv standalone, draft-07)');
    return rpcValidatorsJs(contract);
  },
};

export const validatorDeclarationsEmitter: Emitter<OpenRpcModel> = {
  file: 'validators.gen.d.ts',
  emit: ({ contract }) => standaloneDeclarations(Object.keys(rpcValidatorPlan(contract).exports)),
};

/** `validate.gen.ts`: the validators' tables, results and schemas readable in a mode. */
export const validateEmitter: Emitter<OpenRpcModel> = {
  file: 'validate.gen.ts',
  emit: ({ contract }) => emitRpcValidate(rpcValidatorPlan(contract).names),
};
