/** The crypto modules' arguments and results: objects to bytes, numbers and sequences, and back. */
import type * as crypto from '../../crypto/index.js';
import { HostError } from '../../errors/host-error.js';
import { NEWEST_FUNCTION_PROTOCOL } from '../../interface/index.js';
import { isObject, smallNumberOf, type Val } from '../../values/val.js';
import type { Host } from '../host.js';
import { add, visit } from './access.js';
import { read256, val256 } from './int.js';
import type { CallContext } from './types.js';

export const bytes = (context: CallContext, val: Val): Uint8Array => visit(context, val, 'Bytes').value;
export const newBytes = (context: CallContext, value: Uint8Array): Val =>
  add(context, { kind: 'Bytes', value });
export const fr = (context: CallContext, val: Val): bigint => read256(context, val, 'U256');
export const frVal = (context: CallContext, value: bigint): Val => val256(context, 'U256', value);
/** A U64Val argument as a number. */
export const u64 = (context: CallContext, val: Val): bigint =>
  isObject(val) ? visit(context, val, 'U64').value : smallNumberOf(val);

/** A vector's elements read one at a time, so a bad element fails where the host's would. */
export function lazyItems<T>(context: CallContext, vec: Val, read: (val: Val) => T): crypto.Sequence<T> {
  const items = visit(context, vec, 'Vec').value;
  return { length: items.length, at: (i) => (i < items.length ? read(items[i] as Val) : undefined) };
}

export function pointItems(context: CallContext, vec: Val): crypto.PointSource {
  return lazyItems(context, vec, (val) => {
    if (!isObject(val)) throw new HostError('Value', 'UnexpectedType', 'expected a Bytes object');
    return bytes(context, val);
  });
}

/** The ledger's protocol, for charges that changed between protocols; without a ledger, the newest. */
export function ledgerProtocol(context: CallContext): number {
  return (context.host as Partial<Host>).ledger?.protocolVersion ?? NEWEST_FUNCTION_PROTOCOL;
}
