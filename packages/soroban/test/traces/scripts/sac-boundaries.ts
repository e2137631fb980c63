/**
 * Drive scripts for the classic balance boundary tests of
 * soroban-env-host/src/test/stellar_asset_contract.rs at v23.0.0: transfers and mints through the
 * SAC up to (and one past) the least and the most an account's native balance or a trustline's
 * balance may hold, given its reserve, liabilities, sponsorships and limit.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { LedgerOp } from '../script-types.js';
import { type Sequence, scriptsOf, sequence } from './build.js';
import { NATIVE_ASSET, newFromAsset, SETUP } from './sac.js';
import { ADMIN, drawnKey, keyOf, type Signer, sac, USER, USER_2 } from './sac-transfers.js';

const I64_MAX = (1n << 63n) - 1n;
const U32_MAX = 0xffff_ffff;
/**
 * The keys `test_stellar_asset_contract_classic_balance_boundaries` draws: a new balance's right
 * after the setup's five, a large balance's after the nonces of three transfers.
 */
const NEW_BALANCE = 5;
const LARGE_BALANCE = drawnKey([
  ...Array.from({ length: 6 }, () => 'key' as const),
  'nonce',
  'nonce',
  'nonce',
  'key',
]);
const AUTHORIZED_FLAG = 1;
/** `[100; 12]`. */
const CODE = Buffer.alloc(12, 100);

type AccountOp = Extract<LedgerOp, { op: 'account' }>;

/** `create_account` of a key signing for itself with weight 100, thresholds [1, 0, 0, 0], no flags. */
const account = (
  signer: Signer,
  balance: bigint,
  options: Partial<Pick<AccountOp, 'subEntries' | 'liabilities' | 'sponsorships'>> = {},
): AccountOp => ({
  op: 'account',
  account: keyOf(signer),
  signers: [[keyOf(signer), 100]],
  balance,
  subEntries: options.subEntries ?? 0,
  thresholds: [1, 0, 0, 0],
  liabilities: options.liabilities,
  sponsorships: options.sponsorships,
  flags: 0,
});

interface NativeCase {
  balance: bigint;
  subEntries: number;
  liabilities?: [bigint, bigint];
  sponsorships?: [number, number];
  min: bigint;
  max: bigint;
}

/** `test_stellar_asset_contract_classic_balance_boundaries` over the user's account as `given`. */
function nativeBoundaries(given: NativeCase) {
  return {
    setup: { ...SETUP, signingKeys: NEW_BALANCE + 1 },
    steps: sequence((s) => {
      s.ledger(account(USER, given.balance, given));
      const c = sac(s, newFromAsset(s, NATIVE_ASSET));
      s.ledger(account(NEW_BALANCE, 10_000_000n));
      const spendable = given.balance - given.min;
      c.transfer(USER, NEW_BALANCE, spendable + 1n);
      c.transfer(USER, NEW_BALANCE, spendable);
      s.ledger({ op: 'nativeBalance', account: keyOf(USER) });
      c.transfer(NEW_BALANCE, USER, spendable);
      s.signingKey();
      s.ledger(account(LARGE_BALANCE, I64_MAX));
      c.transfer(LARGE_BALANCE, USER, given.max - given.balance + 1n);
      c.transfer(LARGE_BALANCE, USER, given.max - given.balance);
      s.ledger({ op: 'nativeBalance', account: keyOf(USER) });
    }),
  };
}

interface TrustlineCase {
  balance: bigint;
  min: bigint;
  max: bigint;
  liabilities?: [bigint, bigint];
  limit: bigint;
}

const trustline = (
  holder: number,
  balance: bigint,
  limit: bigint,
  liabilities?: [bigint, bigint],
): LedgerOp => ({
  op: 'trustline',
  account: keyOf(holder),
  issuer: keyOf(ADMIN),
  code: CODE.toString('hex'),
  balance,
  limit,
  flags: AUTHORIZED_FLAG,
  liabilities,
});

const trustlineBalance = (s: Sequence, holder: number) =>
  s.ledger({
    op: 'trustlineBalance',
    account: keyOf(holder),
    issuer: keyOf(ADMIN),
    code: CODE.toString('hex'),
  });

/** `test_wrapped_asset_classic_balance_boundaries`: the user's trustline to `[100; 12]` as `given`. */
function trustlineBoundaries(given: TrustlineCase) {
  return {
    setup: SETUP,
    steps: sequence((s) => {
      for (const signer of [USER, USER_2, ADMIN]) s.ledger(account(signer, 10_000_000n));
      s.ledger(trustline(USER, given.balance, given.limit, given.liabilities));
      s.ledger(trustline(USER_2, 0n, given.limit, [0n, 0n]));
      // The test reads the issuer's key through the host (`u256_from_account`).
      s.host('u256_from_account');
      const issuer = xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(keyOf(ADMIN), 'hex'));
      const asset = xdr.Asset.assetTypeCreditAlphanum12(new xdr.AlphaNum12({ assetCode: CODE, issuer }));
      const c = sac(s, newFromAsset(s, asset.toXDR('hex')));
      const spendable = given.balance - given.min;
      c.transfer(USER, USER_2, spendable + 1n);
      c.transfer(USER, USER_2, spendable);
      trustlineBalance(s, USER);
      trustlineBalance(s, USER_2);
      c.transfer(USER_2, USER, spendable);
      c.mint(ADMIN, USER, given.max - given.balance + 1n);
      c.mint(ADMIN, USER, given.max - given.balance);
      trustlineBalance(s, USER);
      trustlineBalance(s, USER_2);
      c.mint(ADMIN, USER_2, 1n);
      c.transfer(USER, USER_2, given.max);
    }),
  };
}

const LIABILITIES: [bigint, bigint] = [300_000_000n, 500_000_000n];

export default scriptsOf('stellar_asset_contract', {
  test_stellar_asset_contract_classic_balance_boundaries_simple: nativeBoundaries({
    balance: 100_000_000n,
    subEntries: 5,
    min: 35_000_000n,
    max: I64_MAX,
  }),
  test_stellar_asset_contract_classic_balance_boundaries_with_liabilities: nativeBoundaries({
    balance: 1_000_000_000n,
    subEntries: 8,
    liabilities: LIABILITIES,
    min: 550_000_000n,
    max: I64_MAX - 300_000_000n,
  }),
  test_stellar_asset_contract_classic_balance_boundaries_with_sponsorships: nativeBoundaries({
    balance: 100_000_000n,
    subEntries: 5,
    sponsorships: [3, 6],
    min: 50_000_000n,
    max: I64_MAX,
  }),
  test_stellar_asset_contract_classic_balance_boundaries_with_sponsorships_and_liabilities: nativeBoundaries({
    balance: 1_000_000_000n,
    subEntries: 5,
    liabilities: LIABILITIES,
    sponsorships: [3, 6],
    min: 550_000_000n,
    max: I64_MAX - 300_000_000n,
  }),
  test_stellar_asset_contract_classic_balance_boundaries_with_large_values: nativeBoundaries({
    balance: I64_MAX - I64_MAX / 4n,
    subEntries: U32_MAX,
    liabilities: [I64_MAX / 4n, I64_MAX / 5n],
    sponsorships: [0, U32_MAX],
    min: (2n + BigInt(U32_MAX) + BigInt(U32_MAX)) * 5_000_000n + I64_MAX / 5n,
    max: I64_MAX - I64_MAX / 4n,
  }),
  test_asset_stellar_asset_contract_classic_balance_boundaries_simple: trustlineBoundaries({
    balance: 100_000_000n,
    min: 0n,
    max: I64_MAX,
    limit: I64_MAX,
  }),
  test_asset_stellar_asset_contract_classic_balance_boundaries_with_trustline_limit: trustlineBoundaries({
    balance: 100_000_000n,
    min: 0n,
    max: 200_000_000n,
    limit: 200_000_000n,
  }),
  test_asset_stellar_asset_contract_classic_balance_boundaries_with_liabilities: trustlineBoundaries({
    balance: 100_000_000n,
    min: 300_000n,
    max: I64_MAX - 500_000n,
    liabilities: [500_000n, 300_000n],
    limit: I64_MAX,
  }),
  test_asset_stellar_asset_contract_classic_balance_boundaries_with_limit_and_liabilities:
    trustlineBoundaries({
      balance: 100_000_000n,
      min: 300_000n,
      max: 150_000_000n,
      liabilities: [50_000_000n, 300_000n],
      limit: 200_000_000n,
    }),
  test_asset_stellar_asset_contract_classic_balance_boundaries_large_values: trustlineBoundaries({
    balance: I64_MAX - I64_MAX / 5n,
    min: I64_MAX / 4n,
    max: I64_MAX - I64_MAX / 5n,
    liabilities: [I64_MAX / 5n, I64_MAX / 4n],
    limit: I64_MAX,
  }),
});
