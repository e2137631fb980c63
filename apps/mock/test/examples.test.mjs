import { describe, expect, it } from 'vitest';
import { pickExample } from '../src/examples.mjs';

const method = {
  name: 'getTransaction',
  examples: [
    { params: [{ name: 'hash', value: 'a' }], result: { value: 'base64 a' } },
    { params: [{ name: 'hash', value: 'b' }], result: { value: 'base64 b' } },
    {
      params: [
        { name: 'hash', value: 'a' },
        { name: 'xdrFormat', value: 'json' },
      ],
      result: { value: 'json a' },
    },
  ],
};

describe('pickExample', () => {
  it('answers the example whose params match exactly', () => {
    expect(pickExample(method, { hash: 'b' })).toBe('base64 b');
  });

  it('answers in the XDR format asked for', () => {
    expect(pickExample(method, { hash: 'a', xdrFormat: 'json' })).toBe('json a');
    expect(pickExample(method, { hash: 'a', xdrFormat: 'base64' })).toBe('base64 a');
  });

  it('falls back to the closest example, never to made-up data', () => {
    expect(pickExample(method, { hash: 'z' })).toBe('base64 a');
    expect(pickExample({ name: 'm', examples: [] }, {})).toBeUndefined();
  });
});
