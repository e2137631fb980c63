/**
 * Deploying a Stellar Asset Contract (`lifecycle.rs` `maybe_initialize_stellar_asset_contract`):
 * once its instance is stored, the host calls the new contract's `init_asset` with the asset's
 * XDR, as an external call.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Host } from '../../host/host.js';
import { traced } from '../../host/native-slices.js';
import { meteredEncode } from '../../storage/index.js';

export const assetContractIdPreimage = (asset: xdr.Asset): xdr.ContractIdPreimage =>
  xdr.ContractIdPreimage.contractIdPreimageFromAsset(asset);

/** Initializes the contract just created from `preimage` when it is an asset's. */
export function initializeAssetContract(
  host: Host,
  contractId: Uint8Array,
  preimage: xdr.ContractIdPreimage,
): void {
  if (preimage.type !== 'contractIdPreimageFromAsset') return;
  const bytes = meteredEncode(preimage.fromAsset, host.budget);
  // `Symbol::try_from_val(self, &"init_asset")`: too long for a small symbol, so the host's own
  // traced `symbol_new_from_slice`, before the asset's bytes become an object.
  const name = traced.symbol(host.context(), 'init_asset');
  const assetBytes = host.objects.add({ kind: 'Bytes', value: Uint8Array.from(bytes) });
  host.callContract(contractId, name, [assetBytes]);
}
