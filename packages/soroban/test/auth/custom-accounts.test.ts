/**
 * Custom accounts (contract addresses with credentials) authenticate through their `__check_auth`
 * (auth.rs authenticate, account_contract.rs check_account_contract_auth), here with the host's
 * `simple_account` test contract (an ed25519 owner key checked against the signature payload)
 * calling the auth test contract's `do_auth(account, 123)`: the signature, the nonce, the
 * expiration and the tree each decide the outcome as the Rust host's do; recording mode writes the
 * entry down without calling `__check_auth`.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import {
  addressEntry,
  addressVal,
  contractNonceLiveUntil,
  invocation,
  outcome,
  ownerSignature,
  payload,
  scAddress,
  WASM,
} from './custom-accounts-support.js';

const OWNER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 21));
const OTHER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 22));
const NONCE = 7n;

function setup(initialized = true) {
  const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 } });
  const account = env.register(WASM.simple());
  const auth = env.register(WASM.auth());
  if (initialized) env.invoke(account, 'init', [OWNER.rawPublicKey()]);
  const root = invocation(auth, 'do_auth', [addressVal(account), xdr.ScVal.scvU32(123)]);
  const doAuth = (entries?: xdr.SorobanAuthorizationEntry[]) =>
    env.invoke(auth, 'do_auth', [account, 123], entries ? { auth: entries } : {});
  return { env, account, auth, root, doAuth };
}

interface Row {
  name: string;
  entry: (s: ReturnType<typeof setup>) => xdr.SorobanAuthorizationEntry;
  want: string;
}

const signed = (s: ReturnType<typeof setup>, key = OWNER, expiration?: number) =>
  addressEntry(s.account, s.root, ownerSignature(key, s.root, NONCE), NONCE, expiration);

const ROWS: Row[] = [
  { name: 'signed by the owner key', entry: (s) => signed(s), want: 'ok' },
  // `__check_auth` panics in ed25519_verify: a recoverable error the host reports as Auth.
  { name: 'signed by another key', entry: (s) => signed(s, OTHER), want: 'Error(Auth, InvalidAction)' },
  {
    name: 'a signature that is not BytesN<64>',
    entry: (s) => addressEntry(s.account, s.root, xdr.ScVal.scvVoid(), NONCE),
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'signed over another nonce',
    entry: (s) => addressEntry(s.account, s.root, ownerSignature(OWNER, s.root, NONCE + 1n), NONCE),
    want: 'Error(Auth, InvalidAction)',
  },
  {
    // The expiration ledger is part of the payload: the signature no longer matches.
    name: 'signed over another expiration ledger',
    entry: (s) => addressEntry(s.account, s.root, ownerSignature(OWNER, s.root, NONCE), NONCE, 999),
    want: 'Error(Auth, InvalidAction)',
  },
  {
    name: 'a tree for another function',
    entry: (s) =>
      addressEntry(
        s.account,
        invocation(s.auth, 'tree_fn'),
        ownerSignature(OWNER, invocation(s.auth, 'tree_fn'), NONCE),
        NONCE,
      ),
    want: 'Error(Auth, InvalidAction)',
  },
];

describe.skipIf(!sorobanData)(
  `custom account authentication (${sorobanData ? 'simple_account' : NO_SOROBAN_DATA})`,
  () => {
    it.each(ROWS)('$name: $want', ({ entry, want }) => {
      const s = setup();
      expect(outcome(() => s.doAuth([entry(s)]))).toBe(want);
    });

    it('a valid entry uses its nonce up until the expiration ledger; the same entry again fails', () => {
      const s = setup();
      const entry = signed(s);
      s.doAuth([entry]);
      expect(contractNonceLiveUntil(s.env, s.account, NONCE)).toBe(1000);
      expect(outcome(() => s.doAuth([entry]))).toBe('Error(Auth, ExistingValue)');
    });

    // `__check_auth` passes first; then the expiration is checked (verify_and_consume_nonce).
    it.each([
      { expiration: 99, want: 'Error(Auth, InvalidInput)' },
      { expiration: 10_100, want: 'Error(Auth, InvalidInput)' },
      { expiration: 100, want: 'ok' },
      { expiration: 10_099, want: 'ok' },
    ])('an entry signed over expiration ledger $expiration: $want', ({ expiration, want }) => {
      const s = setup();
      const entry = addressEntry(s.account, s.root, expiringSignature(s, expiration), NONCE, expiration);
      expect(outcome(() => s.doAuth([entry]))).toBe(want);
    });

    it('recording mode writes the entry down and does not call __check_auth', () => {
      // An uninitialized account would fail its `__check_auth` (no owner stored).
      const s = setup(false);
      const [entry] = s.doAuth().auth;
      expect(entry?.credentials.type).toBe('sorobanCredentialsAddress');
      if (entry?.credentials.type !== 'sorobanCredentialsAddress') return;
      const creds = entry.credentials.address;
      expect(creds.address.toXdr('base64')).toBe(scAddress(s.account).toXdr('base64'));
      expect(creds.signature.type).toBe('scvVoid');
      expect(entry.rootInvocation.toXdr('base64')).toBe(s.root.toXdr('base64'));
    });

    // `set_owner` requires the account's own authorization: `__check_auth` runs while `set_owner`
    // is on the stack, a re-entry the host allows for the account itself (SelfAllowed).
    it.each([
      { signer: 'owner', key: OWNER, want: 'ok' },
      { signer: 'other', key: OTHER, want: 'Error(Auth, InvalidAction)' },
    ])(
      'set_owner signed by the $signer key (the account re-entered by its own __check_auth): $want',
      ({ key, want }) => {
        const s = setup();
        const newOwner = xdr.ScVal.scvBytes(OTHER.rawPublicKey());
        const root = invocation(s.account, 'set_owner', [newOwner]);
        const entry = addressEntry(s.account, root, ownerSignature(key, root, NONCE), NONCE);
        expect(outcome(() => s.env.invoke(s.account, 'set_owner', [newOwner], { auth: [entry] }))).toBe(want);
      },
    );

    it('the contract cannot call __check_auth itself: a reserved function', () => {
      const s = setup();
      const args = [Buffer.alloc(32), Buffer.alloc(64), []];
      expect(outcome(() => s.env.invoke(s.account, '__check_auth', args))).toBe(
        'Error(Context, InvalidAction)',
      );
    });
  },
);

function expiringSignature(s: ReturnType<typeof setup>, expiration: number) {
  return xdr.ScVal.scvBytes(Buffer.from(OWNER.sign(payload(s.root, NONCE, expiration))));
}
