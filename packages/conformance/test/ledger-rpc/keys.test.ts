// The ledger key the getLedgerEntries checks ask for: an account no network has.
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { expectUnionVariant } from '@stellar/stellar-sdk/xdr';
import { describe, expect, it } from 'vitest';
import { randomAccountKey } from '../../src/stellar/accounts.js';

describe('randomAccountKey', () => {
  it('is the XDR of an ACCOUNT LedgerKey with a valid ed25519 account id', () => {
    const key = xdr.LedgerKey.fromXdr(randomAccountKey(), 'base64');
    const { accountId } = expectUnionVariant(key, 'account').account;
    const ed25519 = expectUnionVariant(accountId, 'publicKeyTypeEd25519').ed25519;
    expect(StrKey.isValidEd25519PublicKey(StrKey.encodeEd25519PublicKey(ed25519.value))).toBe(true);
  });

  it('names a fresh account each time', () => {
    expect(randomAccountKey()).not.toBe(randomAccountKey());
  });
});
