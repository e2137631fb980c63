/**
 * A simulation's outcome in simulateTransaction's answer (stellar-rpc `simulate_transaction.go`
 * formatResponse, getSimulationResults, getRestorePreamble, LedgerEntryChangeFromXDRDiff): base64
 * XDR, or the stellar-xdr JSON form with `xdrFormat: json`; empty lists and a zero fee are left
 * out as Go's `omitempty` leaves them out.
 */
import type { SimulateTransactionResult } from '@starspec/ledger-rpc';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { ToJson, XdrJsonType } from './xdr-json.js';

type LedgerEntryChange = NonNullable<SimulateTransactionResult['stateChanges']>[number];

/** What a simulation produced, whichever operation it simulated. */
export interface SimulationOutcome {
  error?: string;
  returnValue?: xdr.ScVal;
  auth?: readonly xdr.SorobanAuthorizationEntry[];
  transactionData?: xdr.SorobanTransactionData;
  minResourceFee?: bigint;
  events?: readonly xdr.DiagnosticEvent[];
  stateChanges?: readonly {
    key: xdr.LedgerKey;
    before: xdr.LedgerEntry | null;
    after: xdr.LedgerEntry | null;
  }[];
  restorePreamble?: { transactionData: xdr.SorobanTransactionData; minResourceFee: bigint };
}

interface Encoder {
  one(type: XdrJsonType, value: { toXdr(format: 'base64'): string }): unknown;
}

function encoder(toJson: ToJson | undefined): Encoder {
  return {
    one: (type, value) => (toJson ? toJson(type, value.toXdr('base64')) : value.toXdr('base64')),
  };
}

/** LedgerEntryChangeFromXDRDiff: created, updated or deleted by which sides are present. */
function stateChange(
  change: NonNullable<SimulationOutcome['stateChanges']>[number],
  toJson: ToJson | undefined,
): LedgerEntryChange | undefined {
  const { before, after, key } = change;
  if (!before && !after) return undefined;
  const type = before ? (after ? 'updated' : 'deleted') : 'created';
  if (!toJson) {
    return {
      type,
      key: key.toXdr('base64'),
      before: before ? before.toXdr('base64') : null,
      after: after ? after.toXdr('base64') : null,
    } as LedgerEntryChange;
  }
  // json: before and after stay null beside their json twins.
  return {
    type,
    keyJson: toJson('LedgerKey', key.toXdr('base64')),
    before: null,
    ...(before ? { beforeJson: toJson('LedgerEntry', before.toXdr('base64')) } : {}),
    after: null,
    ...(after ? { afterJson: toJson('LedgerEntry', after.toXdr('base64')) } : {}),
  } as LedgerEntryChange;
}

export function simulationAnswer(
  outcome: SimulationOutcome,
  latestLedger: number,
  toJson: ToJson | undefined,
): SimulateTransactionResult {
  const { one } = encoder(toJson);
  const suffix = toJson ? 'Json' : '';
  const answer: Record<string, unknown> = {};
  if (outcome.error) answer.error = outcome.error;
  if (outcome.transactionData)
    answer[toJson ? 'transactionDataJson' : 'transactionData'] = one(
      'SorobanTransactionData',
      outcome.transactionData,
    );
  if (outcome.minResourceFee) answer.minResourceFee = String(outcome.minResourceFee);
  const events = outcome.events ?? [];
  if (events.length > 0) answer[`events${suffix}`] = events.map((e) => one('DiagnosticEvent', e));
  if (outcome.returnValue) {
    const auth = (outcome.auth ?? []).map((a) => one('SorobanAuthorizationEntry', a));
    answer.results = [
      toJson
        ? { returnValueJson: one('ScVal', outcome.returnValue), authJson: auth }
        : { auth, xdr: one('ScVal', outcome.returnValue) },
    ];
  }
  if (outcome.restorePreamble) {
    const { transactionData, minResourceFee } = outcome.restorePreamble;
    answer.restorePreamble = {
      [toJson ? 'transactionDataJson' : 'transactionData']: one('SorobanTransactionData', transactionData),
      minResourceFee: String(minResourceFee),
    };
  }
  const changes = (outcome.stateChanges ?? []).flatMap((c) => stateChange(c, toJson) ?? []);
  if (changes.length > 0) answer.stateChanges = changes;
  answer.latestLedger = latestLedger;
  return answer as unknown as SimulateTransactionResult;
}
