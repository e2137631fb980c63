// JSON-RPC 2.0 as the real server speaks it: the wire shapes, the error codes and error classes,
// and the contract metadata the codegen emits for an OpenRPC document. No node: module (browser-safe).

export type JsonRpcId = string | number;

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId | null; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId | null; error: JsonRpcErrorObject };

/** The codes the real server emits (JSON-RPC 2.0 §5.1, plus jrpc2's own). */
export const JSONRPC_ERRORS = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** Thrown by a handler to answer a JSON-RPC error; thrown by the client for an error answer. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }

  toJSON(): JsonRpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** A non-JSON-RPC HTTP answer (405, 415, 413, or the real server's plain-text 500 for bad JSON). */
export class JsonRpcHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body.trim() || '(no body)'}`);
    this.name = 'JsonRpcHttpError';
  }
}

// Contract metadata

export interface RpcParamMeta {
  name: string;
  required: boolean;
}

export interface RpcMethodMeta {
  name: string;
  /** `by-name` rejects array params with -32602, as Stellar RPC does (`AllowArray(false)`). */
  paramStructure: 'by-name' | 'by-position' | 'either';
  params: RpcParamMeta[];
  /** Declared application errors of the method. */
  errors: JsonRpcErrorObject[];
}

export interface RpcContractMeta {
  title: string;
  version: string;
  methods: Record<string, RpcMethodMeta>;
}
