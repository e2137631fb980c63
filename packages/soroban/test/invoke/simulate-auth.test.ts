/**
 * A tree of contract calls that each require two accounts' authorization, simulated as
 * soroban-simulation's own test simulates it (src/test/simulation.rs at v25.0.0,
 * `test_simulate_invoke_contract_with_auth`): the source account's entry and the other
 * account's (its nonce drawn from the seeded PRNG, its nonce entry written), on its test
 * network's odd cost parameters, where every cost type has a price of its own.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { simulateHostFunction } from '../../src/invoke/simulate.js';
import { contractAddress, entryKey } from '../../src/storage/index.js';
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

/** e2e_testutils `AuthContractInvocationNode`: a `tree_fn` call of `address` with its children. */
interface Node {
  address: xdr.ScAddress;
  children: Node[];
}

const field = (name: string, val: xdr.ScVal) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(name), val });

/** `into_scval`: the node as the contract's struct, every address's authorization needed. */
function nodeScVal(node: Node, addresses: number): xdr.ScVal {
  return xdr.ScVal.scvMap([
    field('children', xdr.ScVal.scvVec(node.children.map((child) => nodeScVal(child, addresses)))),
    field('contract', xdr.ScVal.scvAddress(node.address)),
    field('need_auth', xdr.ScVal.scvVec(Array.from({ length: addresses }, () => xdr.ScVal.scvBool(true)))),
    field('try_call', xdr.ScVal.scvBool(false)),
  ]);
}

/** `into_authorized_invocation`: the tree as the invocations an authorization entry signs. */
function authorizedInvocation(node: Node): xdr.SorobanAuthorizedInvocation {
  return new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({ contractAddress: node.address, functionName: 'tree_fn', args: [] }),
    ),
    subInvocations: node.children.map(authorizedInvocation),
  });
}

const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

/** e2e_testutils `auth_contract_invocation`: `tree_fn` of the root, every account's authorization needed. */
function treeInvocation(accounts: xdr.AccountId[], tree: Node): xdr.HostFunction {
  const addresses = accounts.map((id) => xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(id)));
  return xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({
      contractAddress: tree.address,
      functionName: 'tree_fn',
      args: [xdr.ScVal.scvVec(addresses), nodeScVal(tree, addresses.length)],
    }),
  );
}

describe.skipIf(!sorobanData)(
  `soroban-simulation's auth tree (${sorobanData ? '' : NO_SOROBAN_DATA})`,
  () => {
    it('test_simulate_invoke_contract_with_auth: the entries, the nonce, resources and fee as the Rust test states', () => {
      const wasm = readSoroban('wasm/20/auth_test_contract.wasm');
      const contracts = [1, 2, 3, 4].map((salt) => createContractData(salt, wasm));
      const at = (i: number) => contractAddress((contracts[i] as (typeof contracts)[number]).contractId);
      const leaf = (i: number): Node => ({ address: at(i), children: [] });
      const tree: Node = {
        address: at(0),
        children: [
          { address: at(1), children: [{ address: at(2), children: [leaf(3)] }] },
          { address: at(2), children: [leaf(1), leaf(3)] },
        ],
      };
      const source = accountId(123);
      const other = accountId(124);
      const hostFunction = treeInvocation([source, other], tree);
      const otherAccount = accountEntry(other);
      const result = simulateHostFunction({
        ...simulationTestInput(),
        snapshot: snapshotOf([
          { entry: wasmEntry(wasm), liveUntil: SEQ + 100 },
          ...contracts.map((c) => ({ entry: c.contractEntry, liveUntil: SEQ + 1000 })),
          // The source account is not read.
          { entry: otherAccount, liveUntil: undefined },
        ]),
        hostFunction,
      });
      if (!result.ok) throw result.error;
      expect(b64(result.returnValue)).toBe(b64(xdr.ScVal.scvVoid()));

      // "This value is stable thanks to hardcoded RNG seed."
      const nonce = 1039859045797838027n;
      const otherAddress = xdr.ScAddress.scAddressTypeAccount(other);
      const rootInvocation = authorizedInvocation(tree);
      expect(result.auth.map(b64)).toEqual(
        [
          new xdr.SorobanAuthorizationEntry({
            credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
            rootInvocation,
          }),
          new xdr.SorobanAuthorizationEntry({
            credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
              new xdr.SorobanAddressCredentials({
                address: otherAddress,
                nonce,
                signatureExpirationLedger: 0,
                signature: xdr.ScVal.scvVoid(),
              }),
            ),
            rootInvocation,
          }),
        ].map(b64),
      );
      expect(result.contractEvents).toEqual([]);
      expect(result.events.length).toBeGreaterThan(0);

      const nonceKey = xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce }));
      const nonceEntry = ledgerEntry(
        xdr.LedgerEntryData.contractData(
          new xdr.ContractDataEntry({
            ext: xdr.ExtensionPoint.v0(),
            contract: otherAddress,
            key: nonceKey,
            durability: xdr.ContractDataDurability.temporary,
            val: xdr.ScVal.scvVoid(),
          }),
        ),
      );
      const { resources } = result.transactionData;
      expect({
        readOnly: resources.footprint.readOnly.map(b64).sort(),
        readWrite: resources.footprint.readWrite.map(b64),
        instructions: resources.instructions,
        diskReadBytes: resources.diskReadBytes,
        writeBytes: resources.writeBytes,
        resourceFee: result.transactionData.resourceFee,
        memory: result.memoryBytes,
      }).toEqual({
        readOnly: [entryKey(otherAccount), ...contracts.map((c) => c.contractKey), wasmKey(wasm)]
          .map(b64)
          .sort(),
        readWrite: [b64(entryKey(nonceEntry))],
        instructions: 39_114_574,
        diskReadBytes: 144,
        writeBytes: 76,
        resourceFee: 114_058n,
        memory: 19_557_271n,
      });
      expect(result.stateChanges.map((c) => [c.before, c.after && b64(c.after)])).toEqual([
        [null, b64(nonceEntry)],
      ]);
    });

    it('test_simulate_invoke_contract_with_autorestore: two archived entries restored, resources and fee as the Rust test states', () => {
      const wasm = readSoroban('wasm/20/auth_test_contract.wasm');
      const contracts = [1, 2].map((salt) => createContractData(salt, wasm));
      const [first, second] = contracts as [(typeof contracts)[number], (typeof contracts)[number]];
      const tree: Node = {
        address: contractAddress(first.contractId),
        children: [{ address: contractAddress(second.contractId), children: [] }],
      };
      const result = simulateHostFunction({
        ...simulationTestInput(),
        snapshot: snapshotOf([
          { entry: wasmEntry(wasm), liveUntil: SEQ - 100 },
          { entry: first.contractEntry, liveUntil: SEQ + 1000 },
          { entry: second.contractEntry, liveUntil: SEQ - 1 },
        ]),
        hostFunction: treeInvocation([accountId(123)], tree),
      });
      if (!result.ok) throw result.error;
      expect(b64(result.returnValue)).toBe(b64(xdr.ScVal.scvVoid()));
      const data = result.transactionData;
      const { resources } = data;
      const size = wasmEntry(wasm).toXdr().length + second.contractEntry.toXdr().length;
      expect({
        archived: data.ext.type === 'resourceExt' ? data.ext.resourceExt.archivedSorobanEntries : undefined,
        readOnly: resources.footprint.readOnly.map(b64),
        readWrite: resources.footprint.readWrite.map(b64).sort(),
        instructions: resources.instructions,
        diskReadBytes: resources.diskReadBytes,
        writeBytes: resources.writeBytes,
        resourceFee: data.resourceFee,
        memory: result.memoryBytes,
      }).toEqual({
        archived: [0, 1],
        readOnly: [b64(first.contractKey)],
        readWrite: [second.contractKey, wasmKey(wasm)].map(b64).sort(),
        instructions: 10_998_010,
        diskReadBytes: size,
        writeBytes: size,
        resourceFee: 6_231_402n,
        memory: 5_498_994n,
      });
    });
  },
);
