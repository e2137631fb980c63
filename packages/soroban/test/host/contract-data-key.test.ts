/**
 * A contract data key is made as `storage_key_from_val` makes it (host/conversion.rs): the key
 * converted, the current contract's id copied (MemCpy 32) and the ledger key a metered `Rc`
 * (MemAlloc of a LedgerKey, 120), anew for every access. A persistent `has_contract_data` costs
 * exactly that more than the conversion and the storage read on their own.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { ledger } from '../../src/host/functions/ledger.js';
import type { Host } from '../../src/host/host.js';
import { contractAddress, contractDataKey } from '../../src/storage/index.js';
import type { Val } from '../../src/values/val.js';
import { addr, contractId, defaultSac, sacEnv } from '../builtin/sac/support.js';
import { inContract, tracedHost } from '../builtin/sac/traced-host.js';

const PERSISTENT = 1n;
const LEDGER_KEY = 120n;
/** A SAC balance key converted: a 2-element Vec, 2 x 64 bytes of ScVal. */
const BALANCE_KEY_SCVALS = 2n * 64n;
const KEY = xdr.ScVal.scvVec([xdr.ScVal.scvSymbol('Balance'), xdr.ScVal.scvU32(7)]);

function measured(host: Host, body: () => void) {
  const before = { cpu: host.budget.cpuUsed, mem: host.budget.memUsed };
  body();
  return { cpu: host.budget.cpuUsed - before.cpu, mem: host.budget.memUsed - before.mem };
}

function fresh() {
  const env = sacEnv();
  const { sac } = defaultSac(env);
  const { host } = tracedHost(env);
  return { host, contractId: Uint8Array.from(StrKey.decodeContract(sac.id)) };
}

describe('contract data keys', () => {
  it('charge the contract id copied and the key allocated', () => {
    const a = fresh();
    const key = a.host.converter.toVal(KEY);
    const viaEnv = inContract(a.host, a.contractId, () =>
      measured(a.host, () =>
        (ledger.has_contract_data as (...v: unknown[]) => Val)(a.host.context(), key, PERSISTENT),
      ),
    );
    const b = fresh();
    const keyB = b.host.converter.toVal(KEY);
    const parts = inContract(b.host, b.contractId, () =>
      measured(b.host, () => {
        const scval = b.host.converter.toScVal(keyB);
        b.host.storage.has(
          contractDataKey(contractAddress(b.contractId), scval, 'persistent'),
          b.host.budget,
        );
      }),
    );
    const key32 = Budget.default();
    key32.charge('MemCpy', 32n);
    key32.charge('MemAlloc', LEDGER_KEY);
    expect(viaEnv.cpu - parts.cpu).toBe(key32.cpuUsed);
    expect(viaEnv.mem - parts.mem).toBe(key32.memUsed);
  });

  it('a SAC balance read again allocates the key it converts and the LedgerKey it makes', () => {
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
