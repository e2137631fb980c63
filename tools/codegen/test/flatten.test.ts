import { describe, expect, it } from 'vitest';
import { flattenClosedCompositions } from '../src/openapi/flatten.js';

const ref = (name: string) => ({ $ref: `/components/schemas/${name}` });

describe('flattenClosedCompositions', () => {
  const base = {
    type: 'object',
    description: 'common fields',
    required: ['id', 'type'],
    properties: { id: { type: 'string' }, type: { type: 'string' } },
  };

  it('makes a closed allOf of plain parts one closed object naming every property', () => {
    const schemas = flattenClosedCompositions({
      Base: base,
      Payment: {
        title: 'payment',
        allOf: [
          ref('Base'),
          {
            type: 'object',
            required: ['amount'],
            properties: { type: { const: 'payment' }, amount: { type: 'string' } },
          },
        ],
        unevaluatedProperties: false,
      },
    });
    // The component part stays one shared check (its members and required); its members are named
    // so that the object is closed over all of them.
    expect(schemas.Payment).toEqual({
      title: 'payment',
      type: 'object',
      allOf: [ref('Base')],
      properties: {
        id: true,
        type: { const: 'payment' },
        amount: { type: 'string' },
      },
      required: ['amount'],
      additionalProperties: false,
    });
    expect(schemas.Base).toBe(base);
  });

  it('merges a property two inline parts declare, and keeps inline parts whole', () => {
    const schemas = flattenClosedCompositions({
      Both: {
        allOf: [
          { type: 'object', required: ['a'], properties: { a: { type: 'string' } } },
          { properties: { a: { minLength: 1 }, b: {} } },
        ],
        unevaluatedProperties: false,
      },
    });
    expect(schemas.Both).toEqual({
      type: 'object',
      properties: { a: { allOf: [{ type: 'string' }, { minLength: 1 }] }, b: {} },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('leaves compositions it cannot prove equal alone', () => {
    const open = { allOf: [ref('Base'), { properties: { a: {} } }] };
    const combinator = { allOf: [ref('Base'), { oneOf: [{}] }], unevaluatedProperties: false };
    const nonObject = { allOf: [ref('Base'), { type: 'string' }], unevaluatedProperties: false };
    const remote = { allOf: [{ $ref: 'other.json#/x' }], unevaluatedProperties: false };
    const extra = { allOf: [ref('Base')], unevaluatedProperties: false, minProperties: 1 };
    const schemas = flattenClosedCompositions({ Base: base, open, combinator, nonObject, remote, extra });
    expect(schemas).toEqual({ Base: base, open, combinator, nonObject, remote, extra });
  });
});
