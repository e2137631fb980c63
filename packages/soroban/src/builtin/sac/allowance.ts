/**
 * Allowances (`allowance.rs`): a temporary `Allowance({from, spender})` entry holding
 * `{amount, live_until_ledger}`; it reads as zero once its ledger has passed. Writing one checks
 * the ledger against the network's maximum and (for a non-zero amount) the current ledger, and
 * lets the entry live until that ledger.
 *
 * As the Rust SAC does, the key is made anew through the env (`map_new_from_slices` of the
 * addresses the function was given, then the enum's `vec_new_from_slice`) each time it is
 * converted, and the value read and written as its struct.
 */
import type { Host } from '../../host/host.js';
import { maxLiveUntilLedger } from '../../storage/index.js';
import { fromU32, u32Of, type Val } from '../../values/val.js';
import { contractError } from '../contract-error.js';
import { enumVal, i128FromVal, i128Val, structFields, structVal } from '../contract-types.js';
import { envCall, extendDataTtlVal, getDataVal, putDataVal, tryGetDataVal } from '../env.js';
import { cloneAddress, u32Arg } from '../values.js';
import { isCap67 } from './protocol.js';
import type { AllowanceValue } from './storage-types.js';

/** An Address object. */
type Address = Val;

const FIELDS = ['amount', 'live_until_ledger'];

/** `DataKey::Allowance(AllowanceDataKey { from, spender })`, converted. */
const allowanceKey = (host: Host, from: Address, spender: Address): Val =>
  enumVal(host, 'Allowance', () => structVal(host, ['from', 'spender'], [from, spender]));

const allowanceVal = (host: Host, allowance: AllowanceValue): Val =>
  structVal(host, FIELDS, [i128Val(host, allowance.amount), fromU32(allowance.liveUntilLedger)]);

function allowanceOf(host: Host, value: Val): AllowanceValue {
  const [amount, liveUntil] = structFields(host, value, FIELDS) as [Val, Val];
  return { amount: i128FromVal(host, amount), liveUntilLedger: u32Arg(liveUntil) };
}

/** `metered_clone` of the two addresses, as `spend_allowance` and `write_allowance_amount` make them. */
const cloneAddresses = (host: Host): void => {
  cloneAddress(host);
  cloneAddress(host);
};

export function readAllowance(host: Host, from: Address, spender: Address): bigint {
  const raw = tryGetDataVal(host, allowanceKey(host, from, spender), 'temporary');
  if (raw === undefined) return 0n;
  const allowance = allowanceOf(host, raw);
  const sequence = u32Of(envCall(host, 'context', 'get_ledger_sequence', []));
  return allowance.liveUntilLedger < sequence ? 0n : allowance.amount;
}

export function writeAllowance(
  host: Host,
  from: Address,
  spender: Address,
  amount: bigint,
  liveUntil: number,
): void {
  const sequence = host.ledger.sequenceNumber;
  if (liveUntil > maxLiveUntilLedger(host.ledger))
    throw contractError('AllowanceError', 'live_until is greater than max');
  // A past ledger is allowed when clearing an allowance.
  if (amount > 0n && liveUntil < sequence)
    throw contractError('AllowanceError', 'live_until must be >= ledger sequence');
  const raw = tryGetDataVal(host, allowanceKey(host, from, spender), 'temporary');
  let previousLiveUntil = 0;
  if (raw !== undefined) previousLiveUntil = allowanceOf(host, raw).liveUntilLedger;
  else if (amount <= 0n) return;
  const next = { amount, liveUntilLedger: liveUntil };
  const key = allowanceKey(host, from, spender);
  putDataVal(host, key, allowanceVal(host, next), 'temporary');
  if (next.amount > 0n && previousLiveUntil < liveUntil) {
    const extra = isCap67(host) ? 0 : 1;
    const liveFor = Math.max(0, liveUntil - sequence) + extra;
    extendDataTtlVal(host, allowanceKey(host, from, spender), 'temporary', liveFor, liveFor);
  }
}

/** `spend_allowance`: a zero amount needs no allowance and writes nothing. */
export function spendAllowance(host: Host, from: Address, spender: Address, amount: bigint): void {
  cloneAddresses(host);
  const allowance = readAllowance(host, from, spender);
  if (allowance < amount) throw contractError('AllowanceError', 'not enough allowance to spend');
  if (amount <= 0n) return;
  // `write_allowance_amount`: the entry read again for its ledger.
  cloneAddresses(host);
  const { liveUntilLedger } = allowanceOf(
    host,
    getDataVal(host, allowanceKey(host, from, spender), 'temporary'),
  );
  writeAllowance(host, from, spender, allowance - amount, liveUntilLedger);
}
