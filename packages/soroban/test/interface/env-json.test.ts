/** Our host interface table against the Rust host's own `env.json` (test data). */
import { describe, expect, it } from 'vitest';
import { availableAt, HOST_FUNCTIONS } from '../../src/interface/index.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { type EnvFunction, readEnvJson } from './env-json.js';

/** A record as plain data, so that ours and the file's compare field by field. */
const plain = (fn: object): EnvFunction => JSON.parse(JSON.stringify(fn)) as EnvFunction;

describe.skipIf(!sorobanData)(`host interface against env.json (${NO_SOROBAN_DATA})`, () => {
  it('is env-v28.0.2.json, function for function and in order', () => {
    expect(HOST_FUNCTIONS.map(plain)).toEqual(readEnvJson('env-v28.0.2.json'));
  });

  it('has 197 callable functions plus the test module', () => {
    expect(HOST_FUNCTIONS.filter((fn) => fn.module !== 'test')).toHaveLength(197);
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
    { protocol: 24, want: 165, added: [] },
    {
      protocol: 25,
      want: 170,
      added: [
        'bn254_g1_add',
        'bn254_g1_mul',
        'bn254_multi_pairing_check',
        'poseidon_permutation',
        'poseidon2_permutation',
      ],
    },
    {
      protocol: 26,
      want: 191,
      added: [
        'u256_checked_add',
        'i256_checked_pow',
        'bn254_g1_msm',
        'bn254_fr_inv',
        'bls12_381_g1_is_on_curve',
        'bn254_g1_is_on_curve',
        'strkey_to_muxed_address',
        'muxed_address_to_strkey',
        'extend_contract_data_ttl_v2',
        'extend_contract_instance_and_code_ttl_v2',
      ],
    },
    {
      protocol: 27,
      want: 193,
      added: ['get_delegated_signers_for_current_auth_check', 'delegate_account_auth'],
    },
    {
      protocol: 28,
      want: 198,
      added: [
        'sparse_map_new_from_linear_memory',
        'sparse_map_unpack_to_linear_memory',
        'create_executable_tag',
        'create_external_ref_contract',
        'update_current_contract_executable_ref',
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

  it('is env-v23.0.0.json at protocols 20..23 (the later file only adds)', () => {
    const upTo23 = HOST_FUNCTIONS.filter((fn) => (fn.minProtocol ?? 0) <= 23);
    expect(upTo23.map(plain)).toEqual(readEnvJson('env-v23.0.0.json'));
  });
});
