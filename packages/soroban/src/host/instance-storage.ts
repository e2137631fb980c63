/**
 * A running contract's instance storage (`InstanceStorageMap`, storage.rs; `maybe_init_instance_storage`,
 * host/frame.rs): a metered ordered map of Vals kept in the frame, not a host object. It is built
 * on the first access (the instance's entries converted to Vals), changed in place, and written back
 * when the frame ends if any mutable access happened.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { Val } from '../values/val.js';
import type { ContractFrame } from './frames.js';
import { contractHost } from './functions/access.js';
import { chargeCopy, chargeFallibleCollect, ENTRY_SIZE, VAL_SIZE } from './functions/charges.js';
import { checkedEntries, type Entry, find } from './functions/map.js';
import type { CallContext } from './functions/types.js';

export interface InstanceStorage {
  entries: readonly Entry[];
  /** Set by any mutable access, whether or not it changed the map (`with_mut_instance_storage`). */
  modified: boolean;
}

/** The frame's map, converted from its instance on first access. */
function storageOf(context: CallContext, frame: ContractFrame): InstanceStorage {
  if (frame.instanceStorage) return frame.instanceStorage;
  const { host } = context;
  const stored = frame.instance.storage ?? [];
  // `metered_collect` into a Result<Vec<(Val, Val)>>, then each entry converted; an instance with
  // no storage at all (`None`, as a new SAC's) starts from an empty vector, uncharged.
  if (frame.instance.storage) chargeFallibleCollect(context, stored.length, ENTRY_SIZE);
  const entries = stored.map((e) => [host.converter.toVal(e.key), host.converter.toVal(e.val)] as const);
  // `MeteredOrdMap::from_map`: scanned and checked sorted.
  chargeCopy(context, entries.length, ENTRY_SIZE);
  host.converter.checkSorted(entries);
  frame.instanceStorage = { entries, modified: false };
  return frame.instanceStorage;
}

function currentFrame(context: CallContext): ContractFrame {
  const frame = contractHost(context).frames.currentContract;
  if (!frame) throw new HostError('Context', 'InternalError', 'access to instance in frame without instance');
  return frame;
}

/** `MeteredOrdMap::get` on the current contract's instance storage. */
export function instanceGet(context: CallContext, key: Val): Val | undefined {
  const { entries } = storageOf(context, currentFrame(context));
  const { found, index } = find(context, entries, key);
  if (!found) return undefined;
  chargeCopy(context, 1, ENTRY_SIZE);
  return (entries[index] as Entry)[1];
}

function mutable(context: CallContext): InstanceStorage {
  const storage = storageOf(context, currentFrame(context));
  storage.modified = true;
  return storage;
}

/** `MeteredOrdMap::insert`. */
export function instancePut(context: CallContext, key: Val, value: Val): void {
  const storage = mutable(context);
  chargeCopy(context, 1, ENTRY_SIZE);
  const { found, index } = find(context, storage.entries, key);
  const { entries } = storage;
  const next = [
    ...entries.slice(0, index),
    [key, value] as const,
    ...entries.slice(found ? index + 1 : index),
  ];
  storage.entries = checkedEntries(context, next);
}

/** `MeteredOrdMap::remove`: a missing key leaves the map as it is. */
export function instanceDelete(context: CallContext, key: Val): void {
  const storage = mutable(context);
  const { found, index } = find(context, storage.entries, key);
  if (!found) return;
  const { entries } = storage;
  storage.entries = checkedEntries(context, [...entries.slice(0, index), ...entries.slice(index + 1)]);
  chargeCopy(context, 1, VAL_SIZE);
}

/**
 * `instance_storage_map_to_scmap`: the map to write back, or undefined when no mutable access
 * happened. Keys are converted as storage keys (a muxed address is refused).
 */
export function changedInstanceStorage(
  context: CallContext,
  frame: ContractFrame,
): xdr.ScMapEntry[] | undefined {
  const storage = frame.instanceStorage;
  if (!storage?.modified) return undefined;
  return context.host.converter.mapEntriesToScMap(storage.entries, 0, true);
}
