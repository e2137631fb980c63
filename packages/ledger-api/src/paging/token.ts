/**
 * Total order ids (TOIDs, SEP-35): the paging tokens of ledgers, transactions and
 * operations, and the `id` of an operation. A TOID is a signed 64-bit integer,
 * written in decimal, whose bits are
 *
 *   [63..32] ledger sequence | [31..12] transaction application order | [11..0] operation index
 *
 * so `id = ledger << 32 | transaction << 12 | operation`. The sign bit must stay
 * clear, which caps the ledger at 2^31 − 1. Transaction order and operation index
 * are 1-based; 0 in a field stands for the container itself: TOID(seq, 0, 0) is
 * the ledger's token, TOID(seq, tx, 0) the transaction's, TOID(seq, tx, op) with
 * op ≥ 1 the operation's.
 *
 * Numbers above 2^53 lose precision in JavaScript, so the arithmetic is BigInt
 * and tokens travel as decimal strings.
 */

export const TOID_LEDGER_MAX = 2 ** 31 - 1;
export const TOID_TRANSACTION_MAX = 2 ** 20 - 1;
export const TOID_OPERATION_MAX = 2 ** 12 - 1;

const LEDGER_SHIFT = 32n;
const TRANSACTION_SHIFT = 12n;
const TRANSACTION_MASK = (1n << 20n) - 1n;
const OPERATION_MASK = (1n << 12n) - 1n;
const INT64_MAX = (1n << 63n) - 1n;

export interface Toid {
  /** Ledger sequence, 0 … 2^31 − 1. */
  ledger: number;
  /** Application order of the transaction in its ledger, 1-based; 0 for a ledger's own token. */
  transaction: number;
  /** Index of the operation in its transaction, 1-based; 0 for a ledger's or transaction's own token. */
  operation: number;
}

/** What a TOID designates, from which of its fields are 0. */
export type ToidKind = 'ledger' | 'transaction' | 'operation';

/** A paging token or operation id that is not a valid TOID, or parts out of range. */
export class PagingTokenError extends RangeError {
  override readonly name = 'PagingTokenError';
}

function checkPart(name: string, value: number, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new PagingTokenError(`${name} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
}

function checkToid(parts: Toid): void {
  checkPart('ledger', parts.ledger, 0, TOID_LEDGER_MAX);
  checkPart('transaction', parts.transaction, 0, TOID_TRANSACTION_MAX);
  checkPart('operation', parts.operation, 0, TOID_OPERATION_MAX);
  // An operation index only means something inside a transaction.
  if (parts.transaction === 0 && parts.operation !== 0) {
    throw new PagingTokenError(
      'operation must be 0 when transaction is 0 (a ledger has no operations of its own)',
    );
  }
}

/** The TOID of the parts, as a BigInt. Throws PagingTokenError when a part is out of range. */
export function toidToBigInt(parts: Toid): bigint {
  checkToid(parts);
  return (
    (BigInt(parts.ledger) << LEDGER_SHIFT) |
    (BigInt(parts.transaction) << TRANSACTION_SHIFT) |
    BigInt(parts.operation)
  );
}

/** The paging token (decimal string) of the parts. */
export function encodeToid(parts: Toid): string {
  return toidToBigInt(parts).toString();
}

/**
 * Reads a paging token. Only the canonical decimal form is accepted (no sign, no
 * leading zeros, no spaces), so that a token and its parts map one to one.
 */
export function decodeToid(token: string | bigint): Toid {
  let value: bigint;
  if (typeof token === 'bigint') {
    value = token;
  } else {
    if (!/^(0|[1-9][0-9]{0,18})$/.test(token)) {
      throw new PagingTokenError(`not a TOID paging token: ${JSON.stringify(token)}`);
    }
    value = BigInt(token);
  }
  if (value < 0n || value > INT64_MAX) {
    throw new PagingTokenError(`a TOID is a non-negative 64-bit integer, got ${value.toString()}`);
  }
  const parts: Toid = {
    ledger: Number(value >> LEDGER_SHIFT),
    transaction: Number((value >> TRANSACTION_SHIFT) & TRANSACTION_MASK),
    operation: Number(value & OPERATION_MASK),
  };
  checkToid(parts);
  return parts;
}

/** Which resource a TOID designates. */
export function toidKind(parts: Toid): ToidKind {
  if (parts.transaction === 0) return 'ledger';
  return parts.operation === 0 ? 'transaction' : 'operation';
}

function checkOperation(parts: Toid): void {
  checkPart('ledger', parts.ledger, 1, TOID_LEDGER_MAX);
  checkPart('transaction', parts.transaction, 1, TOID_TRANSACTION_MAX);
  checkPart('operation', parts.operation, 1, TOID_OPERATION_MAX);
}

/**
 * The id (= paging token) of an operation: ledger 1 … 2^31 − 1, transaction order
 * 1 … 2^20 − 1, operation index 1 … 4095 (both 1-based, as the server numbers them).
 */
export function encodeOperationId(parts: Toid): string {
  checkOperation(parts);
  return encodeToid(parts);
}

/** Reads an operation id; a ledger's or transaction's token is refused. */
export function decodeOperationId(id: string | bigint): Toid {
  const parts = decodeToid(id);
  checkOperation(parts);
  return parts;
}

/**
 * The cursor that `cursor=now` stands for: past every transaction and operation
 * of the given ledger (the latest one ingested), i.e. TOID(ledger, 2^20 − 1, 4095).
 */
export function cursorAfterLedger(ledger: number): string {
  return encodeToid({ ledger, transaction: TOID_TRANSACTION_MAX, operation: TOID_OPERATION_MAX });
}
