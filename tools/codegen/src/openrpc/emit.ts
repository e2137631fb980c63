import { emitReadModeSupport } from '../emit/read-mode-module.js';
import type { RpcContractModel } from './model.js';
import { type PostProcessed, pascal } from './typings.js';
import type { RpcValidatorExports } from './validators.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const docComment = (text: string | undefined, indent = '') =>
  text ? `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n` : '';

// Names of the client's own members; a method with one of them would be shadowed.
const CLIENT_MEMBERS = new Set(['call', 'notify', 'batch']);

/** Types: the generator's typings, then a by-name params type and a result type per method. */
export function emitRpcTypes(
  model: RpcContractModel,
  typings: PostProcessed,
  generatorVersion: string,
): string {
  const lines: string[] = [
    `// Schema types from @open-rpc/generator ${generatorVersion} (its TypeScript client template, via`,
    '// @open-rpc/typings), post-processed by @starspec/codegen: declarations only, no `[k: string]: any`.',
    '',
    typings.declarations,
    '// Per method: params by name (optional unless the contract requires them) and the result.',
  ];
  const members: string[] = [];
  for (const method of model.methods) {
    const name = method.meta.name;
    if (CLIENT_MEMBERS.has(name)) throw new Error(`method '${name}' clashes with the client's own '${name}'`);
    const typing = typings.methods[name];
    if (!typing) throw new Error(`no typing for method '${name}'`);
    const base = pascal(name);
    const paramsName = `${base}Params`;
    const resultName = `${base}Result`;
    if (typings.names.has(paramsName))
      throw new Error(`the schema type '${paramsName}' clashes with ${name}'s params`);
    if (method.meta.params.length === 0) {
      lines.push(`export type ${paramsName} = Record<string, never>;`);
    } else {
      lines.push(`export interface ${paramsName} {`);
      for (const p of method.meta.params) {
        lines.push(`  ${key(p.name)}${p.required ? '' : '?'}: ${typing.params[p.name] ?? 'unknown'};`);
      }
      lines.push('}');
    }
    const result = typing.result === 'void' ? 'null' : typing.result;
    if (result !== resultName) {
      if (typings.names.has(resultName))
        throw new Error(`the schema type '${resultName}' clashes with ${name}'s result`);
      lines.push(`export type ${resultName} = ${result};`);
    }
    members.push(
      `${docComment(method.summary, '  ')}  ${key(name)}: { params: ${paramsName}; result: ${resultName} };`,
    );
  }
  const schemaNames = Object.keys(model.schemas);
  lines.push(
    '',
    '/** Every method of the contract with its params and result types. */',
    'export interface Methods {',
    ...members,
    '}',
    'export type MethodName = keyof Methods & string;',
    "export type ParamsOf<M extends MethodName> = Methods[M]['params'];",
    "export type ResultOf<M extends MethodName> = Methods[M]['result'];",
    '/** Names of the schemas under `components.schemas`. */',
    `export type SchemaName = ${schemaNames.length ? schemaNames.map((n) => JSON.stringify(n)).join(' | ') : 'never'};`,
    '',
  );
  return lines.join('\n');
}

export function emitRpcContract(model: RpcContractModel): string {
  const xdr = Object.fromEntries(model.methods.map((m) => [m.meta.name, m.xdr]));
  return `import type { RpcContractMeta } from '@starspec/runtime';

/** Params, param structure and declared errors of every method, read from the contract. */
export const contract: RpcContractMeta = ${json(model.meta)};

/**
 * Where each method's XDR values are (\`x-xdr-type\` in the contract): JSON-pointer patterns into
 * the params and the result (\`*\` for any array index or map key) and the XDR type of each.
 */
export const xdrFields: Readonly<Record<string, { params: Readonly<Record<string, string>>; result: Readonly<Record<string, string>> }>> = ${json(xdr)};
`;
}

export function emitRpcDocument(document: unknown): string {
  return `/** The contract itself, for tools that render or inspect it (e.g. \`rpc.discover\`). */
export const document: Readonly<Record<string, unknown>> = ${json(document)};
`;
}

export function emitRpcValidate(names: RpcValidatorExports): string {
  const table = (entries: Record<string, string>) =>
    `{\n${Object.entries(entries)
      .map(([k, name]) => `    ${JSON.stringify(k)}: v(validators.${name}),`)
      .join('\n')}\n  }`;
  return `import {
  type CompiledValidator,
  createRpcValidate,
  type RpcValidate,
  type RpcValidators,
  type ValidationResult,
} from '@starspec/runtime';
import { contract } from './contract.js';
import type { MethodName, SchemaName } from './types.js';
import * as validators from './validators.js';

${emitReadModeSupport()}
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

const byMode = {
  contract: createRpcValidate<MethodName, SchemaName>(contract, compiled),
  tolerant: createRpcValidate<MethodName, SchemaName>(contract, inMode(compiled, 'tolerant')),
  strict: createRpcValidate<MethodName, SchemaName>(contract, inMode(compiled, 'strict')),
};

/**
 * Validators compiled ahead of time from the contract (no schema compile at run time):
 * \`validate.params(method, params)\`, \`validate.result(method, result, { mode })\`,
 * \`validate.schema(name, value, { mode })\`, each returning \`{ ok, errors }\` with errors located
 * by JSON pointers.
 */
export const validate: ContractValidate = {
  params: (method, params) => byMode.contract.params(method, params),
  result: (method, result, options) => byMode[modeOf(options)].result(method, result),
  schema: (name, value, options) => byMode[modeOf(options)].schema(name, value),
};
`;
}

export function emitRpcClient(model: RpcContractModel): string {
  const methods = model.methods
    .map(
      (m) =>
        `${docComment(m.summary, '  ')}  ${key(m.meta.name)}: (...args) => call(${JSON.stringify(m.meta.name)}, ...args),`,
    )
    .join('\n');
  return `import {
  createJsonRpcTransport,
  formatParamErrors,
  type JsonRpcClientOptions,
  JsonRpcError,
  JSONRPC_ERRORS,
  type RpcSettled,
} from '@starspec/runtime';
import type { MethodName, ParamsOf, ResultOf } from './types.js';
import { type ReadMode, validate } from './validate.js';

/** A method's params argument: optional when every param is. */
export type ParamsArg<M extends MethodName> = {} extends ParamsOf<M> ? [params?: ParamsOf<M>] : [params: ParamsOf<M>];

/** One call of a batch; \`notify: true\` sends it as a notification, which gets no result. */
export type BatchCall = {
  [M in MethodName]: {} extends ParamsOf<M>
    ? { method: M; params?: ParamsOf<M>; notify?: boolean }
    : { method: M; params: ParamsOf<M>; notify?: boolean };
}[MethodName];

/** The settled outcome of each call of a batch, in the order of the calls. */
export type BatchResults<T extends readonly BatchCall[]> = {
  -readonly [K in keyof T]: T[K] extends { notify: true }
    ? undefined
    : T[K] extends { method: infer M extends MethodName }
      ? RpcSettled<ResultOf<M>>
      : never;
};

export interface ClientOptions extends JsonRpcClientOptions {
  /** Check params against the contract before sending (a failure throws -32602 locally). Default false. */
  validateParams?: boolean;
  /**
   * Check every result against the contract (a failure throws, or settles a batch call as -32603).
   * Tolerant: members the contract does not declare are ignored and members added in a recent
   * server release (\`x-added-in\`) may be missing. Default false.
   */
  validateResults?: boolean;
  /**
   * Check results strictly instead: no undeclared member, no recently added one missing. For
   * conformance suites and tests. Implies \`validateResults\`. Default false.
   */
  strict?: boolean;
}

/** One typed method per contract method, plus \`call\`, \`notify\` and \`batch\`. */
export type RpcClient = { [M in MethodName]: (...args: ParamsArg<M>) => Promise<ResultOf<M>> } & {
  call<M extends MethodName>(method: M, ...args: ParamsArg<M>): Promise<ResultOf<M>>;
  notify<M extends MethodName>(method: M, ...args: ParamsArg<M>): Promise<void>;
  /** Sends the calls as one JSON-RPC batch; every call settles on its own. */
  batch<const T extends readonly BatchCall[]>(calls: T): Promise<BatchResults<T>>;
};

/** A JSON-RPC client whose every call is checked by the compiler against the contract. */
export function createClient(options: ClientOptions): RpcClient {
  const transport = createJsonRpcTransport(options);
  const checkParams = (method: MethodName, params: unknown) => {
    if (!options.validateParams) return;
    const check = validate.params(method, params);
    if (!check.ok) throw new JsonRpcError(JSONRPC_ERRORS.invalidParams, 'invalid parameters', formatParamErrors(check.errors));
  };
  const mode: ReadMode | undefined = options.strict ? 'strict' : options.validateResults ? 'tolerant' : undefined;
  const resultError = (method: MethodName, result: unknown) => {
    if (mode === undefined) return undefined;
    const check = validate.result(method, result, { mode });
    return check.ok
      ? undefined
      : new JsonRpcError(
          JSONRPC_ERRORS.internalError,
          \`the result of \${method} is outside the contract: \${formatParamErrors(check.errors, 'result')}\`,
        );
  };
  async function call<M extends MethodName>(method: M, ...args: ParamsArg<M>): Promise<ResultOf<M>> {
    checkParams(method, args[0]);
    const result = await transport.call(method, args[0]);
    const problem = resultError(method, result);
    if (problem) throw problem;
    return result as ResultOf<M>;
  }
  return {
${methods}
    call,
    async notify(method, ...args) {
      checkParams(method, args[0]);
      await transport.notify(method, args[0]);
    },
    async batch(calls) {
      for (const c of calls) checkParams(c.method, c.params);
      const settled = await transport.batch(calls);
      return settled.map((outcome, i) => {
        const c = calls[i];
        if (!outcome || !outcome.ok || !c) return outcome;
        const problem = resultError(c.method, outcome.result);
        return problem ? { ok: false, error: problem.toJSON() } : outcome;
      }) as never;
    },
  } as RpcClient;
}
`;
}

export function emitRpcServer(): string {
  return `import type { Server } from 'node:http';
import {
  createDispatcher as createRpcDispatcher,
  createJsonRpcListener,
  createJsonRpcServer,
  type RpcDispatcher,
  type RpcHandler,
  type RpcHandlerContext,
  type RpcRequestListener,
  type RpcServerOptions,
} from '@starspec/runtime';
import { contract } from './contract.js';
import type { MethodName, ParamsOf, ResultOf } from './types.js';
import { validate } from './validate.js';

/** One handler per method: it receives validated params by name and returns the method's result. */
export type Handlers = {
  [M in MethodName]: (params: ParamsOf<M>, context: RpcHandlerContext) => ResultOf<M> | Promise<ResultOf<M>>;
};

const binding = { contract, validate };

/** A transport-independent dispatcher: one HTTP body in, one answer (status, headers, body) out. */
export function createDispatcher(handlers: Handlers, options?: RpcServerOptions): RpcDispatcher {
  return createRpcDispatcher(binding, handlers as unknown as Record<string, RpcHandler>, options);
}

/**
 * A node:http request listener answering as Stellar RPC does. Params are validated against the
 * contract before a handler runs (-32602 \`invalid parameters\`, the reason in \`data\`).
 */
export function createRequestListener(handlers: Handlers, options?: RpcServerOptions): RpcRequestListener {
  return createJsonRpcListener(binding, handlers as unknown as Record<string, RpcHandler>, options);
}

/** A node:http server serving the handlers on every path. */
export function createServer(handlers: Handlers, options?: RpcServerOptions): Server {
  return createJsonRpcServer(createRequestListener(handlers, options), options);
}
`;
}

export function emitRpcIndex(): string {
  return `export {
  type BatchCall,
  type BatchResults,
  type ClientOptions,
  createClient,
  type ParamsArg,
  type RpcClient,
} from './client.js';
export { contract, xdrFields } from './contract.js';
export { document } from './document.js';
export { createDispatcher, createRequestListener, createServer, type Handlers } from './server.js';
export type * from './types.js';
export { type ContractValidate, type ReadMode, type ReadOptions, validate } from './validate.js';
`;
}
