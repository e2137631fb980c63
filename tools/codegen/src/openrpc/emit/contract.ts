import type { Emitter } from '../../shared/kind.js';
import { emitLazyDocument } from '../../shared/lazy-document.js';
import type { OpenRpcModel, RpcContractModel } from '../model.js';

export function emitRpcContract(model: RpcContractModel): string {
  const xdr = Object.fromEntries(model.methods.map((m) => [m.meta.name, m.xdr]));
  return `import type { RpcContractMeta } from '@starspec/runtime/client';

/** Params, param structure and declared errors of every method, read from the contract. */
export const contract: RpcContractMeta = ${JSON.stringify(model.meta)};

/**
 * Where each method's XDR values are (\`x-xdr-type\` in the contract): JSON-pointer patterns into
 * the params and the result (\`*\` for any array index or map key) and the XDR type of each.
 */
export const xdrFields: Readonly<Record<string, { params: Readonly<Record<string, string>>; result: Readonly<Record<string, string>> }>> = ${JSON.stringify(xdr)};
`;
}

export function emitRpcDocument(document: object): string {
  return emitLazyDocument(
    document,
    'The contract itself, for tools that render or inspect it (e.g. `rpc.discover`).',
  );
}

/** `contract.gen.ts`: the methods' metadata the dispatcher checks by, and where their XDR values are. */
export const contractEmitter: Emitter<OpenRpcModel> = {
  file: 'contract.gen.ts',
  emit: ({ contract }) => emitRpcContract(contract),
};

/** `document.gen.ts`: the contract itself. */
export const documentEmitter: Emitter<OpenRpcModel> = {
  file: 'document.gen.ts',
  emit: ({ document }) => emitRpcDocument(document),
};
