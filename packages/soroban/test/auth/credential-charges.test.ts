/**
 * What checking an address credential charges, as auth.rs charges it (rs-soroban-env v23.0.0):
 * - `consume_nonce`: the visited address cloned (`scaddress_from_address`, 48), cloned again with
 *   the nonce's key (48 and an ScVal, 64) into a new `Rc` LedgerKey (120); the nonce entry a new
 *   `Rc` LedgerEntry (256) before it is put;
 * - `get_signature_payload`: the network id cloned (32) before the preimage is encoded;
 * - `AuthorizedInvocation::to_xdr`: the arguments and the sub-invocations each a metered collect
 *   into a `Result<Vec<_>, HostError>` (the header and each item 16 bytes larger);
 * - `set_authorization_entries`: the entry's address and its invocation's contract become objects
 *   the entry hands over (`add_host_object`), not copies (`to_host_val` would clone each, 48).
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import { AuthorizedInvocation } from '../../src/host/auth/invocation.js';
import { consumeNonce, signaturePayload } from '../../src/host/auth/nonces.js';
import { defaultSac, keypair, sacEnv, scAddress } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';
import { type Charge, chargesOf } from '../support/charges.js';

function fresh() {
  const env = sacEnv();
  const { sac } = defaultSac(env);
  const { host } = tracedHost(env);
  return { host, sacId: sac.id };
}

/** `charge_bulk_init_cpy` of a `Result<Vec<T>, HostError>` of `len` items of `size` bytes. */
const fallibleCollect = (len: bigint, size: bigint): Charge[] => [
  ['MemCpy', 24n + 16n],
  ['MemAlloc', len * (size + 16n)],
  ['MemCpy', len * (size + 16n)],
];

describe('checking an address credential', () => {
  it('consume_nonce clones the address and the key into a new key, and the entry into a new Rc', () => {
    const { host } = fresh();
    const charges = chargesOf(host, () => consumeNonce(host, scAddress(keypair(1)), 7n, 200));
    expect(charges.slice(0, 4)).toEqual([
      ['MemCpy', 48n],
      ['MemCpy', 48n],
      ['MemCpy', 64n],
      ['MemAlloc', 120n],
    ]);
    expect(charges).toContainEqual(['MemAlloc', 256n]);
  });

  it('get_signature_payload clones the network id first', () => {
    const { host } = fresh();
    const invocation = new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
        new xdr.InvokeContractArgs({
          contractAddress: scAddress(keypair(2)),
          functionName: 'f',
          args: [],
        }),
      ),
      subInvocations: [],
    });
    const charges = chargesOf(host, () => signaturePayload(host, 1n, 100, invocation));
    expect(charges[0]).toEqual(['MemCpy', 32n]);
  });

  it.each([
    { given: 'no arguments', args: [] as xdr.ScVal[] },
    { given: 'three arguments', args: [xdr.ScVal.scvU32(1), xdr.ScVal.scvU32(2), xdr.ScVal.scvBool(true)] },
  ])('to_xdr of an invocation with $given collects its arguments, then its sub-invocations', ({ args }) => {
    const { host, sacId } = fresh();
    const invocation = AuthorizedInvocation.fromXdr(
      host,
      new xdr.SorobanAuthorizedInvocation({
        function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
          new xdr.InvokeContractArgs({
            contractAddress: xdr.ScAddress.scAddressTypeContract(
              new xdr.ContractId(StrKey.decodeContract(sacId)),
            ),
            functionName: 'transfer',
            args,
          }),
        ),
        subInvocations: [],
      }),
    );
    const charges = chargesOf(host, () => invocation.toXdr(host));
    const want = [...fallibleCollect(BigInt(args.length), 64n), ...fallibleCollect(0n, 168n)];
    expect(charges.slice(-want.length)).toEqual(want);
  });
});

describe('setting and matching authorization entries', () => {
  const entry = (sacId: string) =>
    new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
        new xdr.SorobanAddressCredentials({
          address: scAddress(keypair(2)),
          nonce: xdr.Int64.fromString('5'),
          signatureExpirationLedger: 200,
          signature: xdr.ScVal.scvVoid(),
        }),
      ),
      rootInvocation: new xdr.SorobanAuthorizedInvocation({
        function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
          new xdr.InvokeContractArgs({
            contractAddress: xdr.ScAddress.scAddressTypeContract(
              new xdr.ContractId(StrKey.decodeContract(sacId)),
            ),
            functionName: 'transfer',
            args: [],
          }),
        ),
        subInvocations: [],
      }),
    });

  it("add the entry's own addresses as objects, with no copy (add_host_object, not to_host_val)", () => {
    const { host, sacId } = fresh();
    const charges = chargesOf(host, () => AuthorizationManager.enforcing(host, [entry(sacId)]));
    expect(charges).not.toContainEqual(['MemCpy', 48n]);
  });
});
