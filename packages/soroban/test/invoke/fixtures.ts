/** Inputs shaped like the Rust host's e2e_testutils.rs and soroban-simulation's testutils.rs ones. */
import { hash, xdr } from '@stellar/stellar-sdk/base';
import {
  Budget,
  costModelsFromXdr,
  costTypeCountAt,
  localNetworkSettings,
  type NetworkSettings,
} from '../../src/budget/index.js';
import { Host } from '../../src/host/host.js';
import { contractIdOf, uploadWasm } from '../../src/host/lifecycle.js';
import { NO_ADJUSTMENT } from '../../src/invoke/adjustment.js';
import {
  contractAddress,
  contractCodeKey,
  contractInstanceKey,
  type EntryWithLiveUntil,
  entryKey,
  InMemorySnapshot,
  type LedgerInfo,
  Storage,
} from '../../src/storage/index.js';
import { LEDGER, ledgerEntry } from '../storage/fixtures.js';

export { LEDGER, ledgerEntry };
export const SEQ = LEDGER.sequenceNumber;

/** get_account_id: the bytes as an ed25519 public key. */
export function accountId(byte: number): xdr.AccountId {
  return xdr.PublicKey.publicKeyTypeEd25519(Buffer.alloc(32, byte));
}

/** e2e_testutils `account_entry`: 1 XLM, sequence 0, master weight 1. */
export function accountEntry(
  id: xdr.AccountId,
  signers: xdr.Signer[] = [],
  ext: xdr.AccountEntryExt = xdr.AccountEntryExt.v0(),
): xdr.LedgerEntry {
  return ledgerEntry(
    xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: id,
        balance: 10_000_000n,
        seqNum: 0n,
        numSubEntries: 0,
        inflationDest: null,
        flags: 0,
        homeDomain: '',
        thresholds: Buffer.from([1, 0, 0, 0]),
        signers,
        ext,
      }),
    ),
  );
}

export const wasmHash = (wasm: Uint8Array) => Uint8Array.from(hash(Buffer.from(wasm)));
export const wasmKey = (wasm: Uint8Array) => contractCodeKey(wasmHash(wasm));

/** wasm_entry: the code entry an upload writes (with its refined cost inputs). */
export function wasmEntry(wasm: Uint8Array, ledger: LedgerInfo = LEDGER): xdr.LedgerEntry {
  const storage = Storage.recording(new InMemorySnapshot(), () => ledger);
  const host = new Host({ budget: Budget.default(), storage, ledger });
  uploadWasm(host, wasm);
  return storage.get(wasmKey(wasm), host.budget);
}

/** wasm_entry_non_validated: code without cost inputs. */
export function wasmEntryNonValidated(code: Uint8Array): xdr.LedgerEntry {
  return ledgerEntry(
    xdr.LedgerEntryData.contractCode(
      new xdr.ContractCodeEntry({ ext: xdr.ContractCodeEntryExt.v0(), hash: wasmHash(code), code }),
    ),
  );
}

/** soroban-simulation temp_entry: a temporary Bytes key of contract 0 holding Void. */
export function tempEntry(key: Uint8Array): xdr.LedgerEntry {
  return ledgerEntry(
    xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contractAddress(new Uint8Array(32)),
        key: xdr.ScVal.scvBytes(Buffer.from(key)),
        durability: xdr.ContractDataDurability.temporary,
        val: xdr.ScVal.scvVoid(),
      }),
    ),
  );
}

/** CreateContractData: a contract of `wasm` created (by the account [123; 32] unless a deployer is given) with this salt. */
export function createContractData(
  saltByte: number,
  wasm: Uint8Array,
  ledger: LedgerInfo = LEDGER,
  /** A deployer other than the source account, with the nonce of its address credentials. */
  deployer?: { address: xdr.ScAddress; nonce: bigint },
) {
  const preimage = xdr.ContractIdPreimage.contractIdPreimageFromAddress(
    new xdr.ContractIdPreimageFromAddress({
      address: deployer?.address ?? xdr.ScAddress.scAddressTypeAccount(accountId(123)),
      salt: Buffer.alloc(32, saltByte),
    }),
  );
  const host = new Host({
    budget: Budget.default(),
    storage: Storage.recording(new InMemorySnapshot(), () => ledger),
    ledger,
  });
  const contractId = contractIdOf(host, preimage);
  const executable = xdr.ContractExecutable.contractExecutableWasm(wasmHash(wasm));
  const contractEntry = ledgerEntry(
    xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contractAddress(contractId),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
        val: xdr.ScVal.scvContractInstance(new xdr.ScContractInstance({ executable, storage: null })),
      }),
    ),
  );
  return {
    contractId,
    contractKey: contractInstanceKey(contractId),
    contractEntry,
    hostFn: xdr.HostFunction.hostFunctionTypeCreateContract(
      new xdr.CreateContractArgs({ contractIdPreimage: preimage, executable }),
    ),
    /** The deployer's (the source account's) authorization of the creation (e2e_testutils.rs create_contract_auth). */
    authEntry: new xdr.SorobanAuthorizationEntry({
      credentials: deployer
        ? xdr.SorobanCredentials.sorobanCredentialsAddress(
            new xdr.SorobanAddressCredentials({
              address: deployer.address,
              nonce: deployer.nonce,
              signatureExpirationLedger: 0,
              signature: xdr.ScVal.scvVoid(),
            }),
          )
        : xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
      rootInvocation: new xdr.SorobanAuthorizedInvocation({
        function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeCreateContractV2HostFn(
          new xdr.CreateContractArgsV2({ contractIdPreimage: preimage, executable, constructorArgs: [] }),
        ),
        subInvocations: [],
      }),
    }),
  };
}

export function snapshotOf(entries: readonly EntryWithLiveUntil[]): InMemorySnapshot {
  return new InMemorySnapshot(entries.map((item) => [entryKey(item.entry), item] as const));
}

/**
 * soroban-simulation test/simulation.rs default_network_config: cost parameter i is
 * cpu (i+1)x1000 + (i<<7)/128 per input, memory (i+1)x500 + (i<<6)/128; fee rates 10 to 80.
 */
export function simulationTestSettings(): NetworkSettings {
  // The protocol-23 cost types (`ContractCostType::variants()` at v23.0.0).
  const count = costTypeCountAt(23);
  const entries = (constant: (i: number) => bigint, linear: (i: number) => bigint) =>
    Array.from(
      { length: count },
      (_, i) =>
        new xdr.ContractCostParamEntry({
          ext: xdr.ExtensionPoint.v0(),
          constTerm: constant(i),
          linearTerm: linear(i),
        }),
    );
  const cpu = entries(
    (i) => BigInt(i + 1) * 1000n,
    (i) => BigInt(i) << 7n,
  );
  const mem = entries(
    (i) => BigInt(i + 1) * 500n,
    (i) => BigInt(i) << 6n,
  );
  const local = localNetworkSettings();
  return {
    ...local,
    compute: { ...local.compute, txMaxInstructions: 100_000_000n, txMemoryLimit: 40_000_000 },
    costParams: { cpu: costModelsFromXdr(cpu), mem: costModelsFromXdr(mem) },
  };
}

/** The same configuration's fee rates. */
export const SIMULATION_TEST_FEES = {
  fee: {
    feePerInstructionIncrement: 10n,
    feePerDiskReadEntry: 20n,
    feePerWriteEntry: 30n,
    feePerDiskRead1Kb: 40n,
    feePerWrite1Kb: 50n,
    feePerHistorical1Kb: 60n,
    feePerContractEvent1Kb: 70n,
    feePerTransactionSize1Kb: 80n,
  },
  rent: {
    feePerRent1Kb: 100n,
    feePerWrite1Kb: 50n,
    feePerWriteEntry: 30n,
    persistentRentRateDenominator: 100n,
    temporaryRentRateDenominator: 1000n,
  },
};

/** test_adjustment_config. */
export const TEST_ADJUSTMENT = {
  instructions: { multiplicative: 1.1, additive: 100_000 },
  readBytes: { multiplicative: 1.2, additive: 500 },
  writeBytes: { multiplicative: 1.3, additive: 300 },
  txSize: { multiplicative: 1.4, additive: 1000 },
  refundableFee: { multiplicative: 1.5, additive: 100_000 },
};

/**
 * What soroban-simulation's tests pass to `simulate_invoke_host_function_op`: its test network,
 * no adjustments, the source account [123; 32], diagnostics, the seed [1; 32], on the Rust host's
 * test build (whose numbers they state).
 */
export function simulationTestInput() {
  return {
    ledger: LEDGER,
    settings: simulationTestSettings(),
    fees: SIMULATION_TEST_FEES,
    adjustment: NO_ADJUSTMENT,
    sourceAccount: accountId(123),
    diagnostics: true,
    prngSeed: new Uint8Array(32).fill(1),
    testutils: true,
  };
}
