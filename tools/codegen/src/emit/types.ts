import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import type { OpenApiDocument } from '../document.js';

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
