/**
 * Signer effects of `set_options`: the signers of each changed account before and after
 * (stellar/go `AccountEntry.SignerSummary`: the master key while its weight is above 0, then
 * each signer), compared as stellar-horizon `addSetOptionsEffects` compares them.
 */
import { SignerKey, type xdr } from '@stellar/stellar-sdk/base';
import { data } from '../entry.js';
import { accountId } from '../format.js';
import type { EffectContext } from './context.js';

/**
 * The fields of `signer_created/updated/removed`. `key` is always empty: Horizon's resource
 * fills it from `public_key` in a `Rehydrate` method its value records never reach.
 */
export function signerFields(publicKey: string, weight: number): Record<string, unknown> {
  return { weight, public_key: publicKey, key: '' };
}

export function signerSummary(account: xdr.AccountEntry): Map<string, number> {
  const summary = new Map<string, number>();
  const masterWeight = account.thresholds.value[0] ?? 0;
  if (masterWeight > 0) summary.set(accountId(account.accountId), masterWeight);
  for (const signer of account.signers) summary.set(SignerKey.encodeSignerKey(signer.key), signer.weight);
  return summary;
}

/** Go's `sort.Strings`: byte order (strkeys are ASCII, where code-unit order is the same). */
export function sortedKeys<V>(map: ReadonlyMap<string, V>): string[] {
  return [...map.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function sameSummary(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([key, weight]) => b.get(key) === weight);
}

export function signerEffects(ctx: EffectContext): void {
  for (const change of ctx.changes) {
    const pre = data(change.pre, 'account')?.account;
    const post = data(change.post, 'account')?.account;
    if (!pre || !post) continue;
    const before = signerSummary(pre);
    const after = signerSummary(post);
    if (sameSummary(before, after)) continue;
    // Removed and reweighted signers first, then new ones, each in key order; all are the source's.
    for (const key of sortedKeys(before)) {
      const weight = after.get(key);
      if (weight === undefined) ctx.effects.add(ctx.source, 'signer_removed', signerFields(key, 0));
      else if (weight !== before.get(key))
        ctx.effects.add(ctx.source, 'signer_updated', signerFields(key, weight));
    }
    for (const key of sortedKeys(after)) {
      if (!before.has(key))
        ctx.effects.add(ctx.source, 'signer_created', signerFields(key, after.get(key) ?? 0));
    }
  }
}
