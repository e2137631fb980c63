// Read modes: the schema rewrite (read-modes.ts, added-in.ts) and the keywords that decide at run
// time (emit/mode-keywords.ts), compiled with the options of the generated validators.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { addedMembersOptional } from '../src/shared/added-in.js';
import { addReadModeKeywords } from '../src/shared/mode-keywords.js';
import { mergedComponents, withReadModes } from '../src/shared/read-modes.js';
import { STANDALONE_OPTIONS } from '../src/shared/standalone.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;

const PREFIX = 'components.json#/$defs/';
const ref = (name: string) => ({ $ref: `${PREFIX}${name}` });
const answers = { closeOpen: true };

describe('withReadModes', () => {
  const cases: Array<{ given: unknown; closable?: boolean; want: unknown; why: string }> = [
    {
      why: 'a closed object: unknown members are checked by the mode',
      given: { type: 'object', properties: { a: {} }, additionalProperties: false },
      want: { type: 'object', properties: { a: {} }, additionalProperties: { unknownMember: 'closed' } },
    },
    {
      why: 'a closed composition the flattener left alone',
      given: { allOf: [ref('A')], unevaluatedProperties: false },
      want: { allOf: [ref('A')], unevaluatedProperties: { unknownMember: 'closed' } },
    },
    {
      why: 'an open object: closed in strict mode only',
      given: { type: 'object', properties: { a: { type: 'object', properties: { b: {} } } } },
      want: {
        type: 'object',
        properties: {
          a: { type: 'object', properties: { b: {} }, additionalProperties: { unknownMember: 'open' } },
        },
        additionalProperties: { unknownMember: 'open' },
      },
    },
    {
      why: 'an open object used where another schema describes the same value stays open',
      closable: false,
      given: { type: 'object', properties: { a: {} } },
      want: { type: 'object', properties: { a: {} } },
    },
    {
      why: 'allOf parts and conditions are never closed; neither is their parent, whose members they add',
      given: { allOf: [{ properties: { a: {} } }], if: { properties: { k: { const: 1 } } } },
      want: { allOf: [{ properties: { a: {} } }], if: { properties: { k: { const: 1 } } } },
    },
    {
      why: 'alternatives of a schema without members of its own are closed, each on its own',
      given: { anyOf: [{ properties: { a: {} } }, { type: 'null' }] },
      want: {
        anyOf: [{ properties: { a: {} }, additionalProperties: { unknownMember: 'open' } }, { type: 'null' }],
      },
    },
    {
      why: 'an explicit map or open declaration is the contract speaking: left as it is',
      given: { properties: { a: {} }, additionalProperties: true },
      want: { properties: { a: {} }, additionalProperties: true },
    },
    {
      why: 'a member marked x-added-in moves from required to addedRequired, also in a branch',
      given: {
        type: 'object',
        required: ['a', 'b'],
        properties: { a: {}, b: { 'x-added-in': '27.1.0' }, c: { 'x-added-in': '23.0.0' } },
        anyOf: [{ required: ['c', 'a'] }, { required: ['a'] }],
        additionalProperties: false,
      },
      want: {
        type: 'object',
        required: ['a'],
        addedRequired: ['b'],
        properties: { a: {}, b: {}, c: {} },
        anyOf: [{ required: ['a'], addedRequired: ['c'] }, { required: ['a'] }],
        additionalProperties: { unknownMember: 'closed' },
      },
    },
  ];

  it.each(cases)('$why', ({ given, closable = true, want }) => {
    expect(withReadModes(given, closable, answers)).toEqual(want);
  });

  it('leaves open objects open for request parameters', () => {
    const params = { type: 'object', properties: { query: { type: 'object', properties: { a: {} } } } };
    expect(withReadModes(params, false, { closeOpen: false })).toEqual(params);
  });
});

describe('mergedComponents', () => {
  it('finds the components used as parts, and everything they refer to', () => {
    const components = {
      Base: { type: 'object', properties: { links: ref('Links') } },
      Links: { type: 'object', properties: { self: {} } },
      Record: { allOf: [ref('Base'), { properties: { item: ref('Item') } }] },
      Item: { type: 'object', properties: { x: {} } },
      Page: { type: 'object', properties: { records: { items: ref('Record') }, meta: ref('Meta') } },
      Meta: { type: 'object', properties: { n: {} } },
    };
    const merged = mergedComponents(components, [ref('Page')], PREFIX);
    expect([...merged].sort()).toEqual(['Base', 'Item', 'Links']);
  });
});

describe('the compiled keywords', () => {
  const ajv = new Ajv2020({ ...STANDALONE_OPTIONS, code: { lines: false } });
  addReadModeKeywords(ajv);
  ajv.addSchema({
    $id: 'components.json',
    $defs: {
      Entry: withReadModes(
        {
          type: 'object',
          required: ['key'],
          properties: { key: { type: 'string' }, ext: { type: 'string', 'x-added-in': '23.0.0' } },
          anyOf: [{ required: ['ext'] }, { required: ['extJson'] }],
          additionalProperties: false,
        },
        true,
        answers,
      ),
    },
  });
  const result = withReadModes(
    {
      type: 'object',
      required: ['time'],
      properties: {
        time: { type: 'string', 'x-added-in': '27.1.0' },
        entries: { type: 'array', items: ref('Entry') },
        note: { type: 'object', properties: { text: { type: 'string' } } },
      },
      additionalProperties: false,
    },
    true,
    answers,
  );
  const check = ajv.compile(result as object);
  const run = (value: unknown, mode?: 'tolerant' | 'strict') => {
    const ok = check.call(mode === undefined ? undefined : { mode }, value);
    return ok ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
  };

  const current = { time: '1', entries: [{ key: 'k', ext: 'e' }], note: { text: 't' } };
  const cases = [
    { name: 'an answer of today', value: current, contract: [], tolerant: [], strict: [] },
    {
      name: 'an unknown member where the contract closes the object',
      value: { ...current, later: 1, entries: [{ key: 'k', ext: 'e', later: 1 }] },
      contract: ['/later unknownMember', '/entries/0/later unknownMember'],
      tolerant: [],
      strict: ['/later unknownMember', '/entries/0/later unknownMember'],
    },
    {
      name: 'an unknown member where the contract leaves the object open',
      value: { ...current, note: { text: 't', later: 1 } },
      contract: [],
      tolerant: [],
      strict: ['/note/later unknownMember'],
    },
    {
      name: 'members added in a recent release left out (one of them in an anyOf branch)',
      value: { entries: [{ key: 'k' }] },
      // Raw ajv errors: both anyOf branches fail (the runtime keeps only the anyOf's own error).
      contract: [
        '/time addedRequired',
        '/entries/0/ext addedRequired',
        '/entries/0 required',
        '/entries/0 anyOf',
      ],
      tolerant: [],
      strict: [
        '/time addedRequired',
        '/entries/0/ext addedRequired',
        '/entries/0 required',
        '/entries/0 anyOf',
      ],
    },
    {
      name: 'a wrong type, which no mode takes',
      value: { ...current, time: 1 },
      contract: ['/time type'],
      tolerant: ['/time type'],
      strict: ['/time type'],
    },
  ];

  it.each(cases)('$name', ({ value, contract, tolerant, strict }) => {
    expect(new Set(run(value))).toEqual(new Set(contract));
    expect(new Set(run(value, 'tolerant'))).toEqual(new Set(tolerant));
    expect(new Set(run(value, 'strict'))).toEqual(new Set(strict));
  });

  it('reports an added member on its own path, as required does', () => {
    run({ entries: [] }, 'strict');
    expect(check.errors).toContainEqual(
      expect.objectContaining({ instancePath: '/time', keyword: 'addedRequired', message: 'is required' }),
    );
  });
});

describe('addedMembersOptional (for the types)', () => {
  it('drops marked members from every required list, marks kept', () => {
    const document = {
      components: {
        schemas: {
          Health: {
            type: 'object',
            required: ['status', 'closeTime'],
            properties: { status: {}, closeTime: { 'x-added-in': '27.1.0' } },
          },
        },
      },
    };
    expect(addedMembersOptional(document)).toEqual({
      components: {
        schemas: {
          Health: {
            type: 'object',
            required: ['status'],
            properties: { status: {}, closeTime: { 'x-added-in': '27.1.0' } },
          },
        },
      },
    });
  });
});
