/**
 * Instance storage as the Rust host keeps it (`InstanceStorageMap`, host/frame.rs): a map in the
 * frame built on first access, not a host object (the invocation traces pin the object handles);
 * any mutable access, a delete of a missing key too, writes the instance back, so the instance
 * entry is read-write in the footprint.
 */
import { scValToNative, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/budget.js';
import { Host } from '../../src/host/host.js';
import { createContract, uploadWasm } from '../../src/host/lifecycle.js';
import { contractInstanceKey, InMemorySnapshot, type LedgerInfo, Storage } from '../../src/storage/index.js';
import type { Val } from '../../src/values/val.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

const LEDGER: LedgerInfo = {
  protocolVersion: 23,
  sequenceNumber: 10,
  timestamp: 0n,
  networkId: new Uint8Array(32),
  baseReserve: 0,
  minPersistentEntryTtl: 4096,
  minTempEntryTtl: 16,
  maxEntryTtl: 6_312_000,
};

function deploy(host: Host): Uint8Array {
  const wasmHash = uploadWasm(host, readSoroban('wasm/20/example_contract_data.wasm'));
  const preimage = xdr.ContractIdPreimage.contractIdPreimageFromAddress(
    new xdr.ContractIdPreimageFromAddress({
      address: xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(Buffer.alloc(32, 7))),
      salt: Buffer.alloc(32),
    }),
  );
  return createContract(host, preimage, xdr.ContractExecutable.contractExecutableWasm(wasmHash), []);
}

const call = (host: Host, id: Uint8Array, fn: string, args: xdr.ScVal[]): xdr.ScVal =>
  host.converter.toScVal(
    host.callContract(
      id,
      host.converter.toVal(xdr.ScVal.scvSymbol(fn)),
      args.map((a) => host.converter.toVal(a) as Val),
    ),
  );

function freshHost(snapshot = new InMemorySnapshot()): { host: Host; storage: Storage } {
  const storage = Storage.recording(snapshot, () => LEDGER);
  return { host: new Host({ budget: Budget.default(), storage, ledger: LEDGER }), storage };
}

describe.skipIf(!sorobanData)(`instance storage (${sorobanData ? 'present' : NO_SOROBAN_DATA})`, () => {
  it('deleting a missing key is a mutable access: the instance is written back (read-write)', () => {
    const { host, storage } = freshHost();
    const id = deploy(host);
    const snapshot = new InMemorySnapshot();
    for (const [key, slot] of storage.map.entries(host.budget))
      if (slot) snapshot.set(key, { entry: slot.entry, liveUntil: slot.liveUntil });
    const second = freshHost(snapshot);
    call(second.host, id, 'del_instance', [xdr.ScVal.scvSymbol('k')]);
    expect(second.storage.footprint.map.get(contractInstanceKey(id), second.host.budget)).toBe('readWrite');
  });

  it('a value put is read back in a later call and deleted', () => {
    const { host } = freshHost();
    const id = deploy(host);
    const key = xdr.ScVal.scvSymbol('k');
    call(host, id, 'put_instance', [key, xdr.ScVal.scvU64(xdr.Uint64.fromString('42'))]);
    expect(scValToNative(call(host, id, 'get_instance', [key]))).toBe(42n);
    call(host, id, 'del_instance', [key]);
    expect(scValToNative(call(host, id, 'has_instance', [key]))).toBe(false);
  });
});
