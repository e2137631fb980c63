/**
 * Deploying Stellar Asset Contracts (stellar_asset_contract.rs): `test_stellar_asset_contract_smart_roundtrip`,
 * `test_asset4_init`, `test_asset12_init`, the trailing-zero variants,
 * `test_do_not_init_contract_for_invalid_asset` and `test_account_balance`; the function table's
 * own errors; and a SAC created and called through simulate and apply as a transaction would.
 */
import { hash, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { InMemorySnapshot } from '../../../src/storage/index.js';
import { INVALID_ASSET_CODES } from '../../support/invalid-asset-codes.js';
import { answer, createAssetContract, invokeContract, LEDGER, transact } from './entry-points.js';
import {
  addr,
  asset,
  bool,
  defaultHolders,
  defaultSac,
  i128,
  keypair,
  putAccount,
  putTrustline,
  Sac,
  sacEnv,
  TrustLineFlags,
} from './support.js';

const code = (text: string) => Buffer.from(text, 'latin1');

describe('SAC deployment', () => {
  it('test_stellar_asset_contract_smart_roundtrip: the native asset has no admin', () => {
    const env = sacEnv();
    const user = keypair(2);
    putAccount(env, user, { balance: 100_000_000n });
    const sac = Sac.deploy(env, xdr.Asset.assetTypeNative());
    expect([sac.call('symbol'), sac.call('decimals'), sac.call('name')]).toEqual(['native', 7, 'native']);
    expect(sac.error('set_admin', addr(user)).short).toBe('Error(Storage, MissingValue)');
    expect(sac.error('admin').short).toBe('Error(Storage, MissingValue)');
    // test_account_balance: the native balance is the account's.
    expect(sac.balance(user)).toBe(100_000_000n);
  });

  const given: [string, string][] = [
    ['test_asset4_init', 'zA9Z'],
    ['test_asset12_init', '123def456XYZ'],
    ['test_asset4_trailing_zero_init', 'Az\0\0'],
    ['test_asset12_trailing_zero_init', '789Az\0\0\0\0\0\0\0'],
  ];
  for (const [name, assetCode] of given)
    it(`${name}: symbol, name, decimals and the trustline balance`, () => {
      const env = sacEnv();
      const issuer = keypair(1);
      const user = keypair(2);
      const value = asset(code(assetCode), issuer);
      const sac = Sac.deploy(env, value);
      const trimmed = assetCode.replace(/\0+$/, '');
      expect(sac.call('symbol')).toBe(trimmed);
      expect(sac.call('decimals')).toBe(7);
      expect(sac.call('name')).toBe(`${trimmed}:${issuer.publicKey()}`);
      putAccount(env, user, { balance: 10_000_000n });
      putTrustline(env, user, value, {
        balance: 10_000_000n,
        limit: 100_000_000n,
        flags: TrustLineFlags.authorized,
      });
      expect(sac.balance(user)).toBe(10_000_000n);
      // The admin is the issuer, the id the asset's.
      expect(sac.call('admin')).toBe(issuer.publicKey());
    });

  it('test_do_not_init_contract_for_invalid_asset: a bad asset code is Error(Value, InvalidInput)', () => {
    const env = sacEnv();
    const issuer = keypair(1);
    for (const assetCode of INVALID_ASSET_CODES) {
      let error: unknown;
      try {
        env.registerStellarAsset(asset(code(assetCode), issuer));
      } catch (caught) {
        error = caught;
      }
      expect((error as Error).message, JSON.stringify(assetCode)).toMatch(/^Error\(Value, InvalidInput\)/);
    }
  });

  it('the same asset twice is Error(Storage, ExistingValue); init_asset again AlreadyInitializedError', () => {
    const env = sacEnv();
    const { sac, asset: value } = defaultSac(env);
    expect(() => env.registerStellarAsset(value)).toThrow(/^Error\(Storage, ExistingValue\)/);
    const bytes = xdr.ScVal.scvBytes(value.toXdr());
    expect(sac.contractError('init_asset', bytes)).toBe('AlreadyInitializedError');
  });

  it('the function table: unknown names, argument counts and types as the contractimpl glue checks them', () => {
    const env = sacEnv();
    const { sac, asset: value } = defaultSac(env);
    const user = keypair(2);
    defaultHolders(env, value, [user]);
    expect(sac.error('no_such_fn').short).toBe('Error(Value, InvalidInput)');
    expect(sac.error('balance').short).toBe('Error(Context, UnexpectedSize)');
    expect(sac.error('balance', addr(user), addr(user)).short).toBe('Error(Context, UnexpectedSize)');
    expect(sac.error('balance', i128(1n)).short).toBe('Error(Value, UnexpectedType)');
    expect(sac.error('mint', addr(user), xdr.ScVal.scvI64(1n)).short).toBe('Error(Value, UnexpectedType)');
    expect(sac.error('set_authorized', addr(user), xdr.ScVal.scvU32(1)).short).toBe(
      'Error(Value, UnexpectedType)',
    );
    expect(sac.call('set_authorized', addr(user), bool(true))).toBeNull();
  });

  it('the instance holds the asset info, metadata and admin as the Rust init writes them', () => {
    const env = sacEnv();
    const { sac, issuer } = defaultSac(env);
    const id = StrKey.decodeContract(sac.id);
    const key = xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract: xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(id)),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
      }),
    );
    const data = env.snapshot.get(key)?.entry.data;
    if (data?.type !== 'contractData' || data.contractData.val.type !== 'scvContractInstance')
      throw new Error('no instance');
    const { instance } = data.contractData.val;
    expect(instance.executable.type).toBe('contractExecutableStellarAsset');
    const issuerAddress = xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(issuer.xdrAccountId()));
    const sym = (s: string) => xdr.ScVal.scvSymbol(s);
    const str = (s: string) => xdr.ScVal.scvString(s);
    const entry = (k: xdr.ScVal, v: xdr.ScVal) => new xdr.ScMapEntry({ key: k, val: v });
    const expected = xdr.ScVal.scvMap([
      entry(
        sym('METADATA'),
        xdr.ScVal.scvMap([
          entry(sym('decimal'), xdr.ScVal.scvU32(7)),
          entry(sym('name'), str(`aaaa:${issuer.publicKey()}`)),
          entry(sym('symbol'), str('aaaa')),
        ]),
      ),
      entry(xdr.ScVal.scvVec([sym('Admin')]), issuerAddress),
      entry(
        xdr.ScVal.scvVec([sym('AssetInfo')]),
        xdr.ScVal.scvVec([
          sym('AlphaNum4'),
          xdr.ScVal.scvMap([
            entry(sym('asset_code'), str('aaaa')),
            entry(sym('issuer'), xdr.ScVal.scvBytes(issuer.rawPublicKey())),
          ]),
        ]),
      ),
    ]);
    expect(xdr.ScVal.scvMap(instance.storage ?? []).toXdr('base64')).toBe(expected.toXdr('base64'));
  });
});

describe('SAC through the entry points', () => {
  it('creates the native SAC from its asset preimage, then transfers lumens between accounts', () => {
    const env = sacEnv();
    const snapshot = env.snapshot as InMemorySnapshot;
    const [source, other] = [keypair(9), keypair(10)];
    putAccount(env, source, { balance: 1_000_000_000n });
    putAccount(env, other, { balance: 100_000_000n });
    const native = xdr.Asset.assetTypeNative();
    const created = answer(transact(snapshot, source, createAssetContract(native)));
    if (created.type !== 'scvAddress') throw new Error('no address');
    const expectedId = hash(
      xdr.HashIdPreimage.envelopeTypeContractId(
        new xdr.HashIdPreimageContractId({
          networkId: Buffer.from(LEDGER.networkId),
          contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAsset(native),
        }),
      ).toXdr(),
    );
    const createdId =
      created.address.type === 'scAddressTypeContract' ? created.address.contractId.value : [];
    expect(Buffer.from(createdId).toString('hex')).toBe(Buffer.from(expectedId).toString('hex'));
    answer(
      transact(
        snapshot,
        source,
        invokeContract(created.address, 'transfer', [addr(source), addr(other), i128(25_000_000n)]),
      ),
    );
    const read = (who: ReturnType<typeof keypair>) => {
      const value = answer(
        transact(snapshot, source, invokeContract(created.address, 'balance', [addr(who)])),
      );
      return value.type === 'scvI128' ? BigInt(value.i128.lo) : undefined;
    };
    expect([read(source), read(other)]).toEqual([975_000_000n, 125_000_000n]);
  });
});
