/**
 * Classic ledger entries a unit test puts into its ledger before a contract reads them: the
 * accounts and trustlines behind G-address balances of the Stellar Asset Contract (an issuer's
 * flags, a holder's balance, limit, authorization and liabilities).
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';

/** What a new trustline may do unless told otherwise: hold and move its balance, and be clawed back. */
const DEFAULT_TRUSTLINE_FLAGS =
  xdr.TrustLineFlags.fromName('authorizedFlag').value |
  xdr.TrustLineFlags.fromName('trustlineClawbackEnabledFlag').value;

const I64_MAX = (1n << 63n) - 1n;

export interface AccountOptions {
  /** In stroops (default 0). */
  balance?: bigint;
  numSubEntries?: number;
  /** `xdr.AccountFlags` bits: the SDK's `AuthRequiredFlag`, `AuthRevocableFlag`, `AuthClawbackEnabledFlag`. */
  flags?: number;
  /** [buying, selling] */
  liabilities?: [bigint, bigint];
  /** [numSponsored, numSponsoring] */
  sponsorships?: [number, number];
  /** Master weight and low, medium, high thresholds (default [1, 0, 0, 0]). */
  thresholds?: [number, number, number, number];
  /** Extra ed25519 signers: G-address and weight. */
  signers?: [string, number][];
}

export interface TrustlineOptions {
  balance?: bigint;
  /** Default: the largest int64. */
  limit?: bigint;
  /** `xdr.TrustLineFlags` bits (default: authorized, clawback enabled). */
  flags?: number;
  /** [buying, selling] */
  liabilities?: [bigint, bigint];
}

const accountId = (address: string) => Keypair.fromPublicKey(address).xdrAccountId();

function accountExt(options: AccountOptions): xdr.AccountEntryExt {
  if (!options.liabilities && !options.sponsorships) return xdr.AccountEntryExt.v0();
  const [buying, selling] = options.liabilities ?? [0n, 0n];
  const v2 = options.sponsorships
    ? xdr.AccountEntryExtensionV1Ext.v2(
        new xdr.AccountEntryExtensionV2({
          numSponsored: options.sponsorships[0],
          numSponsoring: options.sponsorships[1],
          signerSponsoringIDs: [],
          ext: xdr.AccountEntryExtensionV2Ext.v0(),
        }),
      )
    : xdr.AccountEntryExtensionV1Ext.v0();
  return xdr.AccountEntryExt.v1(
    new xdr.AccountEntryExtensionV1({ liabilities: new xdr.Liabilities({ buying, selling }), ext: v2 }),
  );
}

export const accountKey = (address: string): xdr.LedgerKey =>
  xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: accountId(address) }));

/** The account entry of a G-address. */
export function accountEntry(address: string, options: AccountOptions = {}): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: accountId(address),
        balance: options.balance ?? 0n,
        seqNum: 0n,
        numSubEntries: options.numSubEntries ?? 1,
        inflationDest: null,
        flags: options.flags ?? 0,
        homeDomain: '',
        thresholds: Uint8Array.from(options.thresholds ?? [1, 0, 0, 0]),
        signers: (options.signers ?? []).map(
          ([signer, weight]) =>
            new xdr.Signer({
              key: xdr.SignerKey.signerKeyTypeEd25519(Keypair.fromPublicKey(signer).rawPublicKey()),
              weight,
            }),
        ),
        ext: accountExt(options),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

function trustlineAsset(asset: xdr.Asset): xdr.TrustLineAsset {
  if (asset.type === 'assetTypeCreditAlphanum4')
    return xdr.TrustLineAsset.assetTypeCreditAlphanum4(asset.alphaNum4);
  if (asset.type === 'assetTypeCreditAlphanum12')
    return xdr.TrustLineAsset.assetTypeCreditAlphanum12(asset.alphaNum12);
  throw new TypeError('the native asset has no trustline: its balance is the account');
}

export const trustlineKey = (address: string, asset: xdr.Asset): xdr.LedgerKey =>
  xdr.LedgerKey.trustline(
    new xdr.LedgerKeyTrustLine({ accountId: accountId(address), asset: trustlineAsset(asset) }),
  );

/** The trustline of a G-address to an issued asset. */
export function trustlineEntry(
  address: string,
  asset: xdr.Asset,
  options: TrustlineOptions = {},
): xdr.LedgerEntry {
  const [buying, selling] = options.liabilities ?? [0n, 0n];
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.trustline(
      new xdr.TrustLineEntry({
        accountId: accountId(address),
        asset: trustlineAsset(asset),
        balance: options.balance ?? 0n,
        limit: options.limit ?? I64_MAX,
        flags: options.flags ?? DEFAULT_TRUSTLINE_FLAGS,
        ext: options.liabilities
          ? xdr.TrustLineEntryExt.v1(
              new xdr.TrustLineEntryV1({
                liabilities: new xdr.Liabilities({ buying, selling }),
                ext: xdr.TrustLineEntryV1Ext.v0(),
              }),
            )
          : xdr.TrustLineEntryExt.v0(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}
