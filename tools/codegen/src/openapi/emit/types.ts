import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { addedMembersOptional } from '../../shared/added-in.js';
import type { Emitter } from '../../shared/kind.js';
import type { OpenApiDocument } from '../load.js';
import type { OpenApiModel } from '../model.js';

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/** `paths`, `components` and `operations` types from openapi-typescript; binary parts typed as Blob. */
export async function emitTypes(document: OpenApiDocument): Promise<string> {
  const ast = await openapiTS(document as never, {
    alphabetize: false,
    transform(schemaObject) {
      const schema = schemaObject as { format?: string; contentMediaType?: string };
      if (schema.format === 'binary' || schema.contentMediaType === 'application/octet-stream') return BLOB;
      return undefined;
    },
  });
  return astToString(ast);
}

/** `types.gen.ts`. */
export const typesEmitter: Emitter<OpenApiModel> = {
  file: 'types.gen.ts',
  emit: ({ document }, log) => {
    log('types (openapi-typescript)');
    // openapi-typescript adds discriminator enums to the document it is given: hand it a copy.
    // Members added in a recent server release are optional in the types: a tolerant client may miss them.
    return emitTypes(addedMembersOptional(structuredClone(document)));
  },
};
