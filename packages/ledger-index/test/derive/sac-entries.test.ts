/**
 * Which contract data entries are the Stellar Asset Contract's instance and contract-held
 * balances, as stellar/go's `ingest/sac/contract_data.go` (AssetFromContractData,
 * ContractBalanceFromContractData) tells them apart.
 */
import { Asset, hash, Keypair, Networks, StrKey, xdr } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import {
  contractBalanceAmount,
  contractDataKeyHash,
  isSacKey,
  sacInstanceAsset,
} from '../../src/derive/state/sac-entries.js';
import {
  assetInfo,
  balanceValue,
  i128,
  keyDataOf,
  keyOf,
  sacBalance,
  sacInstance,
} from '../support/sac-entries.js';

const PASSPHRASE = Networks.TESTNET;
const issuer = Keypair.random().publicKey();
const usd = new Asset('USD', issuer);
const long = new Asset('LONGERCODE12', issuer);
const usdSac = usd.contractId(PASSPHRASE);
const xlmSac = Asset.native().contractId(PASSPHRASE);
const holder = StrKey.encodeContract(Buffer.alloc(32, 9));

describe('sacInstanceAsset', () => {
  it.each([
    { case: 'an alphanum4 SAC', entry: () => sacInstance(assetInfo(usd), usdSac), want: `USD:${issuer}` },
    {
      case: 'an alphanum12 SAC',
      entry: () => sacInstance(assetInfo(long), long.contractId(PASSPHRASE)),
      want: `LONGERCODE12:${issuer}`,
    },
    {
      case: 'a code without its zero padding',
      entry: () => sacInstance(assetInfo(usd, { padded: false }), usdSac),
      want: `USD:${issuer}`,
    },
    { case: 'a forged instance (another contract id)', entry: () => sacInstance(assetInfo(usd), holder) },
    {
      case: 'the SAC of another network',
      entry: () => sacInstance(assetInfo(usd), usd.contractId(Networks.PUBLIC)),
    },
    {
      case: 'the lumens SAC ([Native])',
      entry: () => sacInstance(xdr.ScVal.scvVec([xdr.ScVal.scvSymbol('Native')]), xlmSac),
    },
    {
      case: 'a temporary instance',
      entry: () => sacInstance(assetInfo(usd), usdSac, { durability: 'temporary' }),
    },
    {
      case: 'an asset info kind other than AlphaNum4/12',
      entry: () => sacInstance(assetInfo(usd, { kind: 'Other' }), usdSac),
    },
    {
      case: 'a balance entry',
      entry: () => sacBalance(usdSac, holder, balanceValue(i128(5n))),
    },
  ])('$case → $want', ({ entry, want }) => {
    expect(sacInstanceAsset(entry(), PASSPHRASE)).toBe(want);
  });
});

describe('contractBalanceAmount', () => {
  const big = (1n << 64n) + 3n;
  it.each([
    {
      case: 'a contract-held balance',
      entry: () => sacBalance(usdSac, holder, balanceValue(i128(70n))),
      want: 70n,
    },
    { case: 'past 64 bits', entry: () => sacBalance(usdSac, holder, balanceValue(i128(big))), want: big },
    { case: 'zero', entry: () => sacBalance(usdSac, holder, balanceValue(i128(0n))), want: 0n },
    { case: 'a G-address holder', entry: () => sacBalance(usdSac, issuer, balanceValue(i128(70n))) },
    { case: 'in the lumens SAC', entry: () => sacBalance(xlmSac, holder, balanceValue(i128(70n))) },
    { case: 'negative', entry: () => sacBalance(usdSac, holder, balanceValue(i128(-1n))) },
    {
      case: 'temporary',
      entry: () => sacBalance(usdSac, holder, balanceValue(i128(70n)), { durability: 'temporary' }),
    },
    {
      case: 'fields out of order',
      entry: () => sacBalance(usdSac, holder, balanceValue(i128(70n), ['authorized', 'amount', 'clawback'])),
    },
    { case: 'a bare i128 (a token of its own)', entry: () => sacBalance(usdSac, holder, i128(70n)) },
    { case: 'a u64 amount', entry: () => sacBalance(usdSac, holder, balanceValue(xdr.ScVal.scvU64(70n))) },
    { case: 'the instance', entry: () => sacInstance(assetInfo(usd), usdSac) },
  ])('$case → $want', ({ entry, want }) => {
    expect(contractBalanceAmount(entry(), PASSPHRASE)).toBe(want);
  });
});

describe('keys', () => {
  it('the key hash is the sha256 of the LedgerKey, as a TTL entry names it', () => {
    const entry = sacBalance(usdSac, holder, balanceValue(i128(1n)));
    expect(contractDataKeyHash(entry)).toBe(Buffer.from(hash(keyOf(entry).toXdr())).toString('hex'));
    expect(contractDataKeyHash(keyDataOf(entry))).toBe(contractDataKeyHash(entry));
  });

  it.each([
    { case: 'an instance key', entry: () => sacInstance(assetInfo(usd), usdSac), want: true },
    { case: 'a contract balance key', entry: () => sacBalance(usdSac, holder, i128(1n)), want: true },
    { case: 'an account balance key', entry: () => sacBalance(usdSac, issuer, i128(1n)), want: false },
    { case: 'the lumens SAC instance', entry: () => sacInstance(assetInfo(usd), xlmSac), want: false },
  ])('a removed $case may be a SAC row: $want', ({ entry, want }) => {
    expect(isSacKey(keyDataOf(entry()), PASSPHRASE)).toBe(want);
  });
});
