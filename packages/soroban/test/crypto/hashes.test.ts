import { describe, expect, it } from 'vitest';
import { computeHashKeccak256, computeHashSha256 } from '../../src/crypto/hashes.js';
import { outcome, recordingMeter, toHex } from './support.js';

const text = (s: string) => new TextEncoder().encode(s);

// Literal vectors of soroban-env-host src/test/crypto.rs sha256_test / keccak256_test.
describe('compute_hash_sha256 / compute_hash_keccak256', () => {
  const cases = [
    {
      given: new Uint8Array(0),
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      keccak256: 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    },
    {
      given: Uint8Array.of(1),
      sha256: '4bf5122f344554c53bde2ebb8cd2b7e3d1600ad631c385a5d7cce23c7785459a',
      keccak256: '5fe7f977e71dba2ea1a68e21057beebb9be2ac30c6410aa38d4f3fbe41dcffd2',
    },
    {
      given: text('test vector for soroban'),
      sha256: '91a8e0fbbf626bf0c24d3cb7adbbef332e42339f56dd943cf272be28978dc294',
      keccak256: '352fe2eaddf44eb02eb3eab1f8d6ff4ba426df4f1734b1e3f210d621ee8853d9',
    },
    {
      given: new Uint8Array(1_000_000).fill(1),
      sha256: '1fb6a051d8996888485d47fea0007a88e1e78ea273fa5fb60e1ab00608dbb764',
      keccak256: 'eb8c4805c2569851fe8a82ed3bf5a95f61090aad0489058aaa99d9b98019aad3',
    },
  ];

  it.each(cases)('hashes $given.length bytes', ({ given, sha256, keccak256 }) => {
    expect(toHex(computeHashSha256(given, recordingMeter()))).toBe(sha256);
    expect(toHex(computeHashKeccak256(given, recordingMeter()))).toBe(keccak256);
  });

  it('charges the 32-byte result vector, then the hash by input length', () => {
    const meter = recordingMeter();
    computeHashSha256(new Uint8Array(23), meter);
    expect(meter.charges).toEqual([
      ['MemCpy', 24n],
      ['MemAlloc', 32n],
      ['MemCpy', 32n],
      ['ComputeSha256Hash', 23n],
    ]);
    const keccak = recordingMeter();
    computeHashKeccak256(new Uint8Array(5), keccak);
    expect(keccak.charges.at(-1)).toEqual(['ComputeKeccak256Hash', 5n]);
  });

  it('stops with the budget error when the hash charge does not fit', () => {
    expect(outcome(() => computeHashSha256(new Uint8Array(8), recordingMeter('ComputeSha256Hash')))).toBe(
      'Err(Error(Budget, ExceededLimit))',
    );
    expect(
      outcome(() => computeHashKeccak256(new Uint8Array(8), recordingMeter('ComputeKeccak256Hash'))),
    ).toBe('Err(Error(Budget, ExceededLimit))');
  });
});
