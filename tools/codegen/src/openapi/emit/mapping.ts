import { mappingRows } from '../../mapping/rows.js';
import type { Emitter } from '../../shared/kind.js';
import type { ContractModel, OpenApiModel } from '../model.js';

/** The typed `mapping` const, or `undefined` when no operation has `x-rpc`. */
export function emitMapping(model: ContractModel): string | undefined {
  const rows = mappingRows(model);
  if (rows.length === 0) return undefined;
  const entries = JSON.stringify(
    Object.fromEntries(rows.map(({ operationId, ...entry }) => [operationId, entry])),
    null,
    2,
  );
  return `/** How far the named JSON-RPC methods reproduce a REST operation. */
export type RpcSupport = 'direct' | 'partial' | 'none';

/** A REST operation and the JSON-RPC methods that replace it (its \`x-rpc\` in the contract). */
export interface RpcMappingEntry {
  /** HTTP method, upper case. */
  readonly method: string;
  readonly path: string;
  /** JSON-RPC method names; empty when \`support\` is \`none\`. */
  readonly methods: readonly string[];
  /**
   * \`direct\`: the methods give what the operation gives; \`partial\`: only partly reproducible;
   * \`none\`: no direct RPC equivalent (the note says what to do instead, when it says anything).
   */
  readonly support: RpcSupport;
  readonly note: string;
}

/** REST operation → JSON-RPC methods, by operationId, in contract order. */
export const mapping = ${entries} as const satisfies Readonly<Record<string, RpcMappingEntry>>;

/** The operations that have an entry in \`mapping\`. */
export type MappedOperationId = keyof typeof mapping;

/** Every JSON-RPC method name the mapping uses. */
export type RpcMethod = (typeof mapping)[MappedOperationId]['methods'][number];
`;
}

/** `mapping.gen.ts`: REST operation → JSON-RPC methods, when the contract has `x-rpc`. */
export const mappingEmitter: Emitter<OpenApiModel> = {
  file: 'mapping.gen.ts',
  emit: ({ contract }, log) => {
    const text = emitMapping(contract);
    if (text !== undefined) log(`REST → JSON-RPC mapping of ${mappingRows(contract).length} operations`);
    return text;
  },
};
