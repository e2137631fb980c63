/**
 * An allowance is read as allowance.rs reads it (v23.0.0): its key made through the env (the
 * `AllowanceDataKey` struct's `map_new_from_slices`, then the enum's `vec_new_from_slice`),
 * `has_contract_data` then `get_contract_data` of that key, the value's struct unpacked, and the
 * ledger asked for its sequence (`get_ledger_sequence`) to see whether the allowance is live.
 */
import { describe, expect, it } from 'vitest';
import { addr, defaultHolders, defaultSac, i128, keypair, sacEnv, u32 } from './support.js';
import { tracedHost } from './traced-host.js';

describe('an allowance read through the env', () => {
  it.each([
    {
      given: 'no allowance',
      approved: false,
      want: ['map_new_from_slices', 'vec_new_from_slice', 'has_contract_data'],
    },
    {
      given: 'an approved allowance',
      approved: true,
      want: [
        'map_new_from_slices',
        'vec_new_from_slice',
        'has_contract_data',
        'get_contract_data',
        'map_unpack_to_slice',
        'get_ledger_sequence',
      ],
    },
  ])('$given', ({ approved, want }) => {
    const env = sacEnv();
    const { sac, asset } = defaultSac(env);
    const [user, spender] = [keypair(2), keypair(3)];
    defaultHolders(env, asset, [user, spender]);
    if (approved) sac.call('approve', addr(user), addr(spender), i128(10n), u32(200));
    const { calls, call } = tracedHost(env);
    call(sac.id, 'allowance', [addr(user), addr(spender)]);
    // After the dispatch and the instance's extension (`extend_current_contract_instance_and_code_ttl`, which asks the ledger's sequence).
    const names = calls.map((c) => c.name).filter((n) => n !== 'obj_cmp');
    expect(names.slice(0, 3)).toEqual([
      'symbol_index_in_strs',
      'extend_current_contract_instance_and_code_ttl',
      'get_ledger_sequence',
    ]);
    expect(names.slice(3)).toEqual(want);
  });
});
