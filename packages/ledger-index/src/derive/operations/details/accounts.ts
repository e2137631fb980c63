/**
 * Operations on the source account's own settings and data (stellar-horizon `OperationDetails`
 * and the `omitempty` fields of go-stellar-sdk `protocols/horizon/operations`).
 */
import { SignerKey } from '@stellar/stellar-sdk/base';
import { accountId, base64 } from '../../format.js';
import { type DetailTable, detail, type FieldsOf } from '../context.js';
import { ACCOUNT_FLAGS, flagFields } from './flags.js';

/** The fields of a set_options that are set (a null field is left unchanged and unmentioned). */
function present<K extends string, V>(name: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [name]: value }) as { [P in K]?: V };
}

export const ACCOUNT_DETAILS: DetailTable = {
  setOptions: (_ctx, op) => {
    // An empty home domain clears it; Horizon's `omitempty` leaves it out of the record.
    const homeDomain = op.homeDomain?.toString() || null;
    const fields = {
      ...present('inflation_dest', op.inflationDest && accountId(op.inflationDest)),
      ...flagFields('set', op.setFlags, ACCOUNT_FLAGS),
      ...flagFields('clear', op.clearFlags, ACCOUNT_FLAGS),
      ...present('master_key_weight', op.masterWeight),
      ...present('low_threshold', op.lowThreshold),
      ...present('med_threshold', op.medThreshold),
      ...present('high_threshold', op.highThreshold),
      ...present('home_domain', homeDomain),
      ...(op.signer
        ? { signer_key: SignerKey.encodeSignerKey(op.signer.key), signer_weight: op.signer.weight }
        : {}),
    };
    return detail('set_options', fields as FieldsOf<'set_options'>);
  },

  manageData: (_ctx, op) =>
    detail('manage_data', {
      name: op.dataName.toString(),
      // A removed entry's value is null in Horizon's details, and `""` once rendered.
      value: op.dataValue ? base64(op.dataValue.value) : '',
    }),

  bumpSequence: (_ctx, op) => detail('bump_sequence', { bump_to: op.bumpTo.toString() }),

  inflation: () => detail('inflation', {}),

  extendFootprintTtl: (_ctx, op) => detail('extend_footprint_ttl', { extend_to: op.extendTo }),

  restoreFootprint: () => detail('restore_footprint', {}),
};
