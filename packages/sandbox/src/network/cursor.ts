/**
 * Paging positions as stellar-rpc writes and reads them: TOIDs (`ledger<<32 | tx<<12 | op`,
 * go-stellar-sdk `toid`) for getTransactions, event ids (`%019d-%010d`, protocols/rpc
 * `cursor.go`) for getEvents, and Go's strconv errors for cursors that are not numbers.
 */

/** toid.TransactionMask: 20 bits of transaction order. */
export const TX_MASK = 0xfffff;
/** toid.OperationMask: 12 bits of operation order. */
export const OP_MASK = 0xfff;
const INT32_MAX = 0x7fffffff;

export interface Toid {
  ledger: number;
  tx: number;
  op: number;
}

export interface EventCursor extends Toid {
  event: number;
}

/** toid.New(...).ToInt64(). */
export function toidValue({ ledger, tx, op }: Toid): bigint {
  return (BigInt(ledger) << 32n) | (BigInt(tx & TX_MASK) << 12n) | BigInt(op & OP_MASK);
}

/** toid.Parse. */
export function parseToid(value: bigint): Toid {
  return {
    ledger: Number(BigInt.asIntN(32, value >> 32n)),
    tx: Number((value >> 12n) & BigInt(TX_MASK)),
    op: Number(value & BigInt(OP_MASK)),
  };
}

/** Cursor.String(): the TOID zero-padded to 19 digits, a dash, the event index to 10. */
export function cursorId(cursor: EventCursor): string {
  return `${toidValue(cursor).toString().padStart(19, '0')}-${String(cursor.event).padStart(10, '0')}`;
}

/** protocols/rpc MaxCursor with the given ledger: the last position a ledger can hold. */
export function maxCursorOf(ledger: number): EventCursor {
  return { ledger, tx: TX_MASK, op: OP_MASK, event: 0xffffffff };
}

export function compareCursors(a: EventCursor, b: EventCursor): number {
  return a.ledger - b.ledger || a.tx - b.tx || a.op - b.op || a.event - b.event;
}

/** Go strconv.ParseInt / ParseUint of a decimal string, with Go's error text. */
export function parseGoInteger(
  text: string,
  kind: 'ParseInt' | 'ParseUint',
  bits: 32 | 64,
): { value: bigint } | { error: string } {
  const syntax = kind === 'ParseInt' ? /^[+-]?[0-9]+$/ : /^[0-9]+$/;
  if (!syntax.test(text))
    return { error: `strconv.${kind}: parsing ${JSON.stringify(text)}: invalid syntax` };
  const value = BigInt(text);
  const max = kind === 'ParseInt' ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
  const min = kind === 'ParseInt' ? -(1n << BigInt(bits - 1)) : 0n;
  if (value > max || value < min)
    return { error: `strconv.${kind}: parsing ${JSON.stringify(text)}: value out of range` };
  return { value };
}

/** protocols/rpc ParseCursor: an event id back into its position. */
export function parseEventId(id: string): EventCursor | { error: string } {
  const dash = id.indexOf('-');
  if (dash < 0) return { error: `invalid event id ${id}` };
  const toid = parseGoInteger(id.slice(0, dash), 'ParseInt', 64);
  if ('error' in toid) return { error: `invalid event id ${id}: ${toid.error}` };
  const event = parseGoInteger(id.slice(dash + 1), 'ParseUint', 32);
  if ('error' in event) return { error: `invalid event id ${id}: ${event.error}` };
  const { ledger, tx, op } = parseToid(toid.value);
  // Go converts the int32 parts to uint32.
  return { ledger: ledger >>> 0, tx, op, event: Number(event.value) };
}

export { INT32_MAX };
