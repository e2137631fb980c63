// The emitted validator modules: each component compiled once, plain ES modules that import nothing,
// and the same verdicts and errors as ajv compiling the same schemas at run time.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../src/openapi/load.js';
import { buildModel } from '../src/openapi/model.js';
import { answerSchemas, emitValidators } from '../src/openapi/validators.js';
import { addContractFormats } from '../src/shared/ajv-formats.js';
import { addComponents, COMPONENT_REF_PREFIX } from '../src/shared/json-schema.js';
import { addReadModeKeywords } from '../src/shared/mode-keywords.js';
import { STANDALONE_OPTIONS } from '../src/shared/standalone.js';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020.js').default;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });

// `Shared` refers to another component, so ajv compiles it as a function rather than inlining it;
// its `maxLength: 12345` is written into that function a fixed number of times.
const contract = {
  openapi: '3.1.0',
  info: { title: 'Shared', version: '1.0.0' },
  paths: Object.fromEntries(
    ['a', 'b', 'c'].map((name) => [
      `/${name}`,
      {
        get: {
          operationId: `get_${name}`,
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } }],
          responses: { '200': { description: 'ok', ...json({ type: 'array', items: ref('Shared') }) } },
        },
      },
    ]),
  ),
  components: {
    schemas: {
      Link: {
        type: 'object',
        title: 'A link',
        description: 'annotations are not copied into the validators',
        required: ['href'],
        properties: { href: { type: 'string', format: 'uri' } },
      },
      Shared: {
        type: 'object',
        required: ['code', 'link'],
        properties: {
          code: { type: 'string', maxLength: 12345 },
          emoji: { type: 'string', maxLength: 2 },
          born: { type: 'string', format: 'date' },
          at: { type: 'string', format: 'date-time' },
          link: ref('Link'),
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const model = buildModel(contract);
const emitted = emitValidators(model);

let dir: string;
let answers: Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
let requests: typeof answers;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'codegen-validators-'));
  await writeFile(join(dir, 'validators.js'), emitted.module.js);
  await writeFile(join(dir, 'request-validators.js'), emitted.requestModule.js);
  answers = await import(pathToFileURL(join(dir, 'validators.js')).href);
  requests = await import(pathToFileURL(join(dir, 'request-validators.js')).href);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the emitted modules', () => {
  it('compile a component referred to from three operations once', () => {
    const oneOperation = { ...contract, paths: { '/a': contract.paths?.['/a'] } } as OpenApiDocument;
    const once = emitValidators(buildModel(oneOperation)).module.js.match(/12345/g)?.length;
    expect(once).toBeGreaterThan(0);
    expect(emitted.module.js.match(/12345/g)?.length).toBe(once);
  });

  it('import nothing: no import, no require, no createRequire', () => {
    for (const module of [emitted.module, emitted.requestModule]) {
      expect(module.js).not.toMatch(/\bimport\b|\brequire\(|createRequire/);
    }
  });

  it('carry no annotations and no run-time machinery the contract does not use', () => {
    expect(emitted.module.js).not.toContain('annotations are not copied');
    expect(emitted.module.js).not.toMatch(/dynamicAnchors|evaluated/);
  });

  it('keep the evaluation bookkeeping for a contract that uses unevaluatedProperties', () => {
    const open = structuredClone(contract) as unknown as { components: { schemas: Record<string, unknown> } };
    open.components.schemas.Either = {
      oneOf: [{ properties: { a: {} } }, { properties: { b: {} } }],
      unevaluatedProperties: false,
    };
    expect(emitValidators(buildModel(open as unknown as OpenApiDocument)).module.js).toContain('evaluated');
  });

  it('declare every export for the compiler, as a CompiledValidator', () => {
    const names = [
      ...Object.values(emitted.names.schemas),
      ...Object.values(emitted.names.responses).flatMap(Object.values),
    ];
    for (const name of names) {
      expect(emitted.module.dts).toContain(`export declare const ${name}: CompiledValidator;`);
      expect(typeof answers[name]).toBe('function');
    }
  });
});

/** The same schemas compiled by ajv at run time, as the emitted modules' reference. */
function referenceValidator(schemaName: string) {
  const ajv = new Ajv2020({ ...STANDALONE_OPTIONS, code: {} });
  addContractFormats(ajv);
  addReadModeKeywords(ajv);
  addComponents(ajv, answerSchemas(model).components, COMPONENT_REF_PREFIX);
  return ajv.compile({ $ref: `${COMPONENT_REF_PREFIX}${schemaName}` });
}

describe('a component validator gives what ajv gives at run time, in every read mode', () => {
  const valid = { code: 'x', link: { href: 'https://example.org/a' } };
  const cases: Array<{ why: string; value: unknown }> = [
    { why: 'a valid value', value: valid },
    { why: 'a missing member and a wrong type', value: { code: 7 } },
    {
      why: 'a member the contract does not declare',
      value: { ...valid, extra: 1, link: { ...valid.link, x: 2 } },
    },
    { why: 'a relative uri', value: { ...valid, link: { href: 'a/b' } } },
    { why: 'two emoji are two characters (code points)', value: { ...valid, emoji: '😀😀' } },
    { why: 'three emoji are too many', value: { ...valid, emoji: '😀😀😀' } },
    { why: '29 February of a leap year', value: { ...valid, born: '2024-02-29' } },
    { why: '29 February of another year', value: { ...valid, born: '2023-02-29' } },
    { why: 'a date-time with an offset', value: { ...valid, at: '2024-07-05T05:51:31+02:00' } },
    { why: 'a date-time without a zone', value: { ...valid, at: '2024-07-05T05:51:31' } },
    { why: 'not an object', value: [valid] },
  ];
  const reference = referenceValidator('Shared');

  it.each(cases)('$why', ({ value }) => {
    const validator = answers[emitted.names.schemas.Shared as string];
    if (!validator) throw new Error('no emitted validator for Shared');
    for (const context of [undefined, { mode: 'tolerant' }, { mode: 'strict' }]) {
      const verdict = validator.call(context, value);
      expect(verdict).toBe(reference.call(context, value));
      expect(validator.errors ?? null).toEqual(reference.errors ?? null);
    }
  });
});

describe('the request validators', () => {
  it('coerce query strings and apply defaults, in place', () => {
    const validator = requests[emitted.names.params.get_a as string];
    if (!validator) throw new Error('no params validator');
    const params = { query: { limit: '5' }, path: {}, headers: {} };
    expect(validator(params)).toBe(true);
    expect(params.query).toEqual({ limit: 5 });
    const defaulted = { query: {}, path: {}, headers: {} };
    expect(validator(defaulted)).toBe(true);
    expect(defaulted.query).toEqual({ limit: 10 });
  });
});
