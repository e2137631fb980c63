/**
 * Drive scripts for soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0. Every test
 * starts from `StellarAssetContractTest::setup`: a recording host, its ledger set (sequence 123,
 * timestamp 123456, network id [5; 32], base reserve 5_000_000) and five signing keys drawn from
 * the test PRNG (issuer, user, user 2, 3, 4: `test-prng.ts` gives their public keys).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { INVALID_ASSET_CODES } from '../../support/invalid-asset-codes.js';
import type { ScriptSetup } from '../script-types.js';
import { testSigningKeys } from '../test-prng.js';
import { RECORDING, repeatByte, type Sequence, scriptsOf, sequence, slice } from './build.js';

const SETUP: ScriptSetup = {
  ...RECORDING,
  ledger: { sequenceNumber: 123, timestamp: 123456n, networkId: repeatByte(5, 32), baseReserve: 5_000_000 },
  signingKeys: 5,
};
const [ISSUER] = testSigningKeys(5).map((k) => k.publicHex) as [string, ...string[]];

const accountId = (hex: string) => xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(hex, 'hex'));

/** `create_asset` of the test: a 4-byte code is an AlphaNum4 asset, a 12-byte one AlphaNum12. */
function assetXdrHex(issuerHex: string, code: Buffer): string {
  const issuer = accountId(issuerHex);
  const asset =
    code.length === 4
      ? xdr.Asset.assetTypeCreditAlphanum4(new xdr.AlphaNum4({ assetCode: code, issuer }))
      : xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: code, issuer }));
  return asset.toXDR('hex');
}

/** `TestStellarAssetContract::new_from_asset`: the asset's XDR as bytes, then `create_asset_contract`. */
function newFromAsset(s: Sequence, assetHex: string) {
  return s.call('create_asset_contract', s.call('bytes_new_from_slice', slice(assetHex)));
}

export default scriptsOf('stellar_asset_contract', {
  test_do_not_init_contract_for_invalid_asset: {
    setup: SETUP,
    steps: sequence((s) => {
      for (const code of INVALID_ASSET_CODES)
        newFromAsset(s, assetXdrHex(ISSUER, Buffer.from(code, 'latin1')));
    }),
  },
});
