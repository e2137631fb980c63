/**
 * A classic account's signatures are checked through the host's env as the Rust account contract
 * checks them (builtin_contracts/account_contract.rs `check_account_authentication`): the vector's
 * length, the payload made a Bytes object (protocol 23; from 27 the frame's object), then per
 * signature `vec_get`, the struct unpacked, both byte strings' lengths, the keys' order by
 * `obj_cmp`, `verify_sig_ed25519`, the key copied out to find its weight.
 */
import { type Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { checkAccountAuthentication } from '../../src/host/auth/account-signatures.js';
import type { Host } from '../../src/host/host.js';
import { keypair, putAccount, sacEnv } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';
import { accountSignatures } from './support.js';

const PAYLOAD = Buffer.alloc(32, 9);
const ONE_SIGNATURE = ['vec_get', 'map_unpack_to_slice', 'bytes_len', 'bytes_len'];
const CHECKED = ['verify_sig_ed25519', 'bytes_copy_to_slice'];

function signatureVal(host: Host, keys: Keypair[]) {
  const sorted = [...keys].sort((a, b) => Buffer.compare(a.rawPublicKey(), b.rawPublicKey()));
  return host.converter.toVal(accountSignatures(PAYLOAD, sorted));
}

const CASES = [
  {
    given: 'one signature, the payload as bytes',
    signers: 1,
    payloadObj: false,
    want: ['vec_len', 'bytes_new_from_slice', ...ONE_SIGNATURE, ...CHECKED],
  },
  {
    given: 'two signatures: the second key compared with the first',
    signers: 2,
    payloadObj: false,
    want: [
      'vec_len',
      'bytes_new_from_slice',
      ...ONE_SIGNATURE,
      ...CHECKED,
      ...ONE_SIGNATURE,
      'obj_cmp',
      ...CHECKED,
    ],
  },
  {
    given: "one signature, the payload the authentication frame's object",
    signers: 1,
    payloadObj: true,
    want: ['vec_len', ...ONE_SIGNATURE, ...CHECKED],
  },
];

describe('classic account signatures through the env', () => {
  it.each(CASES)('$given', ({ signers, payloadObj, want }) => {
    const env = sacEnv();
    const [owner, ...others] = [keypair(1), keypair(2), keypair(3)];
    putAccount(env, owner, { thresholds: [0, 0, signers, 0], signers: others.map((key) => [key, 1]) });
    const { host, calls } = tracedHost(env);
    const signature = signatureVal(host, others.slice(0, signers));
    const obj = payloadObj ? host.converter.toVal(xdr.ScVal.scvBytes(PAYLOAD)) : undefined;
    calls.length = 0;
    checkAccountAuthentication(host, owner.xdrAccountId(), { bytes: PAYLOAD, obj }, signature);
    expect(calls.map((call) => call.name)).toEqual(want);
  });

  it('refuses keys out of order once obj_cmp compares them', () => {
    const env = sacEnv();
    const [owner, a, b] = [keypair(1), keypair(2), keypair(3)];
    putAccount(env, owner, {
      thresholds: [0, 0, 2, 0],
      signers: [
        [a, 1],
        [b, 1],
      ],
    });
    const { host, calls } = tracedHost(env);
    const sorted = signatureVal(host, [a, b]);
    const items = host.converter.toScVal(sorted);
    if (items.type !== 'scvVec') throw new Error('not a vector');
    const reversed = host.converter.toVal(xdr.ScVal.scvVec([...(items.vec ?? [])].reverse()));
    calls.length = 0;
    expect(() =>
      checkAccountAuthentication(host, owner.xdrAccountId(), { bytes: PAYLOAD }, reversed),
    ).toThrow(/not ordered/);
    expect(calls.at(-1)?.name).toBe('obj_cmp');
  });
});
