/**
 * Every access to a contract's persistent or temporary data makes its storage key anew
 * (conversion.rs `storage_key_from_scval`): the contract's id cloned into a new `Rc<LedgerKey>`,
 * a 120-byte allocation (declared_size.rs), besides converting the key Val (a SAC balance key is
 * a 2-element Vec: 2 x 64 bytes of ScVal).
 */
import { describe, expect, it } from 'vitest';
import { addr, contractId, defaultSac, sacEnv } from './support.js';
import { tracedHost } from './traced-host.js';

const LEDGER_KEY = 120n;
const BALANCE_KEY_SCVALS = 2n * 64n;

describe('contract data keys', () => {
  it('a balance read again allocates the key it converts and the LedgerKey it makes', () => {
    const env = sacEnv();
    const { sac } = defaultSac(env);
    const { calls, call } = tracedHost(env);
    const holder = addr(contractId(7));
    call(sac.id, 'balance', [holder]);
    const first = calls.length;
    call(sac.id, 'balance', [holder]);
    const again = calls.slice(first).filter((c) => c.name === 'has_contract_data');
    expect(again.map((c) => c.allocated)).toEqual([BALANCE_KEY_SCVALS + LEDGER_KEY]);
  });
});
