/** Reading a simulateTransaction result as the SDK reads it (`rpc/parsers.js` parseRawSimulation). */
import { xdr } from '@stellar/stellar-sdk/base';
import { fail } from '../../../model.js';
import { type Called, isRecord } from '../state.js';
import { simulationError } from './invoke.js';

export interface ReadSimulation {
  /** `results[0].auth`, decoded. */
  auth: xdr.SorobanAuthorizationEntry[];
  /** `results[0].xdr`: the return value, base64. */
  returnValue?: string;
  data: xdr.SorobanTransactionData;
  minResourceFee: unknown;
  restorePreamble: unknown;
}

/** The simulation's parts the SDK uses, or what keeps it from reading them. */
export function readSimulation(simulated: Called): ReadSimulation | string {
  const result = isRecord(simulated.result) ? simulated.result : {};
  const first = Array.isArray(result.results) ? result.results[0] : undefined;
  if (!isRecord(first)) return `results ${JSON.stringify(result.results)}: no results[0]`;
  if (typeof result.transactionData !== 'string') return 'no transactionData';
  try {
    const auth = Array.isArray(first.auth) ? first.auth : [];
    return {
      auth: auth.map((entry) => xdr.SorobanAuthorizationEntry.fromXdr(String(entry), 'base64')),
      ...(typeof first.xdr === 'string' ? { returnValue: first.xdr } : {}),
      data: xdr.SorobanTransactionData.fromXdr(result.transactionData, 'base64'),
      minResourceFee: result.minResourceFee,
      restorePreamble: result.restorePreamble,
    };
  } catch (error) {
    return `does not decode: ${(error as Error).message}`;
  }
}

/** The keys of a footprint side, base64. */
export const footprintKeys = (data: xdr.SorobanTransactionData, side: 'readOnly' | 'readWrite') =>
  data.resources.footprint[side].map((key) => key.toXdr('base64'));

/** The read-write indexes the transaction data marks as archived (protocol 23's resourceExt). */
export const archivedIndexes = (data: xdr.SorobanTransactionData): number[] =>
  data.ext.type === 'resourceExt' ? [...data.ext.resourceExt.archivedSorobanEntries] : [];

/** Whether a minResourceFee is what stellar-rpc answers: a decimal int64 string, above 0. */
export const isResourceFee = (fee: unknown) => typeof fee === 'string' && /^[1-9]\d*$/.test(fee);

export const b64 = (value: xdr.ScVal) => value.toXdr('base64');

/** The simulation of `what`, read; fails the check with what kept it from being read. */
export function simulationOrFail(simulated: Called, what: string): ReadSimulation {
  const refused = simulationError(simulated);
  if (refused !== undefined) fail(`${what} did not simulate`, simulated.exchange, 'a result', refused);
  const read = readSimulation(simulated);
  if (typeof read === 'string')
    fail(`the simulation of ${what} cannot be read`, simulated.exchange, 'results and transactionData', read);
  return read;
}

/** No problem when `ok`, else `problem`: for a list of problems spread from conditions. */
export const unless = (ok: boolean, problem: string): string[] => (ok ? [] : [problem]);
