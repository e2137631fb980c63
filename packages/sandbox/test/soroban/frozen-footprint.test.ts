// CAP-77: a Soroban transaction whose footprint (read-only or read-write) holds a frozen key is
// refused with txFROZEN_KEY_ACCESSED (TransactionFrame::accessesFrozenKey); unfrozen, it runs.
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../harness.js';
import { freezeKeys } from '../support/frozen.js';
import { callFunction, type Deployed, deploy, HAS_SOROBAN_DATA, invokeTx, testWasm } from './support.js';

const alice = Keypair.random();
const ADD = [xdr.ScVal.scvI32(2), xdr.ScVal.scvI32(3)];

describe.skipIf(!HAS_SOROBAN_DATA)('frozen keys in a Soroban footprint', () => {
  let h: Harness;
  let add: Deployed;

  beforeAll(async () => {
    h = new Harness();
    h.fund('1000', alice);
    await h.ledger.sorobanReady();
    add = deploy(h, alice, testWasm('wasm/20/example_add_i32.wasm'));
  });

  it('refuses a call reading the frozen code, then runs it once unfrozen', () => {
    const { tx, simulated } = invokeTx(h, alice, callFunction(add.contract, 'add', ADD));
    const readOnly = simulated.transactionData.resources.footprint.readOnly;
    expect(readOnly.map((k) => k.type)).toContain('contractCode');

    freezeKeys(h, { freeze: [add.codeKey] });
    const refused = h.outcome(tx);
    expect([refused.where, refused.code]).toEqual(['rejected', 'txFrozenKeyAccessed']);

    freezeKeys(h, { unfreeze: [add.codeKey] });
    expect(h.outcome(tx).code).toBe('txSuccess');
  });
});
