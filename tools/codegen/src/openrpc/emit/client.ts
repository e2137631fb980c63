import type { Emitter } from '../../shared/kind.js';
import type { OpenRpcModel, RpcContractModel } from '../model.js';
import { docComment, key } from './text.js';

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
} from '@starspec/runtime/client';
import type { MethodName, ParamsOf, ResultOf } from './types.gen.js';
import type { ReadMode } from './validate.gen.js';

// The validators, loaded once, on the first call that checks params or a result: a client that
// checks nothing never loads them (in a browser bundle they are a chunk of their own).
let validators: Promise<typeof import('./validate.gen.js')> | undefined;
const loadValidate = async () => {
  validators ??= import('./validate.gen.js');
  return (await validators).validate;
};

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
  const checkParams = async (method: MethodName, params: unknown) => {
    if (!options.validateParams) return;
    const check = (await loadValidate()).params(method, params);
    if (!check.ok) throw new JsonRpcError(JSONRPC_ERRORS.invalidParams, 'invalid parameters', formatParamErrors(check.errors));
  };
  const mode: ReadMode | undefined = options.strict ? 'strict' : options.validateResults ? 'tolerant' : undefined;
  const resultError = async (method: MethodName, result: unknown) => {
    if (mode === undefined) return undefined;
    const check = (await loadValidate()).result(method, result, { mode });
    return check.ok
      ? undefined
      : new JsonRpcError(
          JSONRPC_ERRORS.internalError,
          \`the result of \${method} is outside the contract: \${formatParamErrors(check.errors, 'result')}\`,
        );
  };
  async function call<M extends MethodName>(method: M, ...args: ParamsArg<M>): Promise<ResultOf<M>> {
    await checkParams(method, args[0]);
    const result = await transport.call(method, args[0]);
    const problem = await resultError(method, result);
    if (problem) throw problem;
    return result as ResultOf<M>;
  }
  return {
${methods}
    call,
    async notify(method, ...args) {
      await checkParams(method, args[0]);
      await transport.notify(method, args[0]);
    },
    async batch(calls) {
      for (const c of calls) await checkParams(c.method, c.params);
      const settled = await transport.batch(calls);
      return Promise.all(
        settled.map(async (outcome, i) => {
          const c = calls[i];
          if (!outcome || !outcome.ok || !c) return outcome;
          const problem = await resultError(c.method, outcome.result);
          return problem ? { ok: false, error: problem.toJSON() } : outcome;
        }),
      ) as never;
    },
  } as RpcClient;
}
`;
}

/** `client.gen.ts`: a typed method per contract method, plus `call`, `notify` and `batch`. */
export const clientEmitter: Emitter<OpenRpcModel> = {
  file: 'client.gen.ts',
  emit: ({ contract }) => emitRpcClient(contract),
};
