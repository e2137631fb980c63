/**
 * Asset codes the Stellar Asset Contract refuses to be created for, as latin1 text (one char a
 * byte): the list of the Rust host's test_do_not_init_contract_for_invalid_asset
 * (soroban-env-host/src/test/stellar_asset_contract.rs).
 */
export const INVALID_ASSET_CODES = [
  '\0\0\0\0',
  '\0'.repeat(12),
  '\0ABC',
  '\0Abc12\0\0\0\0\0\0',
  'A\0BC',
  'Abc\x0012\0\0\0\0\0\0',
  '$ABC',
  'A_BC',
  'A\x11\0\0',
  'Abc12!\0\0\0\0\0\0',
  'Abc1 2\0\0\0\0\0\0',
  'Abc1\xff\0\0\0\0\0\0\0',
  'Abc1\0\0\0\0\0\0\0\0',
];
