import type { ContractModel, OperationModel } from '../openapi/model.js';
import type { RpcMapping } from './x-rpc.js';

/** One row of the REST → JSON-RPC table: an operation and its `x-rpc`. */
export interface MappingRow extends RpcMapping {
  operationId: string;
  /** Upper case, as written in an HTTP request line. */
  method: string;
  path: string;
}

/** The operations that carry `x-rpc`, in contract order. */
export function mappingRows(model: ContractModel): MappingRow[] {
  return model.operations
    .filter((o): o is OperationModel & { rpc: RpcMapping } => o.rpc !== undefined)
    .map((o) => ({
      operationId: o.meta.operationId,
      method: o.meta.method.toUpperCase(),
      path: o.meta.path,
      methods: [...o.rpc.methods],
      support: o.rpc.support,
      note: o.rpc.note,
    }));
}
