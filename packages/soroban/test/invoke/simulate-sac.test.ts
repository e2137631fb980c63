/**
 * Stellar Asset Contract calls simulated as soroban-simulation's own tests simulate them
 * (src/test/simulation.rs at v25.0.0, `test_simulate_successful_sac_call` and
 * `test_simulate_unsuccessful_sac_call_with_try_call`): their test network's odd cost parameters
 * give every cost type a price of its own, so the instructions and the fee they state pin each
 * charge of the call, the recording around it and the resources.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { simulateHostFunction } from '../../src/invoke/simulate.js';
import { contractAddress, type EntryWithLiveUntil, entryKey } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import {
  accountEntry,
  accountId,
  createContractData,
  ledgerEntry,
  SEQ,
  simulationTestInput,
  snapshotOf,
  wasmEntry,
  wasmKey,
} from './fixtures.js';

const symbol = (text: string) => xdr.ScVal.scvSymbol(text);
const string = (text: string) => xdr.ScVal.scvString(text);
const entry = (key: xdr.ScVal, val: xdr.ScVal) => new xdr.ScMapEntry({ key, val });

/** `create_sac_ledger_entry`: the instance of an `aaaa` asset of issuer 0…0, its map in ScVal order. */
function sacInstanceEntry(sac: xdr.ScAddress, admin: xdr.ScAddress): xdr.LedgerEntry {
  const storage = [
    entry(
      symbol('METADATA'),
      xdr.ScVal.scvMap([
        entry(symbol('decimal'), xdr.ScVal.scvU32(7)),
        entry(symbol('name'), string('aaaa')),
        entry(symbol('symbol'), string('aaaa')),
      ]),
    ),
    entry(xdr.ScVal.scvVec([symbol('Admin')]), xdr.ScVal.scvAddress(admin)),
    entry(
      xdr.ScVal.scvVec([symbol('AssetInfo')]),
      xdr.ScVal.scvVec([
        symbol('AlphaNum4'),
        xdr.ScVal.scvMap([
          entry(symbol('asset_code'), string('aaaa')),
          entry(symbol('issuer'), xdr.ScVal.scvBytes(Buffer.alloc(32))),
        ]),
      ]),
    ),
  ];
  return ledgerEntry(
    xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: sac,
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
        val: xdr.ScVal.scvContractInstance(
          new xdr.ScContractInstance({
            executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
            storage,
          }),
        ),
      }),
    ),
  );
}

/** `simulate_invoke_host_function_op` on the test network, seed [1; 32], recording auth. */
function simulate(entries: EntryWithLiveUntil[], invocation: xdr.InvokeContractArgs) {
  return simulateHostFunction({
    ...simulationTestInput(),
    snapshot: snapshotOf(entries),
    hostFunction: xdr.HostFunction.hostFunctionTypeInvokeContract(invocation),
  });
}

const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

/** The transaction data's resources and fee, footprint keys as base64 in the host's order. */
function resourcesOf(data: xdr.SorobanTransactionData) {
  const { resources } = data;
  return {
    readOnly: resources.footprint.readOnly.map(b64),
    readWrite: resources.footprint.readWrite.map(b64),
    instructions: resources.instructions,
    diskReadBytes: resources.diskReadBytes,
    writeBytes: resources.writeBytes,
    resourceFee: data.resourceFee,
  };
}

const SAC = xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(Buffer.alloc(32, 111)));
const TRUSTLINE_ASSET = xdr.TrustLineAsset.assetTypeCreditAlphanum4(
  new xdr.AlphaNum4({ assetCode: Buffer.from('aaaa'), issuer: accountId(0) }),
);

describe("soroban-simulation's SAC calls", () => {
  it('test_simulate_successful_sac_call: footprint, auth, resources and fee as the Rust test states', () => {
    const source = accountId(123);
    const other = accountId(124);
    const args = [
      xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(other)),
      xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: 0n, lo: 1n })),
    ];
    const invocation = new xdr.InvokeContractArgs({ contractAddress: SAC, functionName: 'mint', args });
    const instance = sacInstanceEntry(SAC, xdr.ScAddress.scAddressTypeAccount(source));
    const trustline = ledgerEntry(
      xdr.LedgerEntryData.trustline(
        new xdr.TrustLineEntry({
          accountId: other,
          asset: TRUSTLINE_ASSET,
          balance: 0n,
          limit: 1_000_000_000n,
          flags: 1,
          ext: xdr.TrustLineEntryExt.v0(),
        }),
      ),
    );
    const result = simulate(
      [
        { entry: instance, liveUntil: SEQ + 100 },
        { entry: trustline, liveUntil: undefined },
        { entry: accountEntry(source), liveUntil: undefined },
        { entry: accountEntry(other), liveUntil: undefined },
      ],
      invocation,
    );
    if (!result.ok) throw result.error;
    expect(result.returnValue.toXdr('base64')).toBe(xdr.ScVal.scvVoid().toXdr('base64'));
    expect(result.contractEvents.length).toBe(1);
    const rootInvocation = new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(invocation),
      subInvocations: [],
    });
    expect(result.auth.map((e) => e.toXdr('base64'))).toEqual([
      new xdr.SorobanAuthorizationEntry({
        credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
        rootInvocation,
      }).toXdr('base64'),
    ]);
    expect(resourcesOf(result.transactionData)).toEqual({
      readOnly: [b64(entryKey(instance))],
      readWrite: [b64(entryKey(trustline))],
      instructions: 3_443_303,
      diskReadBytes: 116,
      writeBytes: 116,
      resourceFee: 52_979n,
    });
  });

  it.skipIf(!sorobanData)(
    `test_simulate_unsuccessful_sac_call_with_try_call: the missing trustline read, nothing written (${sorobanData ? '' : NO_SOROBAN_DATA})`,
    () => {
      const other = accountId(124);
      const contract = createContractData(1, readSoroban('wasm/20/test_try_call_sac.wasm'));
      const wasm = readSoroban('wasm/20/test_try_call_sac.wasm');
      const instance = sacInstanceEntry(SAC, contractAddress(contract.contractId));
      const invocation = new xdr.InvokeContractArgs({
        contractAddress: contractAddress(contract.contractId),
        functionName: 'mint',
        args: [xdr.ScVal.scvAddress(SAC), xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(other))],
      });
      const result = simulate(
        [
          { entry: instance, liveUntil: SEQ + 100 },
          { entry: wasmEntry(wasm), liveUntil: SEQ + 100 },
          { entry: contract.contractEntry, liveUntil: SEQ + 100 },
          { entry: accountEntry(accountId(123)), liveUntil: undefined },
          { entry: accountEntry(other), liveUntil: undefined },
        ],
        invocation,
      );
      if (!result.ok) throw result.error;
      // The inner `mint` failed (no trustline): `try_call` answers false.
      expect(b64(result.returnValue)).toBe(b64(xdr.ScVal.scvBool(false)));
      expect(result.contractEvents).toEqual([]);
      expect(result.auth).toEqual([]);
      const trustlineKey = xdr.LedgerKey.trustline(
        new xdr.LedgerKeyTrustLine({ accountId: other, asset: TRUSTLINE_ASSET }),
      );
      const got = resourcesOf(result.transactionData);
      // The trustline is in the footprint though it does not exist; the Rust test sorts the keys.
      expect({ ...got, readOnly: [...got.readOnly].sort() }).toEqual({
        readOnly: [trustlineKey, wasmKey(wasm), contract.contractKey, entryKey(instance)].map(b64).sort(),
        readWrite: [],
        instructions: 5_199_245,
        diskReadBytes: 0,
        writeBytes: 0,
        resourceFee: 5_548n,
      });
    },
  );
});
