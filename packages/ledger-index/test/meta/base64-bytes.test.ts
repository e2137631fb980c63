/**
 * base64Bytes: what the SDK's decoder accepts, in a buffer of its own (the derivation thread is
 * handed it: a Buffer from Node's shared pool would detach the pool with it).
 */
import { describe, expect, it } from 'vitest';
import { base64Bytes } from '../../src/meta/closed-ledger.js';

describe('base64Bytes', () => {
  it.each([
    { given: 'AAAA', want: [0, 0, 0] },
    { given: 'AAE=', want: [0, 1] },
    { given: 'AQ==', want: [1] },
    { given: '', want: [] },
    { given: 'not base64!', want: undefined },
    { given: 'AAA', want: undefined },
    { given: 'AA=A', want: undefined },
    { given: '====', want: undefined },
  ])('$given -> $want', ({ given, want }) => {
    const bytes = base64Bytes(given);
    expect(bytes === undefined ? undefined : [...bytes]).toEqual(want);
  });

  it('gives each value a buffer of its own, never a slice of the pool', () => {
    const small = base64Bytes('AQID') as Uint8Array;
    expect(small.byteOffset).toBe(0);
    expect(small.buffer.byteLength).toBe(3);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(small, [small.buffer as ArrayBuffer]);
    expect(small.byteLength).toBe(0);
    expect(Buffer.from('AQID', 'base64')).toEqual(Buffer.from([1, 2, 3]));
    port1.close();
    port2.close();
  });
});
