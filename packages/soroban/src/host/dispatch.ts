/**
 * Calling a host function from a contract (`vm/dispatch.rs`): the protocol range, each argument
 * checked against its declared type and made absolute, the call, and its result made relative to
 * the calling frame (the VM layer moves the fuel and charges DispatchHostFunction around it). A bad argument is
 * Error(Value, InvalidInput), whatever the function.
 */
import { HostError } from '../errors/host-error.js';
import { dispatchProtocolError, type HostFunction as Signature, type ValueType } from '../interface/index.js';
import { Tag } from '../values/tags.js';
import { fromWasm, isGood, tagOf, toWasm, type Val } from '../values/val.js';
import { checkIntegrity } from './functions/linear-memory.js';
import type { CallContext, HostFunction } from './functions/types.js';

/** The tags each declared Val type admits (`Val` admits any well-formed Val). */
const TAGS: Partial<Record<ValueType, readonly number[]>> = {
  Void: [Tag.Void],
  Bool: [Tag.True, Tag.False],
  Error: [Tag.Error],
  U32Val: [Tag.U32Val],
  U64Val: [Tag.U64Small, Tag.U64Object],
  Symbol: [Tag.SymbolSmall, Tag.SymbolObject],
  AddressObject: [Tag.AddressObject],
  MuxedAddressObject: [Tag.MuxedAddressObject],
  ExecutableTagObject: [Tag.ExecutableTagObject],
  BytesObject: [Tag.BytesObject],
  StringObject: [Tag.StringObject],
  SymbolObject: [Tag.SymbolObject],
  VecObject: [Tag.VecObject],
  MapObject: [Tag.MapObject],
  U64Object: [Tag.U64Object],
  I64Object: [Tag.I64Object],
  TimepointObject: [Tag.TimepointObject],
  DurationObject: [Tag.DurationObject],
  U128Object: [Tag.U128Object],
  I128Object: [Tag.I128Object],
  U256Object: [Tag.U256Object],
  I256Object: [Tag.I256Object],
  U256Val: [Tag.U256Small, Tag.U256Object],
  I256Val: [Tag.I256Small, Tag.I256Object],
};

const badArgument = (detail: string) => new HostError('Value', 'InvalidInput', detail);

/** An argument as the host function receives it: raw numbers as they are, Vals checked and absolute. */
function argument(context: CallContext, type: ValueType, word: bigint): bigint {
  if (type === 'u64') return BigInt.asUintN(64, word);
  if (type === 'i64') return BigInt.asIntN(64, word);
  // Both enums pass as a raw i64 of 0..2 (storage_type.rs, declare_wasmi_marshal_for_enum).
  if (type === 'StorageType' || type === 'ContractTtlExtension') {
    if (word < 0n || word > 2n) throw badArgument(`not a ${type}`);
    return word;
  }
  const val = fromWasm(word);
  const tags = TAGS[type];
  if (tags && !tags.includes(tagOf(val))) throw badArgument(`expected ${type}`);
  const absolute = context.vm ? context.vm.objects.toAbsolute(val) : val;
  if (!isGood(absolute)) throw badArgument('malformed Val');
  checkIntegrity(context, absolute);
  return absolute;
}

/** The result as WebAssembly receives it. */
function result(context: CallContext, type: ValueType, value: bigint): bigint {
  if (type === 'u64' || type === 'i64') return BigInt.asIntN(64, value);
  checkIntegrity(context, value);
  const val: Val = context.vm ? context.vm.objects.toRelative(value, context.host.meter) : value;
  return toWasm(val);
}

/**
 * Calls `implementation` for a contract: `words` are the WebAssembly arguments, the answer is the
 * WebAssembly result. Errors are thrown as HostError for the VM layer to turn into a trap.
 */
export function dispatch(
  context: CallContext,
  signature: Signature,
  implementation: HostFunction,
  ledgerProtocol: number,
  words: readonly bigint[],
): bigint {
  const outside = dispatchProtocolError(signature, ledgerProtocol);
  if (outside) throw outside;
  const args = signature.args.map((arg, i) => argument(context, arg.type, words[i] ?? 0n));
  return result(context, signature.returns, implementation(context, ...args));
}
