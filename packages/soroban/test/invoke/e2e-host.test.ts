/**
 * The Rust host's own end-to-end cases (soroban-env-host/src/test/e2e_tests.rs at v23.0.0), run
 * through the entry points as the tests run `invoke_host_function` and its recording twin: the
 * host's default budget (the instruction limit the transaction declares), its test build
 * (recording_mode feature on) and e2e_testutils' ledger. Ledger changes are compared in the
 * tests' LedgerEntryChangeHelper shape.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  Budget,
  DEFAULT_COST_PARAMS,
  DEFAULT_MEM_BYTES_LIMIT,
  localNetworkSettings,
} from '../../src/budget/index.js';
import { type ApplyResult, applyHostFunction } from '../../src/invoke/apply.js';
import { entrySizeForRent } from '../../src/invoke/entry-size.js';
import {
  contractAddress,
  type EntryWithLiveUntil,
  entryKey,
  keyHash,
  type LedgerEntryChange,
  minLiveUntilLedger,
} from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { recordLikeE2e } from './e2e-record.js';
import {
  accountId,
  createContractData,
  LEDGER,
  ledgerEntry,
  SEQ,
  snapshotOf,
  wasmEntry,
  wasmKey,
} from './fixtures.js';

const settings = localNetworkSettings();
/** What the Rust host records for the failed upload (e2e_tests.rs). */
const RECORDED_FAILURE_INSTRUCTIONS = 1_093_647;
const restoredUntil = minLiveUntilLedger(LEDGER, 'persistent');
const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

/** LedgerEntryChangeHelper. */
function view(change: LedgerEntryChange) {
  const ttl = change.ttlChange;
  return {
    readOnly: change.readOnly,
    key: b64(change.key),
    oldSize: change.oldEntrySizeBytesForRent,
    newValue: change.newValue && b64(change.newValue),
    ttl: ttl && [ttl.entryType, ttl.durability, ttl.oldLiveUntilLedger, ttl.newLiveUntilLedger],
  };
}

function rentSize(entry: xdr.LedgerEntry): number {
  return entrySizeForRent(Budget.default())(entry, entry.toXdr().length, { charge() {} });
}

function change(
  key: xdr.LedgerKey,
  readOnly: boolean,
  oldSize: number,
  newValue: xdr.LedgerEntry | undefined,
  ttl: [number, number],
) {
  const type = key.type === 'contractCode' ? 'contractCode' : 'contractData';
  return {
    readOnly,
    key: b64(key),
    oldSize,
    newValue: newValue && b64(newValue),
    ttl: [type, 'persistent', ...ttl],
  };
}

function enforcing(
  hostFunction: xdr.HostFunction,
  instructions: number,
  readOnly: xdr.LedgerKey[],
  readWrite: xdr.LedgerKey[],
  entries: EntryWithLiveUntil[] = [],
  diagnostics = false,
  auth: xdr.SorobanAuthorizationEntry[] = [],
): ApplyResult {
  return applyHostFunction({
    ledger: LEDGER,
    snapshot: snapshotOf(entries),
    settings,
    hostFunction,
    resources: new xdr.SorobanResources({
      footprint: new xdr.LedgerFootprint({ readOnly, readWrite }),
      instructions,
      diskReadBytes: 0,
      writeBytes: 0xffff_ffff,
    }),
    auth,
    sourceAccount: accountId(123),
    budget: new Budget(DEFAULT_COST_PARAMS, { cpu: BigInt(instructions), mem: DEFAULT_MEM_BYTES_LIMIT }),
    recordingFeature: true,
    diagnostics,
  });
}

function changesOf(result: ApplyResult) {
  if (result.code !== 'invokeHostFunctionSuccess') throw result.error ?? new Error(result.detail);
  return result.changes.map(view);
}

function errorOf(result: ApplyResult) {
  return result.code === 'invokeHostFunctionSuccess' ? undefined : result.error?.short;
}

describe.skipIf(!sorobanData)(`e2e_tests.rs (${sorobanData ? '' : NO_SOROBAN_DATA})`, () => {
  const addI32 = sorobanData ? readSoroban('wasm/20/example_add_i32.wasm') : Buffer.alloc(0);
  const linearMemory = sorobanData ? readSoroban('wasm/20/example_linear_memory.wasm') : Buffer.alloc(0);
  const contractStorage = sorobanData ? readSoroban('wasm/20/example_contract_data.wasm') : Buffer.alloc(0);
  const upload = (wasm: Uint8Array) => xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm);

  it('test_wasm_upload_success', () => {
    const result = enforcing(upload(addI32), 10_000_000, [], [wasmKey(addI32)]);
    expect(changesOf(result)).toEqual([
      change(wasmKey(addI32), false, 0, wasmEntry(addI32), [0, restoredUntil]),
    ]);
    expect(result.code === 'invokeHostFunctionSuccess' && result.contractEvents).toEqual([]);
    expect(result.cpuInstructions).toBeGreaterThan(0n);
  });

  it('test_run_out_of_budget_before_calling_host', () => {
    const result = enforcing(upload(addI32), 1000, [], []);
    expect([result.code, errorOf(result)]).toEqual([
      'invokeHostFunctionResourceLimitExceeded',
      'Error(Budget, ExceededLimit)',
    ]);
  });

  it('test_wasm_upload_with_incorrect_footprint_fails / without_footprint_fails', () => {
    const given: [xdr.LedgerKey[], xdr.LedgerKey[], boolean][] = [
      [[wasmKey(addI32)], [], false],
      [[], [], true],
    ];
    for (const [readOnly, readWrite, diagnostics] of given) {
      const result = enforcing(upload(addI32), 10_000_000, readOnly, readWrite, [], diagnostics);
      expect([result.code, errorOf(result)]).toEqual([
        'invokeHostFunctionTrapped',
        'Error(Storage, ExceededLimit)',
      ]);
      expect(result.diagnosticEvents.length > 0).toBe(diagnostics);
    }
  });

  it('test_wasm_upload_budget_exceeded: every instruction spent', () => {
    const result = enforcing(upload(contractStorage), 1_000_000, [], [wasmKey(contractStorage)]);
    expect([result.code, errorOf(result)]).toEqual([
      'invokeHostFunctionResourceLimitExceeded',
      'Error(Budget, ExceededLimit)',
    ]);
    expect(result.cpuInstructions).toBeGreaterThanOrEqual(1_000_000n);
  });

  it('test_wasm_reupload_is_no_op', () => {
    const entry = wasmEntry(addI32);
    const result = enforcing(upload(addI32), 10_000_000, [], [wasmKey(addI32)], [{ entry, liveUntil: SEQ }]);
    expect(changesOf(result)).toEqual([change(wasmKey(addI32), false, rentSize(entry), entry, [SEQ, SEQ])]);
  });

  it('test_wasm_upload_success_with_extra_footprint_entries', () => {
    const linear = wasmEntry(linearMemory);
    const result = enforcing(
      upload(addI32),
      10_000_000,
      [wasmKey(contractStorage)],
      [wasmKey(addI32), wasmKey(linearMemory)],
      [{ entry: linear, liveUntil: SEQ + 1000 }],
    );
    const keys = [wasmKey(addI32), wasmKey(linearMemory), wasmKey(contractStorage)];
    const want = [
      change(keys[0] as xdr.LedgerKey, false, 0, wasmEntry(addI32), [0, restoredUntil]),
      change(keys[1] as xdr.LedgerKey, false, rentSize(linear), linear, [SEQ + 1000, SEQ + 1000]),
      change(keys[2] as xdr.LedgerKey, true, 0, undefined, [0, 0]),
    ];
    // The host lists changes in its key order (code keys by hash).
    const got = changesOf(result);
    expect(got.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      want.sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(
      result.code === 'invokeHostFunctionSuccess' && result.changes[0]?.ttlChange?.keyHash,
    ).toBeDefined();
  });

  it('test_create_contract_success', () => {
    const cd = createContractData(111, addI32);
    const wasm = wasmEntry(addI32);
    const result = enforcing(
      cd.hostFn,
      10_000_000,
      [wasmKey(addI32)],
      [cd.contractKey],
      [{ entry: wasm, liveUntil: SEQ + 100 }],
      false,
      [cd.authEntry],
    );
    expect(changesOf(result)).toEqual([
      change(cd.contractKey, false, 0, cd.contractEntry, [0, restoredUntil]),
      change(wasmKey(addI32), true, rentSize(wasm), undefined, [SEQ + 100, SEQ + 100]),
    ]);
    const hash =
      result.code === 'invokeHostFunctionSuccess' ? result.changes[0]?.ttlChange?.keyHash : undefined;
    expect(Buffer.from(hash ?? []).toString('hex')).toBe(
      Buffer.from(keyHash(cd.contractKey)).toString('hex'),
    );
  });

  describe('recording mode', () => {
    const record = recordLikeE2e;

    it('test_wasm_upload_success_in_recording_mode', () => {
      const result = record(upload(addI32));
      expect(result.result.ok).toBe(true);
      expect(result.changes.map(view)).toEqual([
        change(wasmKey(addI32), false, 0, wasmEntry(addI32), [0, restoredUntil]),
      ]);
      expect(result.auth).toEqual([]);
      const resources = result.resources as xdr.SorobanResources;
      expect(resources.footprint.readWrite.map(b64)).toEqual([b64(wasmKey(addI32))]);
      expect([resources.diskReadBytes, resources.writeBytes]).toEqual([0, 684]);
      // The Rust host's number (e2e_tests.rs `test_wasm_upload_success_in_recording_mode`).
      expect(resources.instructions).toBe(1_767_593);
    });

    it('test_wasm_upload_failure_in_recording_mode', () => {
      const result = record(upload(Buffer.alloc(1000)), true);
      expect(result.result.ok ? undefined : result.result.error.short).toBe('Error(WasmVm, InvalidAction)');
      expect(result.changes).toEqual([]);
      // The Rust host records its error as a diagnostic event (at least one).
      expect(result.diagnosticEvents.length).toBeGreaterThanOrEqual(1);
      const resources = result.resources as xdr.SorobanResources;
      expect([resources.footprint.readWrite.length, resources.writeBytes]).toEqual([0, 0]);
      expect(resources.instructions).toBe(RECORDED_FAILURE_INSTRUCTIONS);
    });

    it('test_create_contract_success_in_recording_mode', () => {
      const cd = createContractData(111, addI32);
      const snapshot = snapshotOf([{ entry: wasmEntry(addI32), liveUntil: SEQ + 100 }]);
      const result = record(cd.hostFn, true, snapshot);
      expect(result.auth.map(b64)).toEqual([b64(cd.authEntry)]);
      expect((result.resources as xdr.SorobanResources).instructions).toBe(639_602);
    });

    it('test_create_contract_success_in_recording_mode_with_enforced_auth', () => {
      const cd = createContractData(111, addI32);
      const snapshot = snapshotOf([{ entry: wasmEntry(addI32), liveUntil: SEQ + 100 }]);
      const result = record(cd.hostFn, true, snapshot, { mode: 'enforce', entries: [cd.authEntry] });
      expect(result.auth.map(b64)).toEqual([b64(cd.authEntry)]);
      expect((result.resources as xdr.SorobanResources).instructions).toBe(641_049);
    });

    describe('test_invoke_contract_with_storage_ops_success_in_recording_mode', () => {
      const storage = sorobanData ? readSoroban('wasm/20/example_contract_data.wasm') : Buffer.alloc(0);
      const cd = createContractData(111, storage);
      const key = xdr.ScVal.scvSymbol('key');
      const invoke = (functionName: string, args: xdr.ScVal[]) =>
        xdr.HostFunction.hostFunctionTypeInvokeContract(
          new xdr.InvokeContractArgs({ contractAddress: contractAddress(cd.contractId), functionName, args }),
        );
      const contractEntries = () => [
        { entry: wasmEntry(storage), liveUntil: SEQ + 100 },
        { entry: cd.contractEntry, liveUntil: SEQ + 1000 },
      ];

      it('put_temporary: 791,047', () => {
        const u64Max = xdr.ScVal.scvU64(xdr.Uint64.fromString('18446744073709551615'));
        const result = record(invoke('put_temporary', [key, u64Max]), true, snapshotOf(contractEntries()));
        expect(result.result.ok).toBe(true);
        const resources = result.resources as xdr.SorobanResources;
        expect([resources.diskReadBytes, resources.writeBytes]).toEqual([0, 80]);
        expect(resources.instructions).toBe(791_047);
      });

      it('extend_temporary of the entry put: 902,901', () => {
        const stored = ledgerEntry(
          xdr.LedgerEntryData.contractData(
            new xdr.ContractDataEntry({
              ext: xdr.ExtensionPoint.v0(),
              contract: contractAddress(cd.contractId),
              key,
              durability: xdr.ContractDataDurability.temporary,
              val: xdr.ScVal.scvU64(xdr.Uint64.fromString('18446744073709551615')),
            }),
          ),
        );
        const snapshot = snapshotOf([...contractEntries(), { entry: stored, liveUntil: SEQ + 500 }]);
        const args = [key, xdr.ScVal.scvU32(501), xdr.ScVal.scvU32(5000)];
        const result = record(invoke('extend_temporary', args), true, snapshot);
        expect(result.result.ok).toBe(true);
        const resources = result.resources as xdr.SorobanResources;
        expect(resources.footprint.readOnly.map(b64)).toEqual(
          [entryKey(stored), cd.contractKey, wasmKey(storage)].map(b64),
        );
        expect([resources.footprint.readWrite.length, resources.diskReadBytes, resources.writeBytes]).toEqual(
          [0, 0, 0],
        );
        expect(result.changes.map(view)[0]?.ttl).toEqual([
          'contractData',
          'temporary',
          SEQ + 500,
          SEQ + 5000,
        ]);
        expect(resources.instructions).toBe(902_901);
      });
    });
  });
});
