/**
 * `invoke_function_and_return_val` (host/frame.rs): an `InvokeContract`'s arguments become Vals
 * through `scvals_to_val_vec`, a metered collect of `Result<Val, HostError>` (charged before the
 * conversions: the 24-byte header and a HostError's 16, then 8 + 16 bytes per argument).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { Host } from '../../src/host/host.js';
import { invokeHostFunction } from '../../src/invoke/host-function.js';
import { contractAddress, InMemorySnapshot, Storage } from '../../src/storage/index.js';
import { chargesOf } from '../support/charges.js';
import { LEDGER } from './fixtures.js';

const invoke = (args: xdr.ScVal[]) =>
  xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({
      contractAddress: contractAddress(new Uint8Array(32).fill(9)),
      functionName: 'go',
      args,
    }),
  );

describe('an InvokeContract host function', () => {
  it('collects its arguments (a Result<Val, HostError> each) before converting them', () => {
    const host = new Host({
      budget: Budget.default(),
      storage: Storage.recording(new InMemorySnapshot(), () => LEDGER),
      ledger: LEDGER,
    });
    const args = [xdr.ScVal.scvU32(1), xdr.ScVal.scvU32(2)];
    const charges = chargesOf(host, () => expect(() => invokeHostFunction(host, invoke(args))).toThrow());
    const collect = charges.findIndex(
      ([type, input], i) => type === 'MemCpy' && input === 40n && charges[i + 1]?.[1] === 48n,
    );
    expect(charges.slice(collect, collect + 3)).toEqual([
      ['MemCpy', 40n],
      ['MemAlloc', 48n],
      ['MemCpy', 48n],
    ]);
  });
});
