/**
 * getLedgerEntries (stellar-rpc `methods/get_ledger_entries.go`) from the state as of the last
 * close, and simulateTransaction (`methods/simulate_transaction.go`): its checks of the envelope,
 * then the error that contract execution is not available, in the result as the server answers.
 */
import type {
  GetLedgerEntriesParams,
  GetLedgerEntriesResult,
  SimulateTransactionParams,
  SimulateTransactionResult,
} from '@starspec/ledger-rpc';
import { xdr } from '@stellar/stellar-sdk/base';
import { checkFormat, formatError, invalidParams, ledgerRange, type RpcContext } from './common.js';
import type { ToJson } from './xdr-json.js';

/** stellar-rpc getLedgerEntriesMaxKeys. */
export const MAX_LEDGER_KEYS = 200;

export function getLedgerEntries(
  context: RpcContext,
  params: GetLedgerEntriesParams,
  toJson?: ToJson,
): GetLedgerEntriesResult {
  checkFormat(params.xdrFormat);
  const { keys } = params;
  if (keys.length > MAX_LEDGER_KEYS) {
    throw invalidParams(`key count (${keys.length}) exceeds maximum supported (${MAX_LEDGER_KEYS})`);
  }
  const decoded = keys.map((key, i) => {
    let ledgerKey: xdr.LedgerKey;
    try {
      ledgerKey = xdr.LedgerKey.fromXdr(key, 'base64');
    } catch {
      throw invalidParams(`cannot unmarshal key value ${key} at index ${i}`);
    }
    if (ledgerKey.type === 'ttl') throw invalidParams('ledger ttl entries cannot be queried directly');
    return ledgerKey.toXdr('base64');
  });
  const { latest } = ledgerRange(context);
  const entries: GetLedgerEntriesResult['entries'] = [];
  for (const key of new Set(decoded)) {
    const entry = context.network.ledger.entry(key);
    if (!entry) continue;
    const data = entry.data.toXdr('base64');
    const ext = entry.ext.toXdr('base64');
    const { lastModifiedLedgerSeq } = entry;
    // ledgerKeyEntryToResult: key, data and extension, base64 or json.
    entries.push(
      toJson
        ? {
            keyJson: toJson('LedgerKey', key),
            dataJson: toJson('LedgerEntryData', data),
            lastModifiedLedgerSeq,
            extJson: toJson('LedgerEntryExt', ext),
          }
        : { key, xdr: data, lastModifiedLedgerSeq, extXdr: ext },
    );
  }
  return { entries, latestLedger: latest.sequence };
}

const SOROBAN_OPERATIONS = new Set(['invokeHostFunction', 'extendFootprintTtl', 'restoreFootprint']);

/** Go's name of an operation type: `payment` → `OperationTypePayment`. */
function goOperationType(type: string): string {
  return `OperationType${type[0]?.toUpperCase()}${type.slice(1)}`;
}

function hasSorobanData(envelope: xdr.TransactionEnvelope): boolean {
  if (envelope.type === 'envelopeTypeTx') return envelope.v1.tx.ext.type === 'sorobanData';
  if (envelope.type === 'envelopeTypeTxFeeBump')
    return envelope.feeBump.tx.innerTx.v1.tx.ext.type === 'sorobanData';
  return false;
}

function transactionOf(envelope: xdr.TransactionEnvelope): { operations: xdr.Operation[]; memo: xdr.Memo } {
  if (envelope.type === 'envelopeTypeTxV0') return envelope.v0.tx;
  if (envelope.type === 'envelopeTypeTx') return envelope.v1.tx;
  return envelope.feeBump.tx.innerTx.v1.tx;
}

export function simulateTransaction(
  context: RpcContext,
  params: SimulateTransactionParams,
): SimulateTransactionResult {
  // A bad format is the first error, in the result; json changes nothing in an error answer.
  const formatProblem = formatError(params.xdrFormat);
  if (formatProblem) return { latestLedger: 0, error: formatProblem };
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXdr(params.transaction, 'base64');
  } catch {
    return { latestLedger: 0, error: 'Could not unmarshal transaction' };
  }
  const tx = transactionOf(envelope);
  if (tx.operations.length !== 1)
    return { latestLedger: 0, error: 'Transaction contains more than one operation' };
  if (tx.memo.type !== 'memoNone') {
    return {
      latestLedger: 0,
      error: 'Transaction contains a memo. Soroban transactions do not support memos.',
    };
  }
  const type = (tx.operations[0] as xdr.Operation).body.type;
  if (!SOROBAN_OPERATIONS.has(type)) {
    return {
      latestLedger: 0,
      error: `Transaction contains unsupported operation type: ${goOperationType(type)}`,
    };
  }
  if (type !== 'invokeHostFunction' && !hasSorobanData(envelope)) {
    return {
      latestLedger: 0,
      error:
        'To perform a SimulateTransaction for ExtendFootprintTtl or RestoreFootprint operations, SorobanTransactionData must be provided',
    };
  }
  return {
    latestLedger: ledgerRange(context).latest.sequence,
    error: `${goOperationType(type)} cannot be simulated: the sandbox runs no contracts (contract execution is not available)`,
  };
}
