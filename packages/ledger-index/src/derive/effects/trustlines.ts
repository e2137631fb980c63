/**
 * Trust line effects: `change_trust`, `allow_trust`, `set_trust_line_flags` and `clawback`
 * (stellar-horizon `effects_processor.go`: `addChangeTrustEffects`, `addAllowTrustEffects`,
 * `addSetTrustLineFlagsEffects`, `addTrustLineFlagsEffect`, `addClawbackEffects`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { assetFields, lineAssetFields } from '../assets.js';
import { latest } from '../changes.js';
import { data } from '../entry.js';
import { accountId, amount, muxedParts } from '../format.js';
import { type EffectContext, keyOf } from './context.js';
import { assetAmount } from './fields.js';
import { poolRevokedEffects } from './pools.js';
import type { EffectType } from './types.js';

const AUTHORIZED = 0x1;
const AUTHORIZED_TO_MAINTAIN_LIABILITIES = 0x2;
const CLAWBACK_ENABLED = 0x4;

/**
 * One effect for the trust line of the operation's kind (a pool-share line also updates the
 * lines of its two assets), with the operation's limit.
 */
export function changeTrustEffects(ctx: EffectContext, op: xdr.ChangeTrustOp): void {
  for (const change of ctx.changes) {
    const line = data(latest(change), 'trustline')?.trustLine;
    if (!line || line.asset.type !== op.line.type) continue;
    const type: EffectType = !change.pre
      ? 'trustline_created'
      : !change.post
        ? 'trustline_removed'
        : 'trustline_updated';
    ctx.effects.add(ctx.source, type, { ...lineAssetFields(op.line), limit: amount(op.limit) });
    return;
  }
}

/**
 * `trustline_flags_updated` with the flags set (true) and cleared (false). Horizon records the
 * maintain-liabilities flag as `authorized_to_maintain_liabilites`, a key its resource does not
 * read (it reads `authorized_to_maintain_liabilites_flag`), so that flag never shows.
 */
function trustLineFlagsEffect(
  ctx: EffectContext,
  trustor: xdr.PublicKey,
  asset: xdr.Asset,
  setFlags: number,
  clearFlags: number,
): void {
  const flags: Record<string, boolean> = {};
  for (const [mask, value] of [
    [setFlags, true],
    [clearFlags, false],
  ] as const) {
    if (mask & AUTHORIZED) flags.authorized_flag = value;
    if (mask & CLAWBACK_ENABLED) flags.clawback_enabled_flag = value;
  }
  ctx.effects.add(ctx.source, 'trustline_flags_updated', {
    ...assetFields(asset),
    trustor: accountId(trustor),
    ...flags,
  });
}

function issuedBy(code: xdr.AssetCode, issuer: xdr.PublicKey): xdr.Asset {
  return code.type === 'assetTypeCreditAlphanum4'
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: code.assetCode4, issuer }))
    : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: code.assetCode12, issuer }));
}

/** The deprecated effect of the authorization, then its `trustline_flags_updated`. */
export function allowTrustEffects(ctx: EffectContext, op: xdr.AllowTrustOp): void {
  const asset = issuedBy(op.asset, keyOf(ctx.sourceAccount));
  const { asset_type, asset_code } = assetFields(asset);
  // The resource of the deprecated effects has no issuer field.
  const legacy = { trustor: accountId(op.trustor), asset_type, asset_code };
  if (op.authorize & AUTHORIZED) {
    ctx.effects.add(ctx.source, 'trustline_authorized', legacy);
    trustLineFlagsEffect(ctx, op.trustor, asset, AUTHORIZED, 0);
  } else if (op.authorize & AUTHORIZED_TO_MAINTAIN_LIABILITIES) {
    ctx.effects.add(ctx.source, 'trustline_authorized_to_maintain_liabilities', legacy);
    trustLineFlagsEffect(ctx, op.trustor, asset, AUTHORIZED_TO_MAINTAIN_LIABILITIES, 0);
  } else {
    ctx.effects.add(ctx.source, 'trustline_deauthorized', legacy);
    trustLineFlagsEffect(ctx, op.trustor, asset, 0, AUTHORIZED | AUTHORIZED_TO_MAINTAIN_LIABILITIES);
  }
  poolRevokedEffects(ctx);
}

export function setTrustLineFlagsEffects(ctx: EffectContext, op: xdr.SetTrustLineFlagsOp): void {
  trustLineFlagsEffect(ctx, op.trustor, op.asset, op.setFlags, op.clearFlags);
  poolRevokedEffects(ctx);
}

/** The issuer is credited even though the amount is burned. */
export function clawbackEffects(ctx: EffectContext, op: xdr.ClawbackOp): void {
  const moved = assetAmount(op.asset, op.amount);
  ctx.effects.add(ctx.source, 'account_credited', moved);
  ctx.effects.add(muxedParts(op.from), 'account_debited', moved);
}
