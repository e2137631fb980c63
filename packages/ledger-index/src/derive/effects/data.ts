/** Data entry effects (stellar-horizon `effects_processor.go` `addManageDataEffects`). */
import type { xdr } from '@stellar/stellar-sdk/base';
import { data } from '../entry.js';
import { base64 } from '../format.js';
import type { EffectContext } from './context.js';

/**
 * One effect from the first data entry change. (Horizon would write an effect of type 0 when
 * there is none; stellar-core always changes the entry of a successful `manage_data`.)
 */
export function manageDataEffects(ctx: EffectContext, op: xdr.ManageDataOp): void {
  const change = ctx.changes.find((c) => c.kind === 'data');
  if (!change) return;
  const name = op.dataName.toString();
  const after = data(change.post, 'data')?.data;
  if (!after) ctx.effects.add(ctx.source, 'data_removed', { name });
  else
    ctx.effects.add(ctx.source, change.pre ? 'data_updated' : 'data_created', {
      name,
      value: base64(after.dataValue.value),
    });
}
