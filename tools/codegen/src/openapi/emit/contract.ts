import type { Emitter } from '../../shared/kind.js';
import { emitLazyDocument } from '../../shared/lazy-document.js';
import type { ContractModel, OpenApiModel } from '../model.js';

export function emitContract(model: ContractModel): string {
  return `import type { ContractMeta } from '@starspec/runtime/client';

/** Routing, parameter and response metadata of every operation, read from the contract. */
export const contract: ContractMeta = ${JSON.stringify(model.meta)};
`;
}

/** `contract.gen.ts`: the operations' metadata the server routes and validates by. */
export const contractEmitter: Emitter<OpenApiModel> = {
  file: 'contract.gen.ts',
  emit: ({ contract }) => emitContract(contract),
};

/** `document.gen.ts`: the bundled contract itself. */
export const documentEmitter: Emitter<OpenApiModel> = {
  file: 'document.gen.ts',
  emit: ({ document }) =>
    emitLazyDocument(
      document,
      'The contract itself (bundled), for tools that render or inspect it; `specs/` has it readable.',
    ),
};
