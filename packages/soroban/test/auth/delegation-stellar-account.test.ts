/**
 * From protocol 27 a Stellar account's authentication runs in an authentication frame, as the
 * v27 Rust host's `authenticate` (auth.rs) makes one for every address: the payload becomes a
 * Bytes object and the auth contexts are built before the signatures are checked, so that a
 * delegating account can forward them. Before 27 (the v26 host) a Stellar account's check makes
 * no Contexts, and the payload's Bytes object itself. Seen as the host calls of itself that a
 * `do_auth(account, 5)` traces.
 */
import { Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import type { HostTracer } from '../../src/host/state.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { addressVal, enforcingHost, invocation, WASM } from './custom-accounts-support.js';
import { accountEntry, putAccount, sign, unsignedEntry } from './support.js';

/** The comparisons that match the entry against the call. */
const MATCHING = ['call require_auth', 'obj_cmp', 'obj_cmp', 'obj_cmp', 'obj_cmp'];
/**
 * `check_account_authentication` reading its one signature through the env (account_contract.rs):
 * the count, the signature's struct and two `BytesN`, the check, then the key read for its weight.
 */
const ONE_SIGNATURE = [
  'vec_get',
  'map_unpack_to_slice',
  'bytes_len',
  'bytes_len',
  'verify_sig_ed25519',
  'bytes_copy_to_slice',
];

async function hostCalls(protocolVersion: number): Promise<string[]> {
  const env = new TestEnv({ ledger: { protocolVersion, sequenceNumber: 100, maxEntryTtl: 10_000 } });
  const key = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3));
  putAccount(env, accountEntry(key));
  const auth = env.register(WASM.auth());
  const args = [addressVal(key.publicKey()), xdr.ScVal.scvU32(5)];
  const entry = await sign(unsignedEntry(key, invocation(auth, 'do_auth', args)), key);
  const host = enforcingHost(env, [entry]);
  const names: string[] = [];
  const ignore = () => undefined;
  const tracer: HostTracer = {
    call: (name) => names.push(`call ${name}`),
    envCall: (name) => names.push(name),
    ret: ignore,
    push: ignore,
    pop: ignore,
  };
  host.tracer = tracer;
  const fn = host.converter.toVal(xdr.ScVal.scvSymbol('do_auth'));
  host.callContract(
    StrKey.decodeContract(auth),
    fn,
    args.map((arg) => host.converter.toVal(arg)),
  );
  return names;
}

describe.skipIf(!sorobanData)(
  `a Stellar account's authentication frame (${sorobanData ? 'auth_test_contract' : NO_SOROBAN_DATA})`,
  () => {
    it.each([
      // Before 27 the check makes the payload's Bytes object itself, once it has counted the signatures.
      { protocol: 26, want: [...MATCHING, 'vec_len', 'bytes_new_from_slice', ...ONE_SIGNATURE] },
      {
        protocol: 27,
        want: [
          ...MATCHING,
          // The payload, then `convert_to_auth_context_val`: the Vec, one Contract context, pushed.
          'bytes_new_from_slice',
          'vec_new',
          'vec_new_from_slice',
          'map_new_from_slices',
          'vec_new_from_slice',
          'vec_push_back',
          'vec_len',
          ...ONE_SIGNATURE,
        ],
      },
    ])('at protocol $protocol', async ({ protocol, want }) => {
      expect(await hostCalls(protocol)).toEqual(want);
    });
  },
);
