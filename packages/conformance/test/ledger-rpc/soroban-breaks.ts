/**
 * The live breaks of the soroban.* checks: the sandbox's simulateTransaction answers for one of the
 * probe contract's functions altered (stripped auth, a footprint that writes, a hidden archived
 * entry, a missing error), or its getEvents filters ignored.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { PROBE } from '../../src/suites/ledger-rpc/soroban/probe.js';

export type Json = Record<string, unknown>;

/** One change to the answers: to a call's params before the sandbox sees them, or to its result. */
export interface LiveBreak {
  method: string;
  params?: (params: Json) => void;
  result?: (result: Json, params: Json) => void;
}

/** The contract function a simulateTransaction request invokes, if it invokes one. */
function invoked(params: Json): string | undefined {
  if (typeof params.transaction !== 'string') return undefined;
  const envelope = xdr.TransactionEnvelope.fromXdr(params.transaction, 'base64');
  const body = envelope.type === 'envelopeTypeTx' ? envelope.v1.tx.operations[0]?.body : undefined;
  const fn = body?.type === 'invokeHostFunction' ? body.invokeHostFunctionOp.hostFunction : undefined;
  return fn?.type === 'hostFunctionTypeInvokeContract'
    ? fn.invokeContract.functionName.toString()
    : undefined;
}

/** A change to the simulation of the probe's function `name`. */
const simulationOf = (name: string, change: (result: Json) => void): LiveBreak => ({
  method: 'simulateTransaction',
  result: (result, params) => {
    if (invoked(params) === name) change(result);
  },
});

/** A change to the simulation's transactionData, decoded. */
const dataOf =
  (change: (data: xdr.SorobanTransactionData) => xdr.SorobanTransactionData) => (result: Json) => {
    if (typeof result.transactionData !== 'string') return;
    const data = xdr.SorobanTransactionData.fromXdr(result.transactionData, 'base64');
    result.transactionData = change(data).toXdr('base64');
  };

const rebuilt = (
  data: xdr.SorobanTransactionData,
  footprint: { readOnly: xdr.LedgerKey[]; readWrite: xdr.LedgerKey[] },
  ext = data.ext,
) =>
  new xdr.SorobanTransactionData({
    ext,
    resourceFee: data.resourceFee,
    resources: new xdr.SorobanResources({ ...data.resources, footprint: new xdr.LedgerFootprint(footprint) }),
  });

const firstResult = (result: Json) => (Array.isArray(result.results) ? (result.results[0] as Json) : {});

export const SOROBAN_BREAKS: Record<string, LiveBreak> = {
  // Every key the read call reads is put in the read-write footprint: the SDK takes it for a write.
  'read-call-writes': simulationOf(
    PROBE.readFunction,
    dataOf((data) => {
      const { readOnly, readWrite } = data.resources.footprint;
      return rebuilt(data, { readOnly: [], readWrite: [...readWrite, ...readOnly] });
    }),
  ),
  'write-call-without-auth': simulationOf(PROBE.writeFunction, (result) => {
    firstResult(result).auth = [];
  }),
  // The simulated return value is not what the call returns when applied.
  'write-call-wrong-return': simulationOf(PROBE.writeFunction, (result) => {
    firstResult(result).xdr = xdr.ScVal.scvU32(7).toXdr('base64');
  }),
  'failing-call-without-error': simulationOf(PROBE.missingFunction, (result) => {
    delete result.error;
  }),
  'host-error-reworded': simulationOf(PROBE.missingFunction, (result) => {
    result.error = 'the contract call failed';
  }),
  // The archived entry stays in the read-write footprint, unmarked: applying it fails.
  'archived-not-marked': simulationOf(
    PROBE.writeFunction,
    dataOf((data) => rebuilt(data, data.resources.footprint, xdr.SorobanTransactionDataExt.v0())),
  ),
  'events-topics-ignored': {
    method: 'getEvents',
    params: (params) => {
      for (const filter of Array.isArray(params.filters) ? (params.filters as Json[]) : [])
        delete filter.topics;
    },
  },
  'contract-events-dropped': {
    method: 'getEvents',
    result: (result) => {
      if (Array.isArray(result.events))
        result.events = result.events.filter((e: Json) => e.type !== 'contract');
    },
  },
};
