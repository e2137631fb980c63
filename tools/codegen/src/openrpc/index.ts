// The OpenRPC 1.x kind: load (JSON or YAML), model (methods, metadata, ajv schemas and XDR fields),
// emit (one emitter per generated file, in the order they are written).
import { type Emitter, runEmitters, type SpecKind } from '../shared/kind.js';
import { clientEmitter } from './emit/client.js';
import { contractEmitter, documentEmitter } from './emit/contract.js';
import { indexEmitter } from './emit/entry.js';
import { serverEmitter } from './emit/server.js';
import { typesEmitter } from './emit/types.js';
import { validateEmitter, validatorDeclarationsEmitter, validatorsEmitter } from './emit/validate.js';
import { load, type OpenRpcDocument } from './load.js';
import { buildRpcModel, type OpenRpcModel } from './model.js';

export const OPENRPC_EMITTERS: ReadonlyArray<Emitter<OpenRpcModel>> = [
  typesEmitter,
  contractEmitter,
  documentEmitter,
  validatorsEmitter,
  validatorDeclarationsEmitter,
  validateEmitter,
  clientEmitter,
  serverEmitter,
  indexEmitter,
];

export const openrpc: SpecKind<OpenRpcDocument, OpenRpcModel> = {
  configKey: 'openrpc',
  load,
  model(document, _config, log) {
    const contract = buildRpcModel(document);
    const xdrCount = contract.methods.reduce(
      (n, m) => n + Object.keys(m.xdr.params).length + Object.keys(m.xdr.result).length,
      0,
    );
    log(
      `${contract.methods.length} methods, ${Object.keys(contract.schemas).length} schemas, ${xdrCount} XDR fields`,
    );
    return { document, contract };
  },
  emit: (model, log) => runEmitters(OPENRPC_EMITTERS, model, log),
};
