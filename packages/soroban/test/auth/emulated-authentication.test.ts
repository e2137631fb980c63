/**
 * Recording mode emulates an account's authentication (`auth.rs` emulate_authentication): one
 * signature by the account's own key, all zeros, hashed, read and verified (and refused). The
 * recorded run thus meters a signature check, and a transaction carrying the simulated
 * instructions still has enough once the entry is really signed (the SDK's multi-party flow).
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { adjustU32, DEFAULT_ADJUSTMENT } from '../../src/invoke/adjustment.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { contract } from '../vm/wat.js';
import { accountEntry, putAccount, sign } from './support.js';

// need(who): require_auth(who), returns void.
const NEED_AUTH = contract(`
(module
  (import "a" "0" (func $require_auth (param i64) (result i64)))
  (func (export "need") (param $who i64) (result i64)
    (drop (call $require_auth (local.get $who)))
    (i64.const 2)))`);

const signer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const address = xdr.ScVal.scvAddress(xdr.ScAddress.scAddressTypeAccount(signer.xdrAccountId()));

function setup(sourceAccount?: string) {
  const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 }, sourceAccount });
  putAccount(env, accountEntry(signer));
  return { env, id: env.register(NEED_AUTH) };
}

describe('emulated authentication in recording mode', () => {
  it("the instructions simulation declares (stellar-rpc's margin) cover the signed run", async () => {
    const { env, id } = setup();
    const recorded = env.invoke(id, 'need', [address]);
    const [entry] = recorded.auth as [xdr.SorobanAuthorizationEntry];
    const enforced = env.invoke(id, 'need', [address], { auth: [await sign(entry, signer)] });
    const declared = adjustU32(Number(recorded.cpuInstructions), DEFAULT_ADJUSTMENT.instructions);
    expect(declared).toBeGreaterThanOrEqual(Number(enforced.cpuInstructions));
  });

  it('meters a signature check more than the invoker own authorization, which needs none', () => {
    const { env, id } = setup();
    const asSource = setup(signer.publicKey());
    const other = env.invoke(id, 'need', [address]).cpuInstructions;
    const own = asSource.env.invoke(asSource.id, 'need', [address]).cpuInstructions;
    // VerifyEd25519Sig's constant alone is 377,524 instructions (the host's default cost model).
    expect(other - own).toBeGreaterThan(377_524n);
  });
});
