/**
 * The Stellar Asset Contract's metered clones (contract.rs and balance.rs, v23.0.0): each function
 * clones the `Address` handles it passes on (`metered_clone`, 16 bytes each: `spend_balance`,
 * `receive_balance`, `is_authorized`, a contract balance's `DataKey`), and each classic path clones
 * the issuer of the asset it read (32 bytes). Counted here by the charges `cloneAddress` makes
 * (a MemCpy of 16 bytes whose stack passes through it).
 */
import { describe, expect, it } from 'vitest';
import type { Host } from '../../../src/host/host.js';
import { watchCharges } from '../../support/charges.js';
import { addr, contractId, i128, mintedHolders } from './support.js';
import { tracedHost } from './traced-host.js';

function addressClones(host: Host, body: () => unknown): number {
  let clones = 0;
  watchCharges(host, body, (type, input) => {
    if (type === 'MemCpy' && input === 16n && new Error().stack?.includes('cloneAddress')) clones++;
  });
  return clones;
}

describe('address clones of the Stellar Asset Contract', () => {
  it.each([
    // transfer: spend_balance(from), receive_balance(to), each is_authorized.
    { given: 'transfer between two accounts', fn: 'transfer', to: 'account', want: 4 },
    // ... and the receiving contract balance's DataKey.
    { given: 'transfer to a contract', fn: 'transfer', to: 'contract', want: 5 },
    // mint: receive_balance(to), is_authorized.
    { given: 'mint to an account', fn: 'mint', to: 'account', want: 2 },
  ])('$given clones $want addresses', ({ fn, to, want }) => {
    const { env, sac, user, other } = mintedHolders(100n);
    const { host, call } = tracedHost(env);
    const destination = to === 'account' ? addr(other) : addr(contractId(9));
    const args = fn === 'transfer' ? [addr(user), destination, i128(10n)] : [destination, i128(10n)];
    expect(addressClones(host, () => call(sac.id, fn, args))).toBe(want);
  });
});
