import type { Emitter } from '../../shared/kind.js';
import { standaloneDeclarations } from '../../shared/standalone.js';
import type { OpenApiModel } from '../model.js';
import { answerValidatorsJs, requestValidatorsJs, validatorPlan } from '../validators.js';

/** `request-validators.gen.js`: request parameters (string coercion and defaults), ajv standalone code. */
export const requestValidatorsEmitter: Emitter<OpenApiModel> = {
  file: 'request-validators.gen.js',
  emit: ({ contract }, log) => {
    log('validators (ajv standalone)');
    return requestValidatorsJs(contract);
  },
};

export const requestValidatorDeclarationsEmitter: Emitter<OpenApiModel> = {
  file: 'request-validators.gen.d.ts',
  emit: ({ contract }) => standaloneDeclarations(Object.keys(validatorPlan(contract).request)),
};

/** `validators.gen.js`: bodies, answers and named schemas. */
export const validatorsEmitter: Emitter<OpenApiModel> = {
  file: 'validators.gen.js',
  emit: ({ contract }) => answerValidatorsJs(contract),
};

export const validatorDeclarationsEmitter: Emitter<OpenApiModel> = {
  file: 'validators.gen.d.ts',
  emit: ({ contract }) => standaloneDeclarations(Object.keys(validatorPlan(contract).answers)),
};
