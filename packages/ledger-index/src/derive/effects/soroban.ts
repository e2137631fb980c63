/**
 * Effects of `invoke_host_function`: the Stellar Asset Contract events (transfer, mint, burn,
 * clawback) as accounts credited and debited, or contracts (stellar-horizon
 * `effects_processor.go` `addInvokeHostFunctionEffects`, `contractevents/events.go`), then the
 * trust lines and accounts the SAC created without an event (CAP-73,
 * `addInvokeHostFunctionTrustlineEffects`, `addInvokeHostFunctionAccountCreatedEffects`).
 */
import { encodeMuxedAccountToAddress, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { assetFields } from '../assets.js';
import { data } from '../entry.js';
import { amount, type MuxedParts } from '../format.js';
import { type SacEvent, transactionSacEvents } from '../sac-events.js';
import { accountCreatedEffects } from './accounts.js';
import { type EffectContext, plain } from './context.js';

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
  for (const sac of transactionSacEvents(ctx.tx, ctx.ledger.passphrase)) sacEffects(ctx, sac);
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
