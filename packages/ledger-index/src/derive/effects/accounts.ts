/**
 * Effects on accounts themselves: creation, merge, inflation payouts, sequence bumps and the
 * account fields `set_options` changes (stellar-horizon `effects_processor.go`:
 * `addAccountCreatedEffects`, `addAccountMergeEffects`, `addInflationEffects`,
 * `addBumpSequenceEffects`, `addSetOptionsEffects`).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { data } from '../entry.js';
import { accountId, amount, muxedParts } from '../format.js';
import { type EffectContext, plain, resultOf } from './context.js';
import { signerEffects, signerFields } from './signers.js';

/** Horizon's `keypair.DefaultSignerWeight`: the weight of a new account's master key. */
const DEFAULT_SIGNER_WEIGHT = 1;

function lumens(stroops: bigint): Record<string, string> {
  return { asset_type: 'native', amount: amount(stroops) };
}

/** `account_created` and the master key's `signer_created` of a new account. */
export function accountCreatedEffects(ctx: EffectContext, key: xdr.PublicKey, balance: bigint): void {
  ctx.effects.add(plain(key), 'account_created', { starting_balance: amount(balance) });
  ctx.effects.add(plain(key), 'signer_created', signerFields(accountId(key), DEFAULT_SIGNER_WEIGHT));
}

export function createAccountEffects(ctx: EffectContext, op: xdr.CreateAccountOp): void {
  const { effects } = ctx;
  effects.add(plain(op.destination), 'account_created', { starting_balance: amount(op.startingBalance) });
  effects.add(ctx.source, 'account_debited', lumens(op.startingBalance));
  effects.add(
    plain(op.destination),
    'signer_created',
    signerFields(accountId(op.destination), DEFAULT_SIGNER_WEIGHT),
  );
}

export function accountMergeEffects(ctx: EffectContext, destination: xdr.MuxedAccount): void {
  const result = resultOf(ctx, 'accountMerge').accountMergeResult;
  if (result.type !== 'accountMergeSuccess') throw new Error('account merge without a success result');
  const moved = lumens(result.sourceAccountBalance);
  ctx.effects.add(ctx.source, 'account_debited', moved);
  ctx.effects.add(muxedParts(destination), 'account_credited', moved);
  ctx.effects.add(ctx.source, 'account_removed');
}

export function inflationEffects(ctx: EffectContext): void {
  const result = resultOf(ctx, 'inflation').inflationResult;
  if (result.type !== 'inflationSuccess') return;
  for (const payout of result.payouts)
    ctx.effects.add(plain(payout.destination), 'account_credited', lumens(payout.amount));
}

/** Horizon looks at the first account change only, and only reports an actual change. */
export function bumpSequenceEffects(ctx: EffectContext): void {
  const change = ctx.changes.find((c) => c.kind === 'account');
  const pre = data(change?.pre, 'account')?.account;
  const post = data(change?.post, 'account')?.account;
  if (pre && post && pre.seqNum !== post.seqNum)
    ctx.effects.add(ctx.source, 'sequence_bumped', { new_seq: post.seqNum.toString() });
}

const AUTH_REQUIRED = 0x1;
const AUTH_FLAGS = 0x1 | 0x2 | 0x4 | 0x8;

/**
 * `account_flags_updated`: Horizon records each of the four flags set or cleared, but its
 * resource only reads `auth_required_flag` back (it stores `auth_revocable_flag` while the
 * resource reads `auth_revokable_flag`, and has no field for the other two), so the record
 * carries `auth_required_flag` alone, or no flag at all.
 */
function flagFields(setFlags: number | null, clearFlags: number | null): Record<string, boolean> | undefined {
  if (((setFlags ?? 0) | (clearFlags ?? 0)) & AUTH_FLAGS) {
    if ((clearFlags ?? 0) & AUTH_REQUIRED) return { auth_required_flag: false };
    if ((setFlags ?? 0) & AUTH_REQUIRED) return { auth_required_flag: true };
    return {};
  }
  return undefined;
}

export function setOptionsEffects(ctx: EffectContext, op: xdr.SetOptionsOp): void {
  const { effects, source } = ctx;
  if (op.homeDomain !== null)
    effects.add(source, 'account_home_domain_updated', { home_domain: op.homeDomain.toString() });
  const thresholds = [op.lowThreshold, op.medThreshold, op.highThreshold];
  // The resource always writes all three; those the operation left alone read 0.
  if (thresholds.some((t) => t !== null)) {
    effects.add(source, 'account_thresholds_updated', {
      low_threshold: op.lowThreshold ?? 0,
      med_threshold: op.medThreshold ?? 0,
      high_threshold: op.highThreshold ?? 0,
    });
  }
  const flags = flagFields(op.setFlags, op.clearFlags);
  if (flags) effects.add(source, 'account_flags_updated', flags);
  // Horizon records the new destination, but its resource has no field for it.
  if (op.inflationDest !== null) effects.add(source, 'account_inflation_destination_updated');
  signerEffects(ctx);
}
