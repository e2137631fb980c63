/**
 * Address credentials checked once per entry (auth.rs authenticate, verify_and_consume_nonce;
 * account_contract.rs check_account_authentication), on one authorized call of the auth test
 * contract at ledger 100 (max live-until 10099): the recorded entry signed by a Keypair succeeds;
 * each way of getting the signature, the nonce, the expiration or the tree wrong fails with the
 * host's error.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { outcome } from '../support/outcome.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import {
  accountEntry,
  accountSignatures,
  authSetup,
  EXPIRATION,
  node,
  payloadOf,
  putAccount,
  sign,
  signNode,
  treeArg,
  unsignedEntry,
} from './support.js';

const UNAUTHORIZED = 'Error(Auth, InvalidAction)';
const keyOf = (seed: number) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, seed));

/** `{public_key, signature}` of each key over the entry's payload, in the order given. */
function signatures(
  entry: xdr.SorobanAuthorizationEntry,
  keys: Keypair[],
  expiration: number,
  tamper = false,
) {
  return accountSignatures(payloadOf(entry, expiration), keys, tamper);
}

function withSignature(entry: xdr.SorobanAuthorizationEntry, signature: xdr.ScVal, expiration = EXPIRATION) {
  if (entry.credentials.type !== 'sorobanCredentialsAddress') throw new Error('not an address entry');
  const creds = entry.credentials.address;
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({
        address: creds.address,
        nonce: creds.nonce,
        signatureExpirationLedger: expiration,
        signature,
      }),
    ),
    rootInvocation: entry.rootInvocation,
  });
}

const sorted = (keys: Keypair[]) =>
  [...keys].sort((a, b) => Buffer.compare(a.rawPublicKey(), b.rawPublicKey()));
const signer = (key: Keypair, weight: number) =>
  new xdr.Signer({ key: xdr.SignerKey.signerKeyTypeEd25519(key.rawPublicKey()), weight });

interface Row {
  name: string;
  /** The account's entry (default: its own key, weight 1, thresholds 1/0/0/0); null: no account. */
  account?: (owner: Keypair) => xdr.LedgerEntry | null;
  /** The recorded entry, signed (or not) as the row says. */
  entry: (
    recorded: xdr.SorobanAuthorizationEntry,
    owner: Keypair,
    other: string,
  ) => Promise<xdr.SorobanAuthorizationEntry>;
  want: string;
}

const [A, B, C] = [keyOf(11), keyOf(12), keyOf(13)];
const MULTISIG = (owner: Keypair) =>
  accountEntry(
    owner,
    [0, 0, 2, 0],
    [signer(A as Keypair, 1), signer(B as Keypair, 1), signer(C as Keypair, 300)],
  );

const ROWS: Row[] = [
  { name: 'signed by the account (SDK authorizeEntry)', entry: (e, owner) => sign(e, owner), want: 'ok' },
  { name: 'signed expiring at the current ledger', entry: (e, owner) => sign(e, owner, 100), want: 'ok' },
  {
    name: 'signed expiring at the last ledger allowed',
    entry: (e, owner) => sign(e, owner, 10_099),
    want: 'ok',
  },
  { name: 'expired', entry: (e, owner) => sign(e, owner, 99), want: 'Error(Auth, InvalidInput)' },
  {
    name: 'expiring too late',
    entry: (e, owner) => sign(e, owner, 10_100),
    want: 'Error(Auth, InvalidInput)',
  },
  {
    name: 'signed by a key that is not a signer',
    entry: async (e) => withSignature(e, signatures(e, [keyOf(99)], EXPIRATION)),
    want: UNAUTHORIZED,
  },
  {
    name: 'signature bytes changed',
    entry: async (e, owner) => withSignature(e, signatures(e, [owner], EXPIRATION, true)),
    want: UNAUTHORIZED,
  },
  {
    name: 'signed for another expiration ledger',
    entry: async (e, owner) => withSignature(e, signatures(e, [owner], 999)),
    want: UNAUTHORIZED,
  },
  { name: 'no signature', entry: async (e) => withSignature(e, xdr.ScVal.scvVoid()), want: UNAUTHORIZED },
  {
    name: 'an empty signature vector',
    entry: async (e) => withSignature(e, xdr.ScVal.scvVec([])),
    want: UNAUTHORIZED,
  },
  {
    name: 'the same key twice',
    entry: async (e, owner) => withSignature(e, signatures(e, [owner, owner], EXPIRATION)),
    want: UNAUTHORIZED,
  },
  {
    name: '21 signatures',
    entry: async (e, owner) => withSignature(e, signatures(e, Array(21).fill(owner), EXPIRATION)),
    want: UNAUTHORIZED,
  },
  { name: 'no account entry', account: () => null, entry: (e, owner) => sign(e, owner), want: UNAUTHORIZED },
  {
    name: 'master key of weight 0',
    account: (owner) => accountEntry(owner, [0, 0, 0, 0]),
    entry: (e, owner) => sign(e, owner),
    want: UNAUTHORIZED,
  },
  {
    name: 'multisig: two signers reach the medium threshold 2',
    account: MULTISIG,
    entry: async (e) => withSignature(e, signatures(e, sorted([A as Keypair, B as Keypair]), EXPIRATION)),
    want: 'ok',
  },
  {
    name: 'multisig: one signer of weight 1 is below the threshold',
    account: MULTISIG,
    entry: async (e) => withSignature(e, signatures(e, [A as Keypair], EXPIRATION)),
    want: UNAUTHORIZED,
  },
  {
    name: 'multisig: a signer of weight 300 counts as 255',
    account: MULTISIG,
    entry: async (e) => withSignature(e, signatures(e, [C as Keypair], EXPIRATION)),
    want: 'ok',
  },
  {
    name: 'multisig: keys out of order',
    account: MULTISIG,
    entry: async (e) =>
      withSignature(e, signatures(e, sorted([A as Keypair, B as Keypair]).reverse(), EXPIRATION)),
    want: UNAUTHORIZED,
  },
  {
    name: 'a tree for another contract',
    entry: (_e, owner, other) => sign(unsignedEntry(owner, signNode(other)), owner),
    want: UNAUTHORIZED,
  },
  {
    name: 'a tree with other arguments',
    entry: (e, owner) => {
      const fn = e.rootInvocation.function;
      if (fn.type !== 'sorobanAuthorizedFunctionTypeContractFn') throw new Error('not a contract call');
      const call = fn.contractFn;
      const other = new xdr.SorobanAuthorizedInvocation({
        function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
          new xdr.InvokeContractArgs({
            contractAddress: call.contractAddress,
            functionName: call.functionName,
            args: [xdr.ScVal.scvU32(1)],
          }),
        ),
        subInvocations: [],
      });
      return sign(unsignedEntry(owner, other), owner);
    },
    want: UNAUTHORIZED,
  },
];

describe.skipIf(!sorobanData)(
  `address credentials (${sorobanData ? 'auth test contract' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name: $want', async ({ account, entry, want }) => {
      const { env, keys, contracts } = authSetup(1, 2);
      const owner = keys[0] as Keypair;
      const [root, other] = contracts as [string, string];
      const args = [[owner.publicKey()], treeArg(node(root, [true]))];
      const recorded = env.invoke(root, 'tree_fn', args).auth;
      expect(recorded).toHaveLength(1);
      if (account) {
        const replaced = account(owner);
        const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: owner.xdrAccountId() }));
        if (replaced) putAccount(env, replaced);
        else env.snapshot.delete(key);
      }
      const signed = await entry(recorded[0] as xdr.SorobanAuthorizationEntry, owner, other);
      expect(outcome(() => env.invoke(root, 'tree_fn', args, { auth: [signed] }))).toBe(want);
    });

    it('a nonce is used once: the same signed entry again is Error(Auth, ExistingValue)', async () => {
      const { env, keys, contracts } = authSetup(1, 1);
      const owner = keys[0] as Keypair;
      const root = contracts[0] as string;
      const args = [[owner.publicKey()], treeArg(node(root, [true]))];
      const signed = await sign(
        env.invoke(root, 'tree_fn', args).auth[0] as xdr.SorobanAuthorizationEntry,
        owner,
      );
      const first = env.invoke(root, 'tree_fn', args, { auth: [signed] });
      expect(
        first.changes
          .filter((c) => c.key.type === 'contractData' && c.key.contractData.key.type === 'scvLedgerKeyNonce')
          .map((c) => c.liveUntil),
      ).toEqual([EXPIRATION]);
      expect(outcome(() => env.invoke(root, 'tree_fn', args, { auth: [signed] }))).toBe(
        'Error(Auth, ExistingValue)',
      );
    });

    it('the source account records source-account credentials and needs no signature', () => {
      const owner = keyOf(1);
      const env = new TestEnv({
        ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 },
        sourceAccount: owner.publicKey(),
      });
      putAccount(env, accountEntry(owner));
      const root = env.register(readSoroban('wasm/20/auth_test_contract.wasm'));
      const args = [[owner.publicKey()], treeArg(node(root, [true]))];
      const recorded = env.invoke(root, 'tree_fn', args).auth;
      expect(recorded.map((e) => e.credentials.type)).toEqual(['sorobanCredentialsSourceAccount']);
      expect(outcome(() => env.invoke(root, 'tree_fn', args, { auth: recorded }))).toBe('ok');
      expect(outcome(() => env.invoke(root, 'tree_fn', args, { auth: [] }))).toBe(UNAUTHORIZED);
    });
  },
);
