/**
 * Simulating RestoreFootprint and ExtendFootprintTTL (soroban-simulation simulation.rs
 * `simulate_restore_op` / `simulate_extend_ttl_op`, resources.rs `simulate_*_op_resources`): the
 * keys that need the operation, sorted, with the rent they owe and the transaction data and fee.
 * Keys that need nothing (live entries to restore, entries already living long enough, missing
 * entries to extend) are left out; a key the operation cannot take is an error, as stellar-rpc
 * reports it.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { Budget, type LedgerEntryRentChange } from '../budget/index.js';
import { compareLedgerKeys, FREE_METER, keyDurability, minLiveUntilLedger } from '../storage/index.js';
import { type AdjustmentConfig, DEFAULT_ADJUSTMENT } from './adjustment.js';
import { entrySizeForRent } from './entry-size.js';
import { type NetworkFees, transactionData } from './simulation-fee.js';
import type { LedgerContext } from './types.js';

export interface FootprintSimulationInput extends LedgerContext {
  keys: readonly xdr.LedgerKey[];
  adjustment?: AdjustmentConfig;
  sorobanStateSizeBytes?: bigint;
  /** Rates to price with instead of the settings' own. */
  fees?: NetworkFees;
}

export type FootprintSimulationResult =
  | { ok: true; transactionData: xdr.SorobanTransactionData; minResourceFee: bigint }
  | { ok: false; error: string };

/** The XDR types' own order, as Rust's `sort` on keys uses. */
const byKeyOrder = (a: xdr.LedgerKey, b: xdr.LedgerKey) => compareLedgerKeys(a, b, FREE_METER);

function keyText(key: xdr.LedgerKey): string {
  return key.toXdr('base64');
}

function finish(
  input: FootprintSimulationInput,
  operation: xdr.OperationBody,
  footprint: xdr.LedgerFootprint,
  bytes: number,
  rentChanges: LedgerEntryRentChange[],
): FootprintSimulationResult {
  const resources = new xdr.SorobanResources({
    footprint,
    instructions: 0,
    diskReadBytes: bytes,
    writeBytes: bytes,
  });
  const data = transactionData(operation, resources, [], rentChanges, 0, {
    settings: input.settings,
    ledgerSequence: input.ledger.sequenceNumber,
    protocolVersion: input.ledger.protocolVersion,
    adjustment: input.adjustment ?? DEFAULT_ADJUSTMENT,
    sorobanStateSizeBytes: input.sorobanStateSizeBytes,
    fees: input.fees,
  });
  return { ok: true, transactionData: data.transactionData, minResourceFee: data.minResourceFee };
}

/** The rent size of an entry, with a budget of the network's cost parameters for code entries. */
function rentSizer(input: FootprintSimulationInput) {
  const sizeForRent = entrySizeForRent(Budget.fromSettings(input.settings));
  return (entry: xdr.LedgerEntry, xdrSize: number) => sizeForRent(entry, xdrSize, { charge() {} });
}

export function simulateRestore(input: FootprintSimulationInput): FootprintSimulationResult {
  const { ledger, snapshot } = input;
  const restoredLiveUntil = minLiveUntilLedger(ledger, 'persistent');
  const sizeForRent = rentSizer(input);
  const rentChanges: LedgerEntryRentChange[] = [];
  const restored: xdr.LedgerKey[] = [];
  let bytes = 0;
  for (const key of input.keys) {
    if (keyDurability(key) !== 'persistent')
      return {
        ok: false,
        error: `can't restore ${keyText(key)}: only persistent entries with a TTL can be restored`,
      };
    const found = snapshot.get(key);
    if (!found) return { ok: false, error: `missing entry to restore for key ${keyText(key)}` };
    if (found.liveUntil === undefined) return { ok: false, error: `missing TTL for key ${keyText(key)}` };
    if (found.liveUntil >= ledger.sequenceNumber) continue;
    restored.push(key);
    const size = found.entry.toXdr().length;
    bytes += size;
    rentChanges.push({
      isPersistent: true,
      isCodeEntry: key.type === 'contractCode',
      oldSizeBytes: 0,
      newSizeBytes: sizeForRent(found.entry, size),
      oldLiveUntilLedger: 0,
      newLiveUntilLedger: restoredLiveUntil,
    });
  }
  restored.sort(byKeyOrder);
  const operation = xdr.OperationBody.restoreFootprint(
    new xdr.RestoreFootprintOp({ ext: xdr.ExtensionPoint.v0() }),
  );
  return finish(
    input,
    operation,
    new xdr.LedgerFootprint({ readOnly: [], readWrite: restored }),
    bytes,
    rentChanges,
  );
}

export function simulateExtendTtl(
  input: FootprintSimulationInput & { extendTo: number },
): FootprintSimulationResult {
  const { ledger, snapshot } = input;
  const newLiveUntil = ledger.sequenceNumber + input.extendTo;
  const sizeForRent = rentSizer(input);
  const rentChanges: LedgerEntryRentChange[] = [];
  const extended: xdr.LedgerKey[] = [];
  for (const key of input.keys) {
    const durability = keyDurability(key);
    if (!durability)
      return {
        ok: false,
        error: `can't extend TTL of ${keyText(key)}: only contract data and code entries have one`,
      };
    const found = snapshot.get(key);
    if (!found) continue;
    if (found.liveUntil === undefined) return { ok: false, error: `missing TTL for key ${keyText(key)}` };
    if (newLiveUntil <= found.liveUntil) continue;
    if (found.liveUntil < ledger.sequenceNumber)
      return {
        ok: false,
        error: `can't extend an expired entry (${keyText(key)}): it must be restored first`,
      };
    extended.push(key);
    const size = sizeForRent(found.entry, found.entry.toXdr().length);
    rentChanges.push({
      isPersistent: durability === 'persistent',
      isCodeEntry: key.type === 'contractCode',
      oldSizeBytes: size,
      newSizeBytes: size,
      oldLiveUntilLedger: found.liveUntil,
      newLiveUntilLedger: newLiveUntil,
    });
  }
  extended.sort(byKeyOrder);
  const operation = xdr.OperationBody.extendFootprintTtl(
    new xdr.ExtendFootprintTtlOp({ ext: xdr.ExtensionPoint.v0(), extendTo: input.extendTo }),
  );
  return finish(
    input,
    operation,
    new xdr.LedgerFootprint({ readOnly: extended, readWrite: [] }),
    0,
    rentChanges,
  );
}
