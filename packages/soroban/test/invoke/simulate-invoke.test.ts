/**
 * InvokeHostFunction simulation against soroban-simulation's own tests (src/test/simulation.rs at
 * v23.0.0), with its test network: odd cost parameters, fee rates 10 to 80, rent 100 per KB.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { type SimulateResult, simulateHostFunction } from '../../src/invoke/simulate.js';
import { contractAddress, InMemorySnapshot } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import {
  createContractData,
  SEQ,
  simulationTestInput,
  snapshotOf,
  TEST_ADJUSTMENT,
  wasmEntry,
  wasmHash,
  wasmKey,
} from './fixtures.js';

function data(result: SimulateResult) {
  if (!result.ok) throw result.error;
  const { resources } = result.transactionData;
  return {
    readOnly: resources.footprint.readOnly.map((k) => k.toXdr('base64')),
    readWrite: resources.footprint.readWrite.map((k) => k.toXdr('base64')),
    instructions: resources.instructions,
    diskReadBytes: resources.diskReadBytes,
    writeBytes: resources.writeBytes,
    resourceFee: result.transactionData.resourceFee,
  };
}

describe.skipIf(!sorobanData)(
  `soroban-simulation invoke tests (${sorobanData ? '' : NO_SOROBAN_DATA})`,
  () => {
    const addI32 = sorobanData ? readSoroban('wasm/20/example_add_i32.wasm') : Buffer.alloc(0);
    const base = simulationTestInput();
    const { settings } = base;
    const upload = xdr.HostFunction.hostFunctionTypeUploadContractWasm(addI32);

    it('test_simulate_upload_wasm: resources and fee follow the metered instructions', () => {
      const result = simulateHostFunction({
        ...base,
        snapshot: new InMemorySnapshot(),
        hostFunction: upload,
      });
      if (!result.ok) throw result.error;
      expect(result.returnValue.toXdr('base64')).toBe(
        xdr.ScVal.scvBytes(Buffer.from(wasmHash(addI32))).toXdr('base64'),
      );
      expect(result.auth).toEqual([]);
      expect(result.contractEvents).toEqual([]);
      expect(result.events).toEqual([]);
      expect(result.stateChanges.map((c) => [c.before, c.after?.toXdr('base64')])).toEqual([
        [null, wasmEntry(addI32).toXdr('base64')],
      ]);
      const got = data(result);
      expect(got).toMatchObject({
        readOnly: [],
        readWrite: [wasmKey(addI32).toXdr('base64')],
        diskReadBytes: 0,
        writeBytes: 684,
      });
      // The Rust host's simulation test's numbers (soroban-simulation simulation.rs
      // `test_simulate_upload_wasm`, seed [1; 32]): instructions, memory and fee all agree.
      expect({ instructions: got.instructions, memory: result.memoryBytes, fee: got.resourceFee }).toEqual({
        instructions: 1_676_095,
        memory: 838_046n,
        fee: 4_714_773n,
      });
    });

    it('test_simulate_upload_wasm with adjustments: instructions x1.1, write bytes +300, fee 7,071,426', () => {
      const plain = data(
        simulateHostFunction({ ...base, snapshot: new InMemorySnapshot(), hostFunction: upload }),
      );
      const adjusted = data(
        simulateHostFunction({
          ...base,
          adjustment: TEST_ADJUSTMENT,
          snapshot: new InMemorySnapshot(),
          hostFunction: upload,
        }),
      );
      expect(adjusted.instructions).toBe(Math.floor(plain.instructions * 1.1));
      expect(adjusted.writeBytes).toBe(684 + 300);
      expect(adjusted.resourceFee).toBe(7_071_426n);
    });

    it('test_simulation_returns_insufficient_budget_error', () => {
      const small = { ...settings, compute: { ...settings.compute, txMaxInstructions: 100_000n } };
      const result = simulateHostFunction({
        ...base,
        settings: small,
        snapshot: new InMemorySnapshot(),
        hostFunction: upload,
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.short).toBe('Error(Budget, ExceededLimit)');
      expect(result.events).toEqual([]);
    });

    it('test_simulation_returns_logic_error: bad code fails with WasmVm InvalidAction and diagnostics', () => {
      const bad = xdr.HostFunction.hostFunctionTypeUploadContractWasm(Buffer.alloc(1000));
      const result = simulateHostFunction({ ...base, snapshot: new InMemorySnapshot(), hostFunction: bad });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.short).toBe('Error(WasmVm, InvalidAction)');
    });

    it("test_simulate_create_contract: footprint, write bytes, state change and the deployer's auth", () => {
      const contract = createContractData(1, addI32);
      const snapshot = snapshotOf([{ entry: wasmEntry(addI32), liveUntil: SEQ + 1000 }]);
      const result = simulateHostFunction({ ...base, snapshot, hostFunction: contract.hostFn });
      if (!result.ok) throw result.error;
      expect(result.returnValue.toXdr('base64')).toBe(
        xdr.ScVal.scvAddress(contractAddress(contract.contractId)).toXdr('base64'),
      );
      // The deployer (the source account) authorizes the creation with its source-account credentials.
      expect(result.auth.map((entry) => entry.toXdr('base64'))).toEqual([contract.authEntry.toXdr('base64')]);
      const got = data(result);
      expect(got).toMatchObject({
        readOnly: [wasmKey(addI32).toXdr('base64')],
        readWrite: [contract.contractKey.toXdr('base64')],
        diskReadBytes: 0,
        writeBytes: 104,
      });
      expect(result.stateChanges.map((c) => [c.before, c.after?.toXdr('base64')])).toEqual([
        [null, contract.contractEntry.toXdr('base64')],
      ]);
      // soroban-simulation's own numbers for this creation.
      expect({ instructions: got.instructions, memory: result.memoryBytes, fee: got.resourceFee }).toEqual({
        instructions: 2_374_206,
        memory: 1_187_102n,
        fee: 12_928n,
      });
    });
  },
);
