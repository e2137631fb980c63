/**
 * Soroban transactions for the sandbox's tests: the Rust host's test contracts beside the
 * repository (`../shared/soroban`, or STARSPEC_SHARED; tests skip without them), simulated by
 * calling @starspec/soroban's `simulateHostFunction` over the sandbox's ledger (the RPC's
 * simulateTransaction is not used here), then built with the SDK's TransactionBuilder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type SimulateSuccess,
  type SnapshotSource,
  simulateExtendTtl,
  simulateHostFunction,
  simulateRestore,
} from '@starspec/soroban';
import { localNetworkSettings } from '@starspec/soroban/network';
import {
  Account,
  hash,
  type Keypair,
  Operation,
  TimeoutInfinite,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import type { Harness } from '../harness.js';

const repoRoot = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const sharedRoot = process.env.STARSPEC_SHARED ?? join(repoRoot, '..', 'shared');
const sorobanRoot = join(sharedRoot, 'soroban');

export const HAS_SOROBAN_DATA = existsSync(join(sorobanRoot, 'SOURCES.md'));

/** A contract of the test data, as bytes (call only when HAS_SOROBAN_DATA). */
export function testWasm(path: string): Buffer {
  return readFileSync(join(sorobanRoot, path));
}

export const SETTINGS = localNetworkSettings();

/** The ledger as the next close will see it: its entries with their TTL entries' live-until ledgers. */
function snapshotOf(h: Harness): SnapshotSource {
  return {
    get(key) {
      const entry = h.ledger.entry(key);
      if (!entry) return undefined;
      if (key.type !== 'contractData' && key.type !== 'contractCode') return { entry, liveUntil: undefined };
      const ttl = h.ledger.entry(xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: hash(key.toXdr()) })));
      return { entry, liveUntil: ttl?.data.type === 'ttl' ? ttl.data.ttl.liveUntilLedgerSeq : undefined };
    },
  };
}

export function ledgerInfoOf(h: Harness) {
  return {
    protocolVersion: h.ledger.latestHeader().header.ledgerVersion,
    sequenceNumber: h.ledger.latestSequence + 1,
    timestamp: BigInt(h.clock + 5),
    networkId: h.ledger.networkId,
    baseReserve: 5_000_000,
    minTempEntryTtl: SETTINGS.stateArchival.minTemporaryTtl,
    minPersistentEntryTtl: SETTINGS.stateArchival.minPersistentTtl,
    maxEntryTtl: SETTINGS.stateArchival.maxEntryTtl,
  };
}

/** stellar-rpc's preflight of a host function by `source`, over the ledger's next close. */
export function simulate(h: Harness, source: Keypair, hostFunction: xdr.HostFunction): SimulateSuccess {
  const simulated = simulateHostFunction({
    ledger: ledgerInfoOf(h),
    snapshot: snapshotOf(h),
    settings: SETTINGS,
    hostFunction,
    sourceAccount: source.xdrAccountId(),
  });
  if (!simulated.ok) throw simulated.error;
  return simulated;
}

export interface SorobanTxOptions {
  /** Replaces the simulated transaction data (e.g. fewer instructions). */
  data?: (data: xdr.SorobanTransactionData) => xdr.SorobanTransactionData;
  /** The inclusion fee (default 100). */
  inclusionFee?: number;
}

/** A signed transaction of one Soroban operation carrying `data`; its fee is the inclusion fee plus the resource fee. */
export function sorobanTx(
  h: Harness,
  source: Keypair,
  op: xdr.Operation,
  data: xdr.SorobanTransactionData,
  inclusionFee = 100,
): Transaction {
  const builder = new TransactionBuilder(
    new Account(source.publicKey(), (h.nextSeq(source) - 1n).toString()),
    {
      fee: String(inclusionFee),
      networkPassphrase: h.passphrase,
    },
  );
  const tx = builder.addOperation(op).setSorobanData(data).setTimeout(TimeoutInfinite).build();
  tx.sign(source);
  return tx;
}

/** Simulates a host function and builds its transaction with the simulated data and auth. */
export function invokeTx(
  h: Harness,
  source: Keypair,
  hostFunction: xdr.HostFunction,
  options: SorobanTxOptions = {},
): { tx: Transaction; simulated: SimulateSuccess } {
  const simulated = simulate(h, source, hostFunction);
  const data = options.data ? options.data(simulated.transactionData) : simulated.transactionData;
  const op = Operation.invokeHostFunction({ func: hostFunction, auth: simulated.auth });
  return { tx: sorobanTx(h, source, op, data, options.inclusionFee), simulated };
}

export function uploadFunction(wasm: Buffer): xdr.HostFunction {
  return xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm);
}

export function createFunction(deployer: Keypair, wasmHash: Uint8Array, salt: Uint8Array): xdr.HostFunction {
  return xdr.HostFunction.hostFunctionTypeCreateContractV2(
    new xdr.CreateContractArgsV2({
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({
          address: xdr.ScAddress.scAddressTypeAccount(deployer.xdrAccountId()),
          salt,
        }),
      ),
      executable: xdr.ContractExecutable.contractExecutableWasm(wasmHash),
      constructorArgs: [],
    }),
  );
}

export function callFunction(contract: xdr.ScAddress, name: string, args: xdr.ScVal[]): xdr.HostFunction {
  return xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({ contractAddress: contract, functionName: name, args }),
  );
}

/** SorobanTransactionData with its resources changed. */
export function withResources(
  data: xdr.SorobanTransactionData,
  change: Partial<{ instructions: number; diskReadBytes: number; writeBytes: number; resourceFee: bigint }>,
  footprint: xdr.LedgerFootprint = data.resources.footprint,
): xdr.SorobanTransactionData {
  const r = data.resources;
  return new xdr.SorobanTransactionData({
    ext: data.ext,
    resources: new xdr.SorobanResources({
      footprint,
      instructions: change.instructions ?? r.instructions,
      diskReadBytes: change.diskReadBytes ?? r.diskReadBytes,
      writeBytes: change.writeBytes ?? r.writeBytes,
    }),
    resourceFee: change.resourceFee ?? data.resourceFee,
  });
}

/** The TTL entry's key of a contract entry's key. */
export function ttlKey(key: xdr.LedgerKey): xdr.LedgerKey {
  return xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: hash(key.toXdr()) }));
}

export interface Deployed {
  wasmHash: Uint8Array;
  contract: xdr.ScAddress;
  codeKey: xdr.LedgerKey;
  instanceKey: xdr.LedgerKey;
}

/** Uploads `wasm` and creates a contract of it (both must succeed). */
export function deploy(h: Harness, source: Keypair, wasm: Buffer): Deployed {
  const wasmHash = hash(wasm);
  let created: xdr.ScVal | null | undefined;
  for (const fn of [uploadFunction(wasm), createFunction(source, wasmHash, new Uint8Array(32))]) {
    const outcome = h.outcome(invokeTx(h, source, fn).tx);
    if (outcome.code !== 'txSuccess') throw new Error(`${outcome.code} ${outcome.ops}`);
    created = outcome.record?.meta.sorobanMeta?.returnValue;
  }
  if (created?.type !== 'scvAddress') throw new Error('no contract address');
  const contract = created.address;
  return {
    wasmHash,
    contract,
    codeKey: xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: wasmHash })),
    instanceKey: xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract,
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
      }),
    ),
  };
}

/** The footprint operations' transaction data, as stellar-rpc's simulation gives it. */
export function footprintData(
  h: Harness,
  keys: xdr.LedgerKey[],
  extendTo?: number,
): xdr.SorobanTransactionData {
  const input = { ledger: ledgerInfoOf(h), snapshot: snapshotOf(h), settings: SETTINGS, keys };
  const simulated =
    extendTo === undefined ? simulateRestore(input) : simulateExtendTtl({ ...input, extendTo });
  if (!simulated.ok) throw new Error(simulated.error);
  return simulated.transactionData;
}
