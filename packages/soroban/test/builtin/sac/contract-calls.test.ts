/**
 * The SAC as other contracts and signers meet it (stellar_asset_contract.rs):
 * `test_greater_than_i64_balances` (a contract moving its own balance through the SAC),
 * `test_contract_invoker_auth` (the calling contract authorizes its own spending),
 * `verify_nested_try_call_rollback` (a failed call's SAC transfer rolled back),
 * `test_recording_auth_for_stellar_asset_contract` and `test_set_admin` (signed entries,
 * enforced).
 */
import { hash, type Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { PASSPHRASE, sign, unsignedEntry } from '../../auth/support.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../../support/shared.js';
import {
  addr,
  bool,
  defaultHolders,
  defaultSac,
  failure,
  I64_MAX,
  i128,
  invocationOf,
  keypair,
  putAccount,
  type Sac,
  sacEnv,
  scAddress,
} from './support.js';

const I128_MAX = (1n << 127n) - 1n;

describe.skipIf(!sorobanData)(`SAC called by contracts (${sorobanData ? '' : NO_SOROBAN_DATA})`, () => {
  it('test_greater_than_i64_balances: a contract balance goes past i64::MAX up to i128::MAX', () => {
    const env = sacEnv();
    const { sac } = defaultSac(env);
    const transferContract = env.register(readSoroban('wasm/23-at-v23.0.0/contract_sac_transfer.wasm'));
    for (const n of [1n, 2n, 3n]) {
      sac.call('mint', addr(transferContract), i128(I64_MAX));
      expect(sac.balance(transferContract)).toBe(I64_MAX * n);
    }
    const transferAmount = (amount: bigint) =>
      env.invoke(transferContract, 'transfer_amount', [addr(sac.id), addr(sac.id), i128(amount)]);
    transferAmount(I64_MAX * 2n);
    expect([sac.balance(transferContract), sac.balance(sac.id)]).toEqual([I64_MAX, I64_MAX * 2n]);
    let error: unknown;
    try {
      transferAmount(I64_MAX + 1n);
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toMatch(/^Error\(Contract, #10\)/);
    sac.call('mint', addr(transferContract), i128(I128_MAX - I64_MAX));
    expect(sac.balance(transferContract)).toBe(I128_MAX);
    transferAmount(I128_MAX - I64_MAX * 2n);
    expect([sac.balance(transferContract), sac.balance(sac.id)]).toEqual([I64_MAX * 2n, I128_MAX]);
  });

  it('test_contract_invoker_auth: a contract spends its own balance as the direct invoker, unsigned', () => {
    const env = sacEnv();
    const { sac } = defaultSac(env);
    const transferContract = env.register(readSoroban('wasm/23-at-v23.0.0/contract_sac_transfer.wasm'));
    const receiver = keypair(2);
    sac.call('mint', addr(transferContract), i128(10n));
    // Enforcing with no entries: the SAC's require_auth(from) is met by the calling contract itself.
    env.invoke(transferContract, 'transfer_amount', [addr(sac.id), addr(sac.id), i128(4n)], { auth: [] });
    expect([sac.balance(transferContract), sac.balance(sac.id)]).toEqual([6n, 4n]);
    // Called directly, the same transfer needs the contract's authorization, which no one gave.
    let error: unknown;
    try {
      env.invoke(sac.id, 'transfer', [addr(transferContract), addr(receiver), i128(1n)], { auth: [] });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).toMatch(/^Error\(Auth, InvalidAction\)/);
  });

  it('verify_nested_try_call_rollback: the failed callee keeps its balance, its event is marked failed', () => {
    const env = sacEnv();
    const { sac } = defaultSac(env);
    const invoker = env.register(readSoroban('wasm/20/example_invoke_contract.wasm'));
    const failing = env.register(readSoroban('wasm/20/example_err.wasm'));
    sac.call('mint', addr(failing), i128(100_000_000n));
    const call = env.invoke(invoker, 'invoke', [
      addr(failing),
      xdr.ScVal.scvSymbol('fail_after_updates'),
      addr(sac.id),
    ]);
    expect([sac.balance(failing), sac.balance(sac.id)]).toEqual([100_000_000n, 0n]);
    expect(env.invoke(failing, 'storage_updated', []).result).toBe(false);
    const failingId = Buffer.from(StrKey.decodeContract(failing)).toString('hex');
    const fromFailing = call.events.filter(
      ({ event }) => event.contractId && Buffer.from(event.contractId.value).toString('hex') === failingId,
    );
    expect(fromFailing.length).toBeGreaterThan(0);
    expect(fromFailing.every(({ failedCall }) => failedCall)).toBe(true);
  });
});

describe('SAC authorization', () => {
  it('test_recording_auth_for_stellar_asset_contract: mint records the admin for mint(to, amount)', () => {
    const env = sacEnv();
    const { sac, issuer, asset } = defaultSac(env);
    const user = keypair(2);
    defaultHolders(env, asset, [user]);
    const [entry, ...rest] = sac.invoke('mint', addr(user), i128(100n)).auth;
    expect(rest).toEqual([]);
    if (entry?.credentials.type !== 'sorobanCredentialsAddress') throw new Error('no address entry');
    expect(entry.credentials.address.address.toXdr('base64')).toBe(scAddress(issuer).toXdr('base64'));
    const invocation = new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
        new xdr.InvokeContractArgs({
          contractAddress: scAddress(sac.id),
          functionName: 'mint',
          args: [addr(user), i128(100n)],
        }),
      ),
      subInvocations: [],
    });
    expect(entry.rootInvocation.toXdr('base64')).toBe(invocation.toXdr('base64'));
  });

  /** Calls `fn` with an entry signed by `signer` for exactly this call, in enforcing mode. */
  async function signedCall(sac: Sac, signer: Keypair, fn: string, ...args: xdr.ScVal[]) {
    const entry = await sign(unsignedEntry(signer, invocationOf(sac, fn, args)), signer);
    return sac.env.invoke(sac.id, fn, args, { auth: [entry] });
  }

  it('test_set_admin: after set_admin only the new admin can mint, claw back and (de)authorize', async () => {
    const env = sacEnv({ networkId: Uint8Array.from(hash(Buffer.from(PASSPHRASE))) });
    const { sac, issuer, asset } = defaultSac(env);
    const [newAdmin, user] = [keypair(2), keypair(3)];
    defaultHolders(env, asset, [newAdmin, user]);
    putAccount(env, issuer, { balance: 10_000_000n, flags: 2 | 8 });
    expect(sac.call('admin')).toBe(issuer.publicKey());
    await signedCall(sac, issuer, 'set_admin', addr(newAdmin));
    expect(sac.call('admin')).toBe(newAdmin.publicKey());
    const refused: [string, ...xdr.ScVal[]][] = [
      ['set_admin', addr(newAdmin)],
      ['mint', addr(newAdmin), i128(1n)],
      ['clawback', addr(newAdmin), i128(1n)],
      ['set_authorized', addr(newAdmin), bool(false)],
      ['set_authorized', addr(newAdmin), bool(true)],
    ];
    for (const [fn, ...args] of refused)
      expect(await failure(() => signedCall(sac, issuer, fn, ...args)), fn).toBe(
        'Error(Auth, InvalidAction)',
      );
    await signedCall(sac, newAdmin, 'mint', addr(user), i128(1n));
    await signedCall(sac, newAdmin, 'clawback', addr(user), i128(1n));
    await signedCall(sac, newAdmin, 'set_authorized', addr(user), bool(false));
    await signedCall(sac, newAdmin, 'set_authorized', addr(user), bool(true));
    await signedCall(sac, newAdmin, 'set_admin', addr(issuer));
    await signedCall(sac, issuer, 'mint', addr(user), i128(1n));
    expect(sac.balance(user)).toBe(1n);
  });
});
