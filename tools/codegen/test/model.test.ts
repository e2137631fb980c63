import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { OpenApiDocument } from '../src/openapi/load.js';
import { buildModel, type OperationModel } from '../src/openapi/model.js';

const fixture = (name: string) => parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('buildModel', () => {
  const model = buildModel(fixture('pets.openapi.yaml') as OpenApiDocument);
  const [getPet] = model.operations as [OperationModel];

  it('merges path-level parameters and marks array and required ones', () => {
    expect(getPet.meta.parameters.map((p) => [p.name, p.in, p.required, p.array])).toEqual([
      ['petId', 'path', true, false],
      ['tags', 'query', false, true],
      ['limit', 'query', false, false],
      ['a', 'query', false, false],
      ['b', 'query', false, false],
      ['c', 'query', false, false],
    ]);
  });

  it('turns an at-most-one constraint into a schema over every pair', () => {
    const query = (getPet.paramsSchema as { properties: { query: { allOf: unknown[] } } }).properties.query;
    expect(query.allOf).toEqual([
      { not: { anyOf: [{ required: ['a', 'b'] }, { required: ['a', 'c'] }, { required: ['b', 'c'] }] } },
    ]);
  });

  it('records media types, and JSON response schemas for +json types too', () => {
    expect(getPet.meta.responses).toEqual({
      '200': { mediaTypes: ['application/hal+json'] },
      '404': { mediaTypes: [] },
    });
    expect(Object.keys(getPet.responseSchemas ?? {})).toEqual(['200']);
  });

  it('drops OpenAPI-only annotations and x- extensions from schemas, and points refs at the components', () => {
    expect(model.schemas.Pet).not.toHaveProperty('example');
    expect(model.schemas.Pet).not.toHaveProperty('x-internal');
    expect(getPet.responseSchemas['200']).toEqual({ $ref: '/components/schemas/Pet' });
  });
});

describe('invalid contracts are refused with a clear message', () => {
  const cases = fixture('invalid.yaml') as Array<{ name: string; message: string; spec: OpenApiDocument }>;
  it.each(cases)('$name', ({ spec, message }) => {
    expect(() => buildModel(spec)).toThrow(message);
  });
});

describe('responses in several JSON media types', () => {
  const document = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/x': {
        post: {
          operationId: 'postX',
          responses: {
            '400': {
              description: 'a record or a problem',
              content: {
                'application/hal+json': { schema: { type: 'object', required: ['hash'] } },
                'application/problem+json': { schema: { type: 'object', required: ['type'] } },
                'text/plain': { schema: { type: 'string' } },
              },
            },
            '200': {
              description: 'the same schema twice',
              content: {
                'application/json': { schema: { type: 'object' } },
                'application/hal+json': { schema: { type: 'object' } },
              },
            },
          },
        },
      },
    },
  } as unknown as OpenApiDocument;
  const [postX] = buildModel(document).operations as [OperationModel];

  it('accept a body matching any of them', () => {
    expect(postX.responseSchemas['400']).toEqual({
      anyOf: [
        { type: 'object', required: ['hash'] },
        { type: 'object', required: ['type'] },
      ],
    });
  });

  it('keep one schema when they agree', () => {
    expect(postX.responseSchemas['200']).toEqual({ type: 'object' });
  });
});
