// The rewrites of ajv's standalone code: helpers inlined, unread schema copies and long-hand error
// sites gone, and nothing else touched.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { toEsm, withCompactErrorSites, withoutUnusedSchemas } from '../src/shared/standalone.js';

const require = createRequire(import.meta.url);
const ucs2length = require('ajv/dist/runtime/ucs2length').default as (text: string) => number;

describe('toEsm', () => {
  it('inlines ucs2length, which counts as ajv does', () => {
    const code = toEsm(
      '"use strict";const func1 = require("ajv/dist/runtime/ucs2length").default;export { func1 };',
    );
    expect(code).not.toContain('require');
    const inlined = new Function(
      `${code.replace('export { func1 };', '')}; return func1;`,
    )() as typeof ucs2length;
    for (const text of ['', 'abc', '😀', 'a😀b', '\ud83d', '\ude00\ud83d', 'é', '𝄞𝄞x']) {
      expect(inlined(text)).toBe(ucs2length(text));
    }
  });

  it('refuses a helper it has no inline form of, naming it', () => {
    expect(() => toEsm('const func2 = require("ajv/dist/runtime/equal").default;')).toThrow(
      'the validators need require("ajv/dist/runtime/equal").default',
    );
  });
});

describe('withoutUnusedSchemas', () => {
  const cases = [
    {
      why: 'a schema copy nothing reads is dropped',
      given: 'const schema1 = {"type":"string","enum":["a;b"]};function v(){}',
      want: 'function v(){}',
    },
    {
      why: 'a schema copy a validator reads is kept',
      given: 'const schema2 = {"properties":{"a":{}}};function v(k){return f.call(schema2.properties,k)}',
      want: 'const schema2 = {"properties":{"a":{}}};function v(k){return f.call(schema2.properties,k)}',
    },
    {
      why: 'braces and quotes inside strings do not end a copy early',
      given: 'const schema3 = {"pattern":"^\\\\\\"{[}]$"};const schema30 = [1];x(schema30);',
      want: 'const schema30 = [1];x(schema30);',
    },
  ];
  it.each(cases)('$why', ({ given, want }) => {
    expect(withoutUnusedSchemas(given)).toBe(want);
  });
});

describe('withCompactErrorSites', () => {
  const site = (name: string, members: string) =>
    `const ${name} = {${members}};if(vErrors === null){vErrors = [${name}];}else {vErrors.push(${name});}errors++;`;
  const members =
    'instancePath:instancePath+"/a",schemaPath:"#/properties/a/type",keyword:"type",params:{type: "string"},message:"must be string"';

  it('turns each error site into one appendError call with the same members', () => {
    const code = withCompactErrorSites(`if(x){${site('err0', members)}}`);
    expect(code).toContain(
      'if(x){vErrors = appendError(vErrors,instancePath+"/a","#/properties/a/type","type",{type: "string"},"must be string");errors++;}',
    );
    expect(code.startsWith('function appendError(')).toBe(true);
  });

  it('leaves a site alone when its object is not the five error members', () => {
    const odd = site('err1', 'instancePath,schemaPath:"#",keyword:"x",params:{}');
    expect(withCompactErrorSites(odd)).toBe(odd);
  });

  it('appends the same error objects as the long hand, in the same order', () => {
    const longHand = `let vErrors = null;let errors = 0;const instancePath = "";${site('err0', members)}${site('err1', members.replace('/a', '/b'))}return vErrors;`;
    const run = (code: string) => new Function(code)();
    const compact = withCompactErrorSites(longHand);
    expect(compact).not.toContain('vErrors.push');
    expect(run(compact)).toEqual(run(longHand));
  });
});
