// `x-rpc` on an OpenAPI operation: the JSON-RPC methods that replace it (MAPPING.md, `mapping.gen.ts`).

/** How far the named JSON-RPC methods reproduce a REST operation. */
export type RpcSupport = 'direct' | 'partial' | 'none';
export const RPC_SUPPORT: readonly RpcSupport[] = ['direct', 'partial', 'none'];

/** `x-rpc` of an operation: `{ methods, support, note }`. */
export interface RpcMapping {
  /** JSON-RPC method names, in the order the contract gives them; empty when `support` is `none`. */
  methods: string[];
  support: RpcSupport;
  /** What the caller does with the methods, or instead of them; may be empty. */
  note: string;
}

/** `x-rpc` of an operation, checked: methods a list of distinct names, support one of three, note a string. */
export function readRpc(operationId: string, value: unknown): RpcMapping | undefined {
  if (value === undefined) return undefined;
  const fail = (why: string): never => {
    throw new Error(`${operationId}: x-rpc ${why}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('must be an object { methods, support, note }');
  }
  const entry = value as Record<string, unknown>;
  for (const key of Object.keys(entry)) {
    if (!['methods', 'support', 'note'].includes(key)) fail(`has an unknown member '${key}'`);
  }
  const { methods, support, note } = entry;
  if (!Array.isArray(methods) || methods.some((m) => typeof m !== 'string' || m.trim() === '')) {
    return fail('methods must be a list of method names');
  }
  const names = methods as string[];
  const twice = names.find((m, i) => names.indexOf(m) !== i);
  if (twice !== undefined) fail(`names method '${twice}' twice`);
  if (!RPC_SUPPORT.includes(support as RpcSupport)) {
    fail(`support must be one of ${RPC_SUPPORT.join(', ')} (got ${JSON.stringify(support)})`);
  }
  if (typeof note !== 'string') fail('note must be a string (empty when there is nothing to say)');
  if (support === 'none' && names.length > 0) fail("support 'none' lists no methods (name them in the note)");
  if (support !== 'none' && names.length === 0) fail(`support '${support}' needs at least one method`);
  return { methods: [...names], support: support as RpcSupport, note: note as string };
}
