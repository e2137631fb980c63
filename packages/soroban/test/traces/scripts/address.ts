/** Drive scripts for soroban-env-host/src/test/address.rs at v23.0.0. */

import type { Literal } from '../script-types.js';
import {
  account,
  bytes,
  claimableBalance,
  contract,
  hexOf,
  liquidityPool,
  muxed,
  repeatByte,
  scriptsOf,
  sequence,
  str,
} from './build.js';

const KEY = '3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a';

/** address → strkey (read back), strkey string → address, strkey bytes → address, each compared. */
function conversions(address: Literal, strkey: string) {
  return sequence((s) => {
    const addr = s.object(address);
    const key = s.call('address_to_strkey', addr);
    s.read(key, 'string');
    s.call('obj_cmp', addr, s.call('strkey_to_address', key));
    s.call('obj_cmp', addr, s.call('strkey_to_address', s.object(bytes(hexOf(strkey)))));
  });
}

/** Strkeys that are not an account or contract address (too short, bad length, other kinds). */
const INVALID_STRKEYS = [
  '',
  'GAAAAAAAACGC6',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSG',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZZ',
  'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZA',
  'DA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA',
  'MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAAAAAAAACJUQ',
  'SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR',
  'TBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHXL7',
  'XBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWGTOG',
  'PA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUAAAAAQACAQDAQCQMBYIBEFAWDANBYHRAEISCMKBKFQXDAMRUGY4DUPB6IBZGM',
  'LA3D5KRYM6CB7OWQ6TWYRR3Z4T7GNZLKERYNZGGA5SOAOPIFY6YQGZ5J',
  'BAADMPVKHBTYIH522D2O3CGHPHSP4ZXFNISHBXEYYDWJYBZ5AXD3CA3GDE',
];

export default scriptsOf('address', {
  test_account_address_conversions: conversions(
    account(KEY),
    'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ',
  ),
  test_contract_address_conversions: conversions(
    contract(KEY),
    'CA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA',
  ),
  invalid_strkey_to_address_conversion: sequence((s) => {
    for (const strkey of INVALID_STRKEYS) s.call('strkey_to_address', s.object(str(strkey)));
  }),
  // add_host_object charges the object, then refuses an address variant its object type cannot hold.
  test_invalid_muxed_address_object_conversions: sequence((s) => {
    s.refusedObject(account(repeatByte(0, 32)), 'MuxedAddress');
    s.refusedObject(contract(repeatByte(100, 32)), 'MuxedAddress');
    s.refusedObject(liquidityPool(repeatByte(66, 32)), 'MuxedAddress');
    s.refusedObject(claimableBalance(repeatByte(5, 32)), 'MuxedAddress');
  }),
  test_invalid_address_object_conversions: sequence((s) => {
    s.refusedObject(muxed(repeatByte(10, 32), 123n), 'Address');
    s.refusedObject(liquidityPool(repeatByte(66, 32)), 'Address');
    s.refusedObject(claimableBalance(repeatByte(5, 32)), 'Address');
  }),
  test_muxed_address_to_components_conversion: sequence((s) => {
    const m = s.object(muxed(repeatByte(10, 32), 123n));
    const address = s.call('get_address_from_muxed_address', m);
    const id = s.call('get_id_from_muxed_address', m);
    s.toScVal(address);
    s.toScVal(id);
  }),
});
