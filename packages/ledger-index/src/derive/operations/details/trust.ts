/** Trust line operations and an issuer's control of them (stellar-horizon `OperationDetails`). */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { assetFields, lineAssetFields } from '../../assets.js';
import { accountId, amount, muxedParts } from '../../format.js';
import { type DetailTable, detail, muxedFields } from '../context.js';
import { flagFields, TRUST_LINE_FLAGS } from './flags.js';

const AUTHORIZED = 1;
const AUTHORIZED_TO_MAINTAIN_LIABILITIES = 2;

/** The asset an allow_trust names: its code, issued by the operation's source. */
function allowedAsset(code: xdr.AssetCode, issuer: xdr.PublicKey): xdr.Asset {
  return code.type === 'assetTypeCreditAlphanum4'
    ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: code.assetCode4.toBytes(), issuer }))
    : xdr.Asset.assetTypeCreditAlphanum12(
        new xdr.AlphaNum12({ assetCode: code.assetCode12.toBytes(), issuer }),
      );
}

export const TRUST_DETAILS: DetailTable = {
  changeTrust: (ctx, op) => {
    const asset = lineAssetFields(op.line);
    const trustee = 'asset_issuer' in asset && asset.asset_issuer ? { trustee: asset.asset_issuer } : {};
    return detail('change_trust', {
      ...asset,
      ...trustee,
      ...muxedFields('trustor', ctx.source),
      limit: amount(op.limit),
    });
  },

  allowTrust: (ctx, op) => {
    const trustor = accountId(op.trustor);
    const issuer = xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(ctx.source.account));
    const authorize = (op.authorize & AUTHORIZED) !== 0;
    return detail(
      'allow_trust',
      {
        ...assetFields(allowedAsset(op.asset, issuer)),
        ...muxedFields('trustee', ctx.source),
        trustor,
        authorize,
        // stellar-horizon's resource adapter: full authorization implies this one.
        authorize_to_maintain_liabilities:
          authorize || (op.authorize & AUTHORIZED_TO_MAINTAIN_LIABILITIES) !== 0,
      },
      { accounts: [trustor] },
    );
  },

  setTrustLineFlags: (_ctx, op) => {
    const trustor = accountId(op.trustor);
    return detail(
      'set_trust_line_flags',
      {
        trustor,
        ...assetFields(op.asset),
        ...flagFields('set', op.setFlags, TRUST_LINE_FLAGS),
        ...flagFields('clear', op.clearFlags, TRUST_LINE_FLAGS),
      },
      { accounts: [trustor] },
    );
  },

  clawback: (_ctx, op) => {
    const from = muxedParts(op.from);
    return detail(
      'clawback',
      { ...assetFields(op.asset), ...muxedFields('from', from), amount: amount(op.amount) },
      { accounts: [from.account] },
    );
  },
};
