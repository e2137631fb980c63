/**
 * A key's kind as the host's storage errors name it (storage.rs `get_key_type_string_for_error`,
 * used by `decorate_storage_error` for the message of a missing entry or a footprint miss).
 */
import type { xdr } from '@stellar/stellar-sdk/base';

export function keyKind(key: xdr.LedgerKey): string {
  switch (key.type) {
    case 'contractData': {
      const value = key.contractData.key;
      if (value.type === 'scvLedgerKeyContractInstance') return 'contract instance';
      return value.type === 'scvLedgerKeyNonce' ? 'nonce' : 'contract data key';
    }
    case 'contractCode':
      return 'contract code';
    case 'account':
      return 'account';
    case 'trustline':
      return 'account trustline';
    default:
      return 'ledger key';
  }
}
