// A Soroban footprint key is checked at submission and again at apply, and read with its TTL
// entry: its XDR is encoded once per key object, and its TTL key made once per key.
import { hash, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it, vi } from 'vitest';
import { keyBytes, keyId } from '../../src/core/keys.js';
import { ttlKeyOf } from '../../src/soroban/resources.js';

function dataKey(seed: number): xdr.LedgerKey {
  return xdr.LedgerKey.contractData(
    new xdr.LedgerKeyContractData({
      contract: xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(new Uint8Array(32).fill(seed))),
      key: xdr.ScVal.scvSymbol('COUNT'),
      durability: xdr.ContractDataDurability.persistent,
    }),
  );
}

describe('ledger key encodings', () => {
  it('encodes a key object once, whatever asks for its id or bytes', () => {
    const key = dataKey(1);
    const want = Buffer.from(dataKey(1).toXdr());
    const encode = vi.spyOn(key, 'toXdr');
    expect(keyId(key)).toBe(want.toString('base64'));
    expect(keyId(key)).toBe(want.toString('base64'));
    expect(keyBytes(key).equals(want)).toBe(true);
    expect(encode).toHaveBeenCalledTimes(1);
  });

  it('makes the TTL key of a key once, for every object of that key', () => {
    const first = ttlKeyOf(dataKey(2));
    const again = dataKey(2);
    const encode = vi.spyOn(again, 'toXdr');
    expect(ttlKeyOf(again)).toBe(first);
    expect(encode).toHaveBeenCalledTimes(1);
    const want = xdr.LedgerKey.ttl(new xdr.LedgerKeyTtl({ keyHash: hash(Buffer.from(dataKey(2).toXdr())) }));
    expect(Buffer.from(first.toXdr()).equals(Buffer.from(want.toXdr()))).toBe(true);
    expect(ttlKeyOf(dataKey(3))).not.toBe(first);
  });
});
