/**
 * Stellar Asset Contract events (transfer, mint, burn, clawback) read from a transaction's
 * contract events as stellar-horizon's `contractevents.NewStellarAssetContractEvent` reads them:
 * what the effects, details, participants and payments flag of `invoke_host_function` come from.
 */
import { Address, Asset, StrKey, type xdr } from '@stellar/stellar-sdk/base';
import type { ClosedTransaction } from '../meta/closed-ledger.js';

export interface SacEvent {
  type: 'transfer' | 'mint' | 'burn' | 'clawback';
  asset: xdr.Asset;
  from?: string;
  to?: string;
  amount: bigint;
  /** CAP-67 `to_muxed_id` (meta v4). */
  toMuxedId?: bigint;
}

const SAC_EVENTS = new Set(['transfer', 'mint', 'burn', 'clawback']);

function assetOf(text: string): Asset | undefined {
  if (text.toLowerCase() === 'native') return Asset.native();
  const [code, issuer, ...rest] = text.split(':');
  if (!code || !issuer || rest.length > 0) return undefined;
  try {
    return new Asset(code, issuer);
  } catch {
    return undefined;
  }
}

function addressOf(value: xdr.ScVal | undefined): string {
  if (value?.type !== 'scvAddress') throw new Error('not an address');
  return Address.fromScAddress(value.address).toString();
}

function i128(value: xdr.ScVal | undefined): bigint | undefined {
  return value?.type === 'scvI128' ? (value.i128.hi << 64n) + value.i128.lo : undefined;
}

/** Meta v4 data: a bare i128, or `{amount, to_muxed_id}` (exactly those two). */
function amountAndMuxedId(value: xdr.ScVal, v4: boolean): { amount: bigint; toMuxedId?: bigint } | undefined {
  const bare = i128(value);
  if (bare !== undefined) return { amount: bare };
  if (!v4 || value.type !== 'scvMap' || value.map?.length !== 2) return undefined;
  const fields = new Map(
    value.map.map((e) => [e.key.type === 'scvSymbol' ? e.key.sym.toString() : '', e.val]),
  );
  const total = i128(fields.get('amount'));
  const muxedId = fields.get('to_muxed_id');
  if (total === undefined || muxedId?.type !== 'scvU64') return undefined;
  return { amount: total, toMuxedId: muxedId.u64 };
}

/**
 * A SAC event, or undefined for any other event: its contract must be the asset's SAC on this
 * network. Meta v3 events name an admin before `to` (mint) or `from` (clawback); v4 ones do not.
 */
export function readSacEvent(
  event: xdr.ContractEvent,
  passphrase: string,
  v4: boolean,
): SacEvent | undefined {
  if (event.type.name !== 'contract' || !event.contractId || event.body.type !== 'v0') return undefined;
  const { topics, data: value } = event.body.v0;
  const [name, ...rest] = topics;
  const type = name?.type === 'scvSymbol' ? name.sym.toString() : '';
  const last = topics[topics.length - 1];
  if (topics.length < 3 || !SAC_EVENTS.has(type) || last?.type !== 'scvString') return undefined;
  const asset = assetOf(last.str.toString());
  if (!asset || asset.contractId(passphrase) !== StrKey.encodeContract(Buffer.from(event.contractId.value)))
    return undefined;
  const moved = amountAndMuxedId(value, v4);
  if (!moved) return undefined;
  const addresses = rest.slice(0, -1);
  const withAdmin = !v4 && (type === 'mint' || type === 'clawback');
  const expected = type === 'transfer' || withAdmin ? 2 : 1;
  if (addresses.length !== expected) return undefined;
  try {
    const parties = addresses.map(addressOf).slice(withAdmin ? 1 : 0);
    const base = { type: type as SacEvent['type'], asset: asset.toXDRObject(), ...moved };
    if (type === 'transfer') return { ...base, from: parties[0], to: parties[1] };
    return type === 'mint' ? { ...base, to: parties[0] } : { ...base, from: parties[0] };
  } catch {
    return undefined;
  }
}

/** The transaction's contract events (a Soroban transaction has a single operation). */
function contractEvents(tx: ClosedTransaction): { events: xdr.ContractEvent[]; v4: boolean } {
  const meta = tx.meta;
  if (meta.type === 'v3') return { events: meta.v3.sorobanMeta?.events ?? [], v4: false };
  if (meta.type === 'v4') return { events: meta.v4.operations[0]?.events ?? [], v4: true };
  return { events: [], v4: false };
}

/** The SAC events among the transaction's contract events, in order. */
export function transactionSacEvents(tx: ClosedTransaction, passphrase: string): SacEvent[] {
  const { events, v4 } = contractEvents(tx);
  return events.flatMap((event) => readSacEvent(event, passphrase, v4) ?? []);
}
