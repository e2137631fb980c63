/**
 * Effects of `invoke_host_function`: the Stellar Asset Contract events (transfer, mint, burn,
 * clawback) as accounts credited and debited, or contracts (stellar-horizon
 * `effects_processor.go` `addInvokeHostFunctionEffects`, `contractevents/events.go`), then the
 * trust lines and accounts the SAC created without an event (CAP-73,
 * `addInvokeHostFunctionTrustlineEffects`, `addInvokeHostFunctionAccountCreatedEffects`).
 */
import { Address, Asset, encodeMuxedAccountToAddress, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { assetFields } from '../assets.js';
import { data } from '../entry.js';
import { amount, type MuxedParts } from '../format.js';
import { accountCreatedEffects } from './accounts.js';
import { type EffectContext, plain } from './context.js';

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
function contractEvents(ctx: EffectContext): { events: xdr.ContractEvent[]; v4: boolean } {
  const meta = ctx.tx.meta;
  if (meta.type === 'v3') return { events: meta.v3.sorobanMeta?.events ?? [], v4: false };
  if (meta.type === 'v4') return { events: meta.v4.operations[0]?.events ?? [], v4: true };
  return { events: [], v4: false };
}

function isAccount(address: string | undefined): address is string {
  return address !== undefined && StrKey.isValidEd25519PublicKey(address);
}

/** A credited account, muxed when the event carried a `to_muxed_id`. */
function recipient(address: string, muxedId: bigint | undefined): MuxedParts {
  if (muxedId === undefined) return { account: address };
  const muxed = xdr.MuxedAccount.keyTypeMuxedEd25519(
    new xdr.MuxedEd25519Account({ id: muxedId, ed25519: StrKey.decodeEd25519PublicKey(address) }),
  );
  return { account: address, muxed: encodeMuxedAccountToAddress(muxed), muxedId: muxedId.toString() };
}

function sacEffects(ctx: EffectContext, event: SacEvent): void {
  const asset = assetFields(event.asset);
  const moved = amount(event.amount);
  const { from, to } = event;
  if (event.type !== 'mint' && from !== undefined) {
    if (isAccount(from)) ctx.effects.add({ account: from }, 'account_debited', { ...asset, amount: moved });
    else ctx.effects.add(ctx.source, 'contract_debited', { ...asset, contract: from, amount: moved });
  }
  if (event.type !== 'burn' && event.type !== 'clawback' && to !== undefined) {
    if (isAccount(to))
      ctx.effects.add(recipient(to, event.toMuxedId), 'account_credited', { ...asset, amount: moved });
    else ctx.effects.add(ctx.source, 'contract_credited', { ...asset, contract: to, amount: moved });
  }
}

export function invokeHostFunctionEffects(ctx: EffectContext): void {
  const { events, v4 } = contractEvents(ctx);
  for (const event of events) {
    const sac = readSacEvent(event, ctx.ledger.passphrase, v4);
    if (sac) sacEffects(ctx, sac);
  }
  for (const change of ctx.changes) {
    const line = change.pre ? undefined : data(change.post, 'trustline')?.trustLine;
    if (line)
      ctx.effects.add(plain(line.accountId), 'trustline_created', {
        ...assetFields(line.asset),
        limit: amount(line.limit),
      });
  }
  for (const change of ctx.changes) {
    const account = change.pre ? undefined : data(change.post, 'account')?.account;
    if (account) accountCreatedEffects(ctx, account.accountId, account.balance);
  }
}
