/**
 * The host's authorization plugged into the entry points' seam (`HOST_AUTHORIZATION` as
 * `authorization`): a simulation of the auth test contract records the signer's entry and puts the
 * nonce it will use and the account it will read in the footprint, as stellar-rpc's simulation does.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { HOST_AUTHORIZATION } from '../../src/host/auth/index.js';
import { NO_ADJUSTMENT } from '../../src/invoke/adjustment.js';
import type { AuthorizationLayer } from '../../src/invoke/auth.js';
import { simulateHostFunction } from '../../src/invoke/simulate.js';
import {
  accountId,
  createContractData,
  LEDGER,
  SEQ,
  SIMULATION_TEST_FEES,
  simulationTestSettings,
  snapshotOf,
  wasmEntry,
} from '../invoke/fixtures.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';

describe.skipIf(!sorobanData)(
  `simulation with the host's authorization (${sorobanData ? '' : NO_SOROBAN_DATA})`,
  () => {
    it('records the signer of tree_fn, with its nonce in the read-write footprint', () => {
      const wasm = readSoroban('wasm/20/auth_test_contract.wasm');
      const contract = createContractData(1, wasm);
      const signer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
      const address = xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(signer.xdrAccountId()));
      const contractAddress = xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(contract.contractId));
      const tree = xdr.ScVal.scvMap(
        (
          [
            ['children', xdr.ScVal.scvVec([])],
            ['contract', xdr.ScVal.scvAddress(contractAddress)],
            ['need_auth', xdr.ScVal.scvVec([xdr.ScVal.scvBool(true)])],
            ['try_call', xdr.ScVal.scvBool(false)],
          ] as const
        ).map(([key, val]) => new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol(key), val })),
      );
      const hostFunction = xdr.HostFunction.hostFunctionTypeInvokeContract(
        new xdr.InvokeContractArgs({
          contractAddress,
          functionName: 'tree_fn',
          args: [xdr.ScVal.scvVec([address]), tree],
        }),
      );
      const authorization: AuthorizationLayer = HOST_AUTHORIZATION;
      const result = simulateHostFunction({
        ledger: LEDGER,
        settings: simulationTestSettings(),
        fees: SIMULATION_TEST_FEES,
        adjustment: NO_ADJUSTMENT,
        sourceAccount: accountId(123),
        snapshot: snapshotOf([
          { entry: wasmEntry(wasm), liveUntil: SEQ + 1000 },
          { entry: contract.contractEntry, liveUntil: SEQ + 1000 },
        ]),
        hostFunction,
        authorization,
      });
      if (!result.ok) throw result.error;
      expect(result.auth).toHaveLength(1);
      const [entry] = result.auth as [xdr.SorobanAuthorizationEntry];
      expect(entry.credentials.type).toBe('sorobanCredentialsAddress');
      if (entry.credentials.type !== 'sorobanCredentialsAddress') return;
      expect(entry.credentials.address.signature.type).toBe('scvVoid');
      const nonceKeys = result.transactionData.resources.footprint.readWrite.filter(
        (key) => key.type === 'contractData' && key.contractData.key.type === 'scvLedgerKeyNonce',
      );
      expect(nonceKeys).toHaveLength(1);
      // Recording reads what authentication will read: the signer's account.
      const accountKey = xdr.LedgerKey.account(
        new xdr.LedgerKeyAccount({ accountId: signer.xdrAccountId() }),
      );
      expect(result.transactionData.resources.footprint.readOnly.map((key) => key.toXdr('base64'))).toContain(
        accountKey.toXdr('base64'),
      );
    });
  },
);
