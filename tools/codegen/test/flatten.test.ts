import { describe, expect, it } from 'vitest';
import { flattenClosedCompositions } from '../src/flatten.js';

const ref = (name: string) => ({ $ref: `components.json#/$defs/${name}` });

describe('flattenClosedCompositions', () => {
  const base = {
    type: 'object',
    description: 'common fields',
    required: ['id', 'type'],
    properties: { id: { type: 'string' }, type: { type: 'string' } },
  };

  it('makes a closed allOf of plain parts one closed object with every property', () => {
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
    expect(schemas.Payment).toEqual({
      title: 'payment',
      type: 'object',
      properties: {
        id: { type: 'string' },
        type: { allOf: [{ type: 'string' }, { const: 'payment' }] },
        amount: { type: 'string' },
      },
      required: ['id', 'type', 'amount'],
      additionalProperties: false,
    });
    expect(schemas.Base).toBe(base);
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
