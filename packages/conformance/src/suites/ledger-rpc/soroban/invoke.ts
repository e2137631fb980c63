/**
 * One Soroban operation as a dapp sends it with @stellar/stellar-sdk: built from the funded
 * payer, simulated with simulateTransaction, assembled with the SDK's own `assembleTransaction`
 * (footprint, auth entries and resource fee taken from the simulation), signed, sent and read
 * back with getTransaction; the call's return value read from the meta as `rpc.Server` reads it.
 */
import {
  Account,
  Address,
  Operation,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { type Api, assembleTransaction } from '@stellar/stellar-sdk/rpc';
import { fail } from '../../../model.js';
import type { Recorder } from '../../../runner.js';
import type { Signed } from '../../../stellar/live.js';
import { type Landing, type LiveAccounts, ledgerTime, sendAndLand } from '../live.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';

/** The inclusion fee offered, in stroops: assembleTransaction adds the simulation's resource fee. */
const INCLUSION_FEE = '1000';

export interface Simulated {
  raw: Transaction;
  simulated: Called;
}

/** The unsigned transaction of one operation from the payer, simulated. */
export async function simulate(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  operation: xdr.Operation,
  /** The footprint a footprint operation (ExtendFootprintTTL) is simulated with. */
  sorobanData?: xdr.SorobanTransactionData,
): Promise<Simulated> {
  const { keypair, sequence } = live.payer;
  const builder = new TransactionBuilder(new Account(keypair.publicKey(), String(sequence)), {
    fee: INCLUSION_FEE,
    networkPassphrase: live.passphrase,
    timebounds: { minTime: 0, maxTime: (await ledgerTime(state, t)) + 600 },
  });
  if (sorobanData) builder.setSorobanData(sorobanData);
  const raw = builder.addOperation(operation).build();
  const simulated = await callMethod(state, t, 'simulateTransaction', { transaction: raw.toXDR() });
  return { raw, simulated };
}

/** The simulation's `error`, or what it was answered instead of a result, when there is one. */
export function simulationError(simulated: Called): string | undefined {
  if (simulated.error) return `a JSON-RPC error ${JSON.stringify(simulated.error)}`;
  const result = simulated.result;
  if (!isRecord(result)) return 'no result';
  return typeof result.error === 'string' ? `error ${JSON.stringify(result.error)}` : undefined;
}

/**
 * The transaction assembled with the simulation by the SDK and signed by the payer; the SDK's
 * refusal as a string when it cannot assemble it.
 */
export function assembled({ raw, simulated }: Simulated, live: LiveAccounts): Signed | string {
  try {
    const tx = assembleTransaction(raw, simulated.result as Api.RawSimulateTransactionResponse).build();
    tx.sign(live.payer.keypair);
    return { envelope: tx.toXDR(), hash: Buffer.from(tx.hash()).toString('hex') };
  } catch (error) {
    return (error as Error).message;
  }
}

export interface Submitted extends Simulated {
  signed: Signed;
  sent: Called;
  landed: Landing;
}

/**
 * Simulates, assembles, sends and waits for one operation that must succeed (the suite's own
 * deployment steps): fails the check, with the answer that stopped it, when any step does not.
 */
export async function submit(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  what: string,
  operation: xdr.Operation,
  sorobanData?: xdr.SorobanTransactionData,
): Promise<Submitted> {
  const simulation = await simulate(state, t, live, operation, sorobanData);
  const refused = simulationError(simulation.simulated);
  if (refused !== undefined)
    fail(
      `the simulation of ${what} failed`,
      simulation.simulated.exchange,
      'a successful simulation',
      refused,
    );
  const signed = assembled(simulation, live);
  if (typeof signed === 'string') {
    fail(
      `the SDK could not assemble ${what} with the simulation`,
      simulation.simulated.exchange,
      'a simulation assembleTransaction accepts',
      signed,
    );
  }
  const { sent, landed } = await sendAndLand(state, t, live, signed, what);
  const status = isRecord(landed.final.result) ? landed.final.result.status : undefined;
  if (status !== 'SUCCESS') {
    fail(
      `${what} did not succeed`,
      landed.final.exchange,
      'getTransaction SUCCESS',
      landed.final.error ? `error ${JSON.stringify(landed.final.error)}` : `status ${JSON.stringify(status)}`,
    );
  }
  return { ...simulation, signed, sent, landed };
}

/**
 * A landed call's return value, from its meta as `rpc.Server` reads it (TransactionMeta v3 or v4,
 * `sorobanMeta.returnValue`); a string saying why there is none.
 */
export function returnValueOf(landed: Called): xdr.ScVal | string {
  const meta = isRecord(landed.result) ? landed.result.resultMetaXdr : undefined;
  if (typeof meta !== 'string') return 'no resultMetaXdr';
  try {
    const decoded = xdr.TransactionMeta.fromXdr(meta, 'base64');
    const soroban =
      decoded.type === 'v3' ? decoded.v3.sorobanMeta : decoded.type === 'v4' ? decoded.v4.sorobanMeta : null;
    return soroban?.returnValue ?? `no sorobanMeta.returnValue in TransactionMeta ${decoded.type}`;
  } catch (error) {
    return `resultMetaXdr does not decode: ${(error as Error).message}`;
  }
}

/** An invocation of `fn` of the contract with `args`. */
export const invocation = (contractId: string, fn: string, args: xdr.ScVal[] = []): xdr.Operation =>
  Operation.invokeContractFunction({ contract: contractId, function: fn, args });

/** The key of one of the contract's persistent entries. */
export const persistentKey = (contractId: string, key: xdr.ScVal): xdr.LedgerKey =>
  xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract: new Address(contractId).toScAddress(),
      key,
      durability: xdr.ContractDataDurability.persistent,
    }),
  );
