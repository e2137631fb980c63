import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../src/openapi/json-schema.js';
import { RFC3339_DATE_TIME } from '../src/shared/ajv-formats.js';
import { needsUnicodePatterns, validationOnly } from '../src/shared/json-schema.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const target = (name: string) => `/components/schemas/${name}`;

describe('discriminated unions', () => {
  const union = {
    description: 'A pet',
    oneOf: [ref('Cat'), ref('Dog')],
    discriminator: {
      propertyName: 'kind',
      mapping: {
        cat: '#/components/schemas/Cat',
        kitten: '#/components/schemas/Cat',
        dog: '#/components/schemas/Dog',
      },
    },
  };

  it('become a switch on the tag: a known tag, then only its own schema, tried in turn', () => {
    // biome-ignore-start lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here.
    expect(toJsonSchema(union)).toEqual({
      description: 'A pet',
      allOf: [
        { type: 'object', required: ['kind'], properties: { kind: { enum: ['cat', 'kitten', 'dog'] } } },
        {
          if: { required: ['kind'], properties: { kind: { enum: ['cat', 'kitten'] } } },
          then: { $ref: target('Cat') },
          else: {
            if: { required: ['kind'], properties: { kind: { enum: ['dog'] } } },
            then: { $ref: target('Dog') },
          },
        },
      ],
    });
    // biome-ignore-end lint/suspicious/noThenProperty: `then` is the JSON Schema keyword here.
  });

  it('stay a oneOf when a branch has no mapping entry', () => {
    const partial = { ...union, oneOf: [ref('Cat'), ref('Dog'), ref('Fish')] };
    expect(toJsonSchema(partial)).toEqual({
      description: 'A pet',
      oneOf: [{ $ref: target('Cat') }, { $ref: target('Dog') }, { $ref: target('Fish') }],
    });
  });

  it('stay a oneOf without a mapping', () => {
    const implicit = { oneOf: [ref('Cat')], discriminator: { propertyName: 'kind' } };
    expect(toJsonSchema(implicit)).toEqual({ oneOf: [{ $ref: target('Cat') }] });
  });
});

describe('needsUnicodePatterns', () => {
  it('is false for ASCII patterns anywhere in a schema', () => {
    expect(needsUnicodePatterns({ properties: { id: { type: 'string', pattern: '^G[A-Z2-7]{55}$' } } })).toBe(
      false,
    );
  });

  it('is true for property escapes, code point escapes and non-ASCII characters', () => {
    expect(needsUnicodePatterns([{ pattern: '^\\p{L}+$' }])).toBe(true);
    expect(needsUnicodePatterns({ items: { pattern: '\\u{1F600}' } })).toBe(true);
    expect(needsUnicodePatterns({ pattern: '^é$' })).toBe(true);
  });

  it('reads a property named pattern as a property, not a pattern', () => {
    expect(needsUnicodePatterns({ properties: { pattern: { type: 'string' } } })).toBe(false);
  });
});

describe('RFC3339_DATE_TIME', () => {
  it.each([
    '2024-07-05T05:51:31Z',
    '2024-02-29T00:00:00Z',
    '2024-12-31T23:59:60Z',
    '2024-07-05t05:51:31.123456z',
    '2024-07-05 05:51:31+05:30',
    '2024-04-30T10:00:00-00:00',
  ])('accepts %s', (value) => {
    expect(RFC3339_DATE_TIME.test(value)).toBe(true);
  });

  it.each([
    '2024-07-05',
    '2024-07-05T05:51:31',
    '2024-13-01T00:00:00Z',
    '2024-04-31T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2024-07-05T24:00:00Z',
    '2024-07-05T05:60:00Z',
    '2024-07-05T05:51:61Z',
    '2024-07-05T05:51:31+24:00',
    '2024-07-05T05:51:31+0530',
    ' 2024-07-05T05:51:31Z',
  ])('refuses %s', (value) => {
    expect(RFC3339_DATE_TIME.test(value)).toBe(false);
  });
});

describe('validationOnly', () => {
  it('drops annotations, not members, data or keywords that validate', () => {
    expect(
      validationOnly({
        title: 'T',
        description: 'D',
        examples: [{ description: 'kept: data' }],
        deprecated: true,
        type: 'object',
        properties: { description: { type: 'string', description: 'member named description' }, title: {} },
        enum: [{ title: 'kept: data' }],
        default: { description: 'kept: data' },
        allOf: [{ $comment: 'c', readOnly: true, minimum: 1 }],
      }),
    ).toEqual({
      type: 'object',
      properties: { description: { type: 'string' }, title: {} },
      enum: [{ title: 'kept: data' }],
      default: { description: 'kept: data' },
      allOf: [{ minimum: 1 }],
    });
  });
});
