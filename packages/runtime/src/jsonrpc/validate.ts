// Params and results checked against an OpenRPC contract's compiled validators, shared by the
// dispatcher (before a handler runs, and on its result) and by clients. No node: module.
import {
  type CompiledValidator,
  runValidator,
  type ValidationError,
  type ValidationResult,
  valid,
} from '../validation.js';
import type { RpcContractMeta, RpcMethodMeta } from './protocol.js';

/** The compiled validators of an OpenRPC contract, as the codegen emits them. */
export interface RpcValidators {
  /** Per method: validates the params object (by name). */
  params: Record<string, CompiledValidator>;
  /** Per method: validates the result. */
  results: Record<string, CompiledValidator>;
  /** Per named schema under `components.schemas`. */
  schemas: Record<string, CompiledValidator>;
}

export interface RpcValidate<Method extends string = string, SchemaName extends string = string> {
  /** Validates a method's params, given by name (an object) or, where the method allows it, by position. */
  params(method: Method, params: unknown): ValidationResult;
  /** Validates a method's result. */
  result(method: Method, result: unknown): ValidationResult;
  /** Validates a value against a named component schema. */
  schema(name: SchemaName, value: unknown): ValidationResult;
}

const failure = (path: string, message: string, keyword: string): ValidationResult => ({
  ok: false,
  errors: [{ path, message, keyword }],
});

/**
 * The params object a handler sees: `undefined`/`null` become `{}`; an array is mapped onto the
 * declared names when the method takes positional params. Returns a reason string when it cannot.
 */
export function paramsByName(method: RpcMethodMeta, params: unknown): Record<string, unknown> | string {
  if (params === undefined || params === null) return {};
  if (Array.isArray(params)) {
    if (method.paramStructure === 'by-name') return 'params must be an object (by name), not an array';
    if (params.length > method.params.length)
      return `${method.name} takes at most ${method.params.length} positional params, got ${params.length}`;
    const out: Record<string, unknown> = {};
    params.forEach((value, index) => {
      const name = method.params[index]?.name;
      if (name !== undefined && value !== undefined) out[name] = value;
    });
    return out;
  }
  if (typeof params !== 'object') return 'params must be an object';
  return params as Record<string, unknown>;
}

export function createRpcValidate<Method extends string, SchemaName extends string>(
  contract: RpcContractMeta,
  validators: RpcValidators,
): RpcValidate<Method, SchemaName> {
  const methodOf = (name: string) => {
    const method = contract.methods[name];
    if (!method) throw new TypeError(`unknown method '${name}'`);
    return method;
  };
  return {
    params(name, params) {
      const named = paramsByName(methodOf(name), params);
      if (typeof named === 'string') return failure('', named, 'type');
      const validator = validators.params[name];
      return validator ? runValidator(validator, named) : valid;
    },
    result(name, result) {
      methodOf(name);
      const validator = validators.results[name];
      return validator ? runValidator(validator, result) : valid;
    },
    schema(name, value) {
      const validator = validators.schemas[name];
      if (!validator) throw new TypeError(`unknown schema '${name}'`);
      return runValidator(validator, value);
    },
  };
}

/** `/pagination/limit` → `params.pagination.limit`; one sentence for a list of errors. */
export function formatParamErrors(errors: readonly ValidationError[], root = 'params'): string {
  return errors
    .map((e) => {
      const segments = e.path
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const where = segments.length === 0 ? root : `${root}.${segments.join('.')}`;
      return `${where} ${e.message}`;
    })
    .join('; ');
}
