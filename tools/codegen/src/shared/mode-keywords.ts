import { createRequire } from 'node:module';
import type { Code, KeywordCxt, KeywordDefinition } from 'ajv';

// ajv ships CommonJS; its code-generation template tags come from the same copy.
const require = createRequire(import.meta.url);
const { _ } = require('ajv') as typeof import('ajv');

/**
 * The read mode a validator runs in is its `this` (`validator.call({ mode }, value)`; ajv's
 * `passContext` hands it on to every referenced validator). Without one, the contract as written.
 */
const TOLERANT = _`(this !== undefined && this.mode === "tolerant")`;
const STRICT = _`(this !== undefined && this.mode === "strict")`;

/**
 * `unknownMember: "closed" | "open"`, as the schema of `additionalProperties` or
 * `unevaluatedProperties`: a member the object does not declare. `closed` (the contract closes
 * the object) rejects it unless the mode is tolerant; `open` (the contract leaves it open) rejects
 * it only in strict mode. The error sits on the member itself.
 */
const unknownMember: KeywordDefinition = {
  keyword: 'unknownMember',
  schemaType: 'string',
  code(cxt: KeywordCxt) {
    if (cxt.schema !== 'closed' && cxt.schema !== 'open') {
      throw new Error(`unknownMember must be "closed" or "open", not ${JSON.stringify(cxt.schema)}`);
    }
    cxt.fail(cxt.schema === 'closed' ? _`!${TOLERANT}` : STRICT);
  },
  error: { message: 'is not allowed here' },
};

/**
 * `addedRequired: [names]`: members a recent server release added (`x-added-in`); required unless
 * the mode is tolerant. Each missing one is reported on its own path, as `required` does.
 */
const addedRequired: KeywordDefinition = {
  keyword: 'addedRequired',
  type: 'object',
  schemaType: 'array',
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const names = cxt.schema as string[];
    gen.if(_`!${TOLERANT}`, () => {
      for (const name of names) {
        // ajv turns a plain name into the JSON-pointer segment (its ErrorPaths type says Code only).
        const member = name as unknown as Code;
        gen.if(_`${data}[${name}] === undefined`, () =>
          cxt.error(false, { missingProperty: name }, { instancePath: member }),
        );
      }
    });
  },
  error: {
    message: 'is required',
    params: ({ params }) => _`{missingProperty: ${params.missingProperty}}`,
  },
};

/** Registers the read-mode keywords with an ajv instance. */
export function addReadModeKeywords(ajv: { addKeyword(definition: KeywordDefinition): unknown }): void {
  ajv.addKeyword(unknownMember);
  ajv.addKeyword(addedRequired);
}
