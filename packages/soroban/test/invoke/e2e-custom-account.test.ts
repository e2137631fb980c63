/**
 * A contract created by a custom account, recorded as e2e_tests.rs (v25.0.0) records it
 * (`test_create_contract_success_in_recording_mode_with_custom_account`): the account's
 * authorization recorded with the nonce the seeded PRNG draws, its `__check_auth` not run (any
 * Wasm stands for the account), its nonce entry written, and the Rust host's instructions.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { contractAddress, entryKey } from '../../src/storage/index.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { recordLikeE2e } from './e2e-record.js';
import {
  createContractData,
  LEDGER,
  ledgerEntry,
  SEQ,
  snapshotOf,
  wasmEntry,
  wasmHash,
  wasmKey,
} from './fixtures.js';

const b64 = (value: { toXdr(format: 'base64'): string }) => value.toXdr('base64');

describe.skipIf(!sorobanData)(
  `e2e_tests.rs custom-account deployer (${sorobanData ? '' : NO_SOROBAN_DATA})`,
  () => {
    it('test_create_contract_success_in_recording_mode_with_custom_account', () => {
      const addI32 = readSoroban('wasm/20/example_add_i32.wasm');
      const accountWasm = readSoroban('wasm/20/example_contract_data.wasm');
      const account = contractAddress(new Uint8Array(32).fill(222));
      // "expected_nonce": what the recording PRNG draws from the seed [0; 32].
      const nonce = 801925984706572462n;
      const cd = createContractData(111, addI32, LEDGER, { address: account, nonce });
      const accountInstance = ledgerEntry(
        xdr.LedgerEntryData.contractData(
          new xdr.ContractDataEntry({
            ext: xdr.ExtensionPoint.v0(),
            contract: account,
            key: xdr.ScVal.scvLedgerKeyContractInstance(),
            durability: xdr.ContractDataDurability.persistent,
            val: xdr.ScVal.scvContractInstance(
              new xdr.ScContractInstance({
                executable: xdr.ContractExecutable.contractExecutableWasm(Buffer.from(wasmHash(accountWasm))),
                storage: null,
              }),
            ),
          }),
        ),
      );
      const result = recordLikeE2e(
        cd.hostFn,
        true,
        snapshotOf([
          { entry: wasmEntry(addI32), liveUntil: SEQ + 100 },
          { entry: wasmEntry(accountWasm), liveUntil: SEQ + 1000 },
          { entry: accountInstance, liveUntil: SEQ + 1000 },
        ]),
      );
      if (!result.result.ok) throw result.result.error;
      expect(b64(result.result.value)).toBe(b64(xdr.ScVal.scvAddress(contractAddress(cd.contractId))));
      expect(result.auth.map(b64)).toEqual([b64(cd.authEntry)]);
      const nonceKey = xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: account,
          key: xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce })),
          durability: xdr.ContractDataDurability.temporary,
        }),
      );
      const resources = result.resources as xdr.SorobanResources;
      expect({
        readOnly: resources.footprint.readOnly.map(b64),
        readWrite: resources.footprint.readWrite.map(b64),
        instructions: resources.instructions,
        diskReadBytes: resources.diskReadBytes,
        writeBytes: resources.writeBytes,
      }).toEqual({
        readOnly: [entryKey(accountInstance), wasmKey(addI32), wasmKey(accountWasm)].map(b64),
        readWrite: [cd.contractKey, nonceKey].map(b64),
        instructions: 1_046_760,
        diskReadBytes: 0,
        writeBytes: 176,
      });
      // The nonce entry lives as long as an entry may (`max_live_until_ledger`).
      const nonceChange = result.changes.find((c) => b64(c.key) === b64(nonceKey));
      expect(nonceChange?.ttlChange?.newLiveUntilLedger).toBe(SEQ + LEDGER.maxEntryTtl - 1);
    });
  },
);
