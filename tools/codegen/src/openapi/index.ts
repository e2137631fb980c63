// The OpenAPI 3.1 kind: load (Redocly's bundler), model (operations, metadata and ajv schemas),
// emit (one emitter per generated file, in the order they are written).
import { type Emitter, runEmitters, type SpecKind } from '../shared/kind.js';
import { answersEmitter, validateEmitter } from './emit/answers.js';
import { clientEmitter, responseChecksEmitter } from './emit/client.js';
import { contractEmitter, documentEmitter } from './emit/contract.js';
import { indexEmitter } from './emit/entry.js';
import { mappingEmitter } from './emit/mapping.js';
import { serverEmitter } from './emit/server.js';
import { typesEmitter } from './emit/types.js';
import {
  requestValidatorDeclarationsEmitter,
  requestValidatorsEmitter,
  validatorDeclarationsEmitter,
  validatorsEmitter,
} from './emit/validators.js';
import { loadDocument, type OpenApiDocument } from './load.js';
import { buildModel, type OpenApiModel } from './model.js';

export const OPENAPI_EMITTERS: ReadonlyArray<Emitter<OpenApiModel>> = [
  typesEmitter,
  contractEmitter,
  documentEmitter,
  requestValidatorsEmitter,
  requestValidatorDeclarationsEmitter,
  validatorsEmitter,
  validatorDeclarationsEmitter,
  answersEmitter,
  validateEmitter,
  clientEmitter,
  responseChecksEmitter,
  serverEmitter,
  mappingEmitter,
  indexEmitter,
];

const ERROR_STYLES: ReadonlyArray<OpenApiModel['errorStyle']> = ['error-object', 'problem'];

export const openapi: SpecKind<OpenApiDocument, OpenApiModel> = {
  configKey: 'spec',
  load: loadDocument,
  model(document, config, log) {
    const errorStyle = config.errorStyle;
    if (errorStyle === undefined || !ERROR_STYLES.includes(errorStyle)) {
      throw new Error('errorStyle must be "error-object" or "problem" in the codegen config');
    }
    const contract = buildModel(document);
    log(`${contract.operations.length} operations, ${Object.keys(contract.schemas).length} schemas`);
    return { document, contract, errorStyle };
  },
  emit: (model, log) => runEmitters(OPENAPI_EMITTERS, model, log),
};
