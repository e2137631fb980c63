/**
 * Transactions against a SAC through the entry points, as a client and a network run them:
 * simulate for the footprint, resources and auth, then apply (with those entries or others) and
 * write what the apply wrote into the ledger.
 */
import { hash, type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { localNetworkSettings } from '../../../src/budget/index.js';
import { type ApplyResult, applyHostFunction } from '../../../src/invoke/apply.js';
import { simulateHostFunction } from '../../../src/invoke/simulate.js';
import type { InMemorySnapshot, LedgerInfo } from '../../../src/storage/index.js';

const settings = localNetworkSettings();

export const LEDGER: LedgerInfo = {
  protocolVersion: 23,
  sequenceNumber: 1000,
  timestamp: 1_700_000_000n,
  networkId: Uint8Array.from(hash(Buffer.from('Standalone Network ; February 2017'))),
  baseReserve: 5_000_000,
  minTempEntryTtl: settings.stateArchival.minTemporaryTtl,
  minPersistentEntryTtl: settings.stateArchival.minPersistentTtl,
  maxEntryTtl: settings.stateArchival.maxEntryTtl,
};

export const invokeContract = (contract: xdr.ScAddress, functionName: string, args: xdr.ScVal[]) =>
  xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({ contractAddress: contract, functionName, args }),
  );

export const createAssetContract = (asset: xdr.Asset) =>
  xdr.HostFunction.hostFunctionTypeCreateContract(
    new xdr.CreateContractArgs({
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAsset(asset),
      executable: xdr.ContractExecutable.contractExecutableStellarAsset(),
    }),
  );

/** A source-account entry authorizing exactly this call (what a wallet attaches for its own account). */
export function sourceAccountEntry(contract: xdr.ScAddress, fn: string, args: xdr.ScVal[]) {
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsSourceAccount(),
    rootInvocation: new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
        new xdr.InvokeContractArgs({ contractAddress: contract, functionName: fn, args }),
      ),
      subInvocations: [],
    }),
  });
}

/**
 * Simulates with `source`, applies with the simulation's entries (or `auth`), commits a success;
 * returns the apply's result.
 */
export function transact(
  snapshot: InMemorySnapshot,
  source: Keypair,
  hostFunction: xdr.HostFunction,
  auth?: xdr.SorobanAuthorizationEntry[],
): ApplyResult {
  const sourceAccount = source.xdrAccountId();
  const sim = simulateHostFunction({ ledger: LEDGER, snapshot, settings, hostFunction, sourceAccount });
  if (!sim.ok) throw sim.error;
  const applied = applyHostFunction({
    ledger: LEDGER,
    snapshot,
    settings,
    hostFunction,
    resources: sim.transactionData.resources,
    archivedSorobanEntries: [],
    auth: auth ?? sim.auth,
    sourceAccount,
    maxRefundableFee: sim.transactionData.resourceFee,
  });
  if (applied.code !== 'invokeHostFunctionSuccess') return applied;
  for (const { key, entry, liveUntil } of applied.writes) {
    if (entry) snapshot.set(key, { entry, liveUntil });
    else snapshot.delete(key);
  }
  return applied;
}

/** The answer of a successful apply, or the failure as it printed. */
export function answer(result: ApplyResult): xdr.ScVal {
  if (result.code !== 'invokeHostFunctionSuccess')
    throw new Error(`${result.code}: ${result.error?.message ?? result.detail}`);
  return result.returnValue;
}
