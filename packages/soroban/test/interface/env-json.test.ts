/** Our host interface table against the Rust host's own `env.json` (test data). */
import { describe, expect, it } from 'vitest';
import { availableAt, HOST_FUNCTIONS, hostFunction } from '../../src/interface/index.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { type EnvFunction, readEnvJson } from './env-json.js';

/** A record as plain data, so that ours and the file's compare field by field. */
const plain = (fn: object): EnvFunction => JSON.parse(JSON.stringify(fn)) as EnvFunction;

describe.skipIf(!sorobanData)(`host interface against env.json (${NO_SOROBAN_DATA})`, () => {
  it('is env-v23.0.0.json, function for function and in order', () => {
    expect(HOST_FUNCTIONS.map(plain)).toEqual(readEnvJson('env-v23.0.0.json'));
  });

  it('has 164 callable functions plus the test module', () => {
    expect(HOST_FUNCTIONS.filter((fn) => fn.module !== 'test')).toHaveLength(164);
    expect(HOST_FUNCTIONS.filter((fn) => fn.module === 'test').map((fn) => fn.name)).toEqual([
      'dummy0',
      'protocol_gated_dummy',
    ]);
  });

  const growth = [
    { protocol: 20, want: 138, added: [] as string[] },
    {
      protocol: 21,
      want: 141,
      added: ['extend_contract_instance_ttl', 'extend_contract_code_ttl', 'verify_sig_ecdsa_secp256r1'],
    },
    { protocol: 22, want: 160, added: ['create_contract_with_constructor', 'bls12_381_g1_add'] },
    {
      protocol: 23,
      want: 165,
      added: [
        'string_to_bytes',
        'bytes_to_string',
        'get_address_from_muxed_address',
        'get_address_executable',
      ],
    },
  ];
  it.each(growth)('links $want functions at protocol $protocol', ({ protocol, want, added }) => {
    const names = availableAt(protocol).map((fn) => fn.name);
    expect(names).toHaveLength(want);
    const before = new Set(availableAt(protocol - 1).map((fn) => fn.name));
    for (const name of added) {
      expect(names).toContain(name);
      if (protocol > 20) expect(before.has(name)).toBe(false);
    }
    expect(names).not.toContain('protocol_gated_dummy');
  });

  it('matches the protocol 20..23 part of env-v28.0.2.json (the later file only adds)', () => {
    const later = readEnvJson('env-v28.0.2.json');
    // What a protocol 20..23 host knows of the later file: everything not introduced after 23.
    const subset = later.filter((fn) => fn.minProtocol === undefined || fn.minProtocol <= 23);
    const differing = subset
      .filter((fn) => {
        const mine = hostFunction(fn.moduleLetter, fn.export);
        return !mine || JSON.stringify(plain(mine)) !== JSON.stringify(fn);
      })
      .map((fn) => `${fn.moduleLetter}.${fn.export} ${fn.name}`);
    expect(differing).toEqual([]);
    expect(subset).toHaveLength(HOST_FUNCTIONS.length);
    expect(later.filter((fn) => (fn.minProtocol ?? 0) > 23).length).toBeGreaterThan(0);
  });
});
