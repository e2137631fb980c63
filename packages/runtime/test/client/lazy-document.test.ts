// The contract document of a generated package: parsed on the first read, read like the parsed JSON.
import { describe, expect, it } from 'vitest';
import { lazyDocument } from '../../src/client.js';

const contract = {
  openapi: '3.1.0',
  info: { title: "Quotes 'n' slashes \\ and \u2028", version: '1.0.0' },
  paths: { '/a': { get: { operationId: 'a', description: 'é 😀 </script>' } } },
};
const text = JSON.stringify(contract);

describe('lazyDocument', () => {
  it('reads like the parsed JSON: members, keys, JSON, spread and structured clone', () => {
    const document = lazyDocument(text, Object.keys(contract));
    expect(document.info).toEqual(contract.info);
    expect(Object.keys(document)).toEqual(['openapi', 'info', 'paths']);
    expect(JSON.parse(JSON.stringify(document))).toEqual(contract);
    expect({ ...document }).toEqual(contract);
    expect(structuredClone(document)).toEqual(contract);
  });

  it('is one parse, on the first read: every read returns the same objects', () => {
    const document = lazyDocument('{"paths":{"/a":{}}, "broken": ', ['paths']);
    expect(() => document.paths).toThrow(SyntaxError);
    const good = lazyDocument(text, ['paths']);
    expect(good.paths).toBe(good.paths);
  });
});
