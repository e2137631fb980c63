/**
 * What simulateTransaction reads from its request before it simulates anything (stellar-rpc
 * `methods/simulate_transaction.go` NewSimulateTransactionHandler, validateAuthMode and
 * sorobanDataFromEnvelope): one operation, no memo, a Soroban operation, the auth mode that goes
 * with it and the source account. Every refusal is a message for the result's `error`.
 */
import type { SimulateTransactionParams } from '@starspec/ledger-rpc';
import { xdr } from '@stellar/stellar-sdk/base';
import { muxedToAccountId } from '../core/keys.js';

export type AuthMode = 'enforce' | 'record' | 'record_allow_nonroot';

export type SimulationRequest =
  | { type: 'invoke'; op: xdr.InvokeHostFunctionOp; sourceAccount: xdr.AccountId; authMode: AuthMode }
  | { type: 'extend'; extendTo: number; keys: xdr.LedgerKey[] }
  | { type: 'restore'; keys: xdr.LedgerKey[] };

const AUTH_MODES: readonly string[] = ['enforce', 'record', 'record_allow_nonroot'];

/** Go's name of an operation type: `payment` → `OperationTypePayment`. */
function goOperationType(type: string): string {
  return `OperationType${type[0]?.toUpperCase()}${type.slice(1)}`;
}

interface Parts {
  operations: xdr.Operation[];
  memo: xdr.Memo;
  sourceAccount: xdr.AccountId;
  sorobanData: xdr.SorobanTransactionData | undefined;
}

function partsOf(envelope: xdr.TransactionEnvelope): Parts {
  if (envelope.type === 'envelopeTypeTxV0') {
    const tx = envelope.v0.tx;
    const sourceAccount = xdr.PublicKey.publicKeyTypeEd25519(tx.sourceAccountEd25519.toBytes());
    return { operations: tx.operations, memo: tx.memo, sourceAccount, sorobanData: undefined };
  }
  const tx = envelope.type === 'envelopeTypeTx' ? envelope.v1.tx : envelope.feeBump.tx.innerTx.v1.tx;
  return {
    operations: tx.operations,
    memo: tx.memo,
    sourceAccount: muxedToAccountId(tx.sourceAccount),
    sorobanData: tx.ext.type === 'sorobanData' ? tx.ext.sorobanData : undefined,
  };
}

/**
 * validateAuthMode: an omitted mode is `enforce` when the operation carries auth entries and
 * `record` otherwise; a record mode beside entries, any mode on a footprint operation, and any
 * other operation (in the function's own lower-case words) are refused.
 */
function authModeFor(body: xdr.OperationBody, asked: string | undefined): AuthMode | { error: string } {
  const mode = asked ?? '';
  if (mode !== '' && !AUTH_MODES.includes(mode)) {
    return { error: `optional 'authMode' must be one of ${AUTH_MODES.join(',')} when included` };
  }
  switch (body.type) {
    case 'invokeHostFunction': {
      const hasAuth = body.invokeHostFunctionOp.auth.length > 0;
      if (mode === '') return hasAuth ? 'enforce' : 'record';
      if (hasAuth && mode !== 'enforce')
        return { error: `cannot set authMode to '${mode}' with an auth footprint` };
      return mode as AuthMode;
    }
    case 'extendFootprintTtl':
    case 'restoreFootprint':
      return mode === '' ? 'record' : { error: 'cannot set authMode with non-InvokeHostFunction operations' };
    default:
      return { error: `transaction contains unsupported operation type: ${goOperationType(body.type)}` };
  }
}

export function readSimulationRequest(
  params: SimulateTransactionParams,
): SimulationRequest | { error: string } {
  let envelope: xdr.TransactionEnvelope;
  try {
    envelope = xdr.TransactionEnvelope.fromXdr(params.transaction, 'base64');
  } catch {
    return { error: 'Could not unmarshal transaction' };
  }
  const tx = partsOf(envelope);
  if (tx.operations.length !== 1) return { error: 'Transaction contains more than one operation' };
  if (tx.memo.type !== 'memoNone') {
    return { error: 'Transaction contains a memo. Soroban transactions do not support memos.' };
  }
  const op = tx.operations[0] as xdr.Operation;
  const authMode = authModeFor(op.body, params.authMode);
  if (typeof authMode !== 'string') return authMode;
  switch (op.body.type) {
    case 'invokeHostFunction': {
      const sourceAccount = op.sourceAccount ? muxedToAccountId(op.sourceAccount) : tx.sourceAccount;
      return { type: 'invoke', op: op.body.invokeHostFunctionOp, sourceAccount, authMode };
    }
    case 'extendFootprintTtl':
    case 'restoreFootprint': {
      if (!tx.sorobanData) {
        return {
          error:
            'To perform a SimulateTransaction for ExtendFootprintTtl or RestoreFootprint operations, SorobanTransactionData must be provided',
        };
      }
      const { footprint } = tx.sorobanData.resources;
      // preflight_footprint_ttl_op: extension reads the read-only keys, restoration the read-write ones.
      return op.body.type === 'extendFootprintTtl'
        ? { type: 'extend', extendTo: op.body.extendFootprintTtlOp.extendTo, keys: footprint.readOnly }
        : { type: 'restore', keys: footprint.readWrite };
    }
    default:
      return { error: `Transaction contains unsupported operation type: ${goOperationType(op.body.type)}` };
  }
}
