/**
 * The authorization a Rust test sets up itself (hostile_opt.rs run_deep_host_stack_test): address
 * credentials built from host values, untraced but charged as the Rust test's conversions are,
 * and `set_authorization_entries`.
 */
import { createHash } from 'node:crypto';
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { toScAddress } from '../../src/builtin/values.js';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import { argsToXdr } from '../../src/host/auth/invocation.js';
import type { Host } from '../../src/host/host.js';
import { meteredEncode } from '../../src/storage/index.js';
import { type Val, VOID } from '../../src/values/val.js';
import { testNonce } from './adapter-host.js';
import type { SliceArg } from './adapter-slices.js';
import { traceVal } from './adapter-values.js';
import type { ScriptStep } from './script-types.js';
import { type TestDraw, testKeysOf, testSigningKeys } from './test-prng.js';
import type { TraceValue } from './types.js';

/** One entry, its parts converted in the Rust test's order. */
export function authEntry(
  host: Host,
  step: Extract<ScriptStep, { s: 'authEntry' }>,
  resolveArg: (arg: Extract<ScriptStep, { s: 'authEntry' }>['address']) => Val,
): xdr.SorobanAuthorizationEntry {
  const address = toScAddress(host, resolveArg(step.address));
  const signature = host.converter.toScVal(resolveArg(step.signature));
  const contract = toScAddress(host, resolveArg(step.contract));
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({
        address,
        nonce: step.nonce,
        signatureExpirationLedger: step.expiration,
        signature,
      }),
    ),
    rootInvocation: new xdr.SorobanAuthorizedInvocation({
      function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
        new xdr.InvokeContractArgs({ contractAddress: contract, functionName: step.fn, args: [] }),
      ),
      subInvocations: [],
    }),
  });
}

/** A top-level host call the test makes, traced (`callDirect`): its value, none if it failed. */
export type TestCall = (name: string, args: (Val | SliceArg)[], printed: TraceValue[]) => Val | undefined;

type AuthorizeStep = Extract<ScriptStep, { s: 'authorize' }>;

const length = (n: number): TraceValue => ({ kind: 'int', value: BigInt(n) });

function made(value: Val | undefined, what: string): Val {
  if (value === undefined) throw new Error(`the test's ${what} failed`);
  return value;
}

/**
 * `TestSigner::sign` of an account (testutils.rs `sign_payload_for_account`): a vector of
 * `AccountEd25519Signature { public_key, signature }` made through the env, one per key.
 */
function accountSignature(
  host: Host,
  call: TestCall,
  { keys, draws }: { keys: readonly number[]; draws?: readonly TestDraw[] },
  payload: Buffer,
): xdr.ScVal {
  const signers = draws ? testKeysOf(draws) : testSigningKeys(Math.max(...keys) + 1);
  let signatures = made(call('vec_new', [], []), 'vec_new');
  for (const index of keys) {
    const keypair = Keypair.fromRawEd25519Seed((signers[index] as { secret: Buffer }).secret);
    const publicKey = made(
      call('bytes_new_from_slice', [keypair.rawPublicKey()], [length(32)]),
      'public key',
    );
    call('bytes_len', [publicKey], [traceVal(publicKey)]);
    const signature = made(call('bytes_new_from_slice', [keypair.sign(payload)], [length(64)]), 'signature');
    call('bytes_len', [signature], [traceVal(signature)]);
    const pair = made(
      call(
        'map_new_from_slices',
        [
          ['public_key', 'signature'],
          [publicKey, signature],
        ],
        [length(2)],
      ),
      'signature map',
    );
    signatures = made(
      call('vec_push_back', [signatures, pair], [traceVal(signatures), traceVal(pair)]),
      'vec_push_back',
    );
  }
  return host.converter.toScVal(signatures);
}

/** `sign_payload_for_ed25519` (testutils.rs): the signature made a `BytesN<64>` through the env. */
function ed25519Signature(host: Host, call: TestCall, secret: Buffer, payload: Buffer): xdr.ScVal {
  const signature = made(
    call('bytes_new_from_slice', [Keypair.fromRawEd25519Seed(secret).sign(payload)], [length(64)]),
    'signature',
  );
  call('bytes_len', [signature], [traceVal(signature)]);
  return host.converter.toScVal(signature);
}

/**
 * `authorize_single_invocation` (testutils.rs): the nonce (`gen_range(0..=i64::MAX)` of the test
 * PRNG) and expiration (sequence + 10000), the signer's address added as a new object, the root
 * invocation's parts converted, the payload hashed (`metered_hash_xdr`) and signed, the signature
 * converted back (`from_host_val`), then `set_authorization_entries`.
 */
export function authorizeSingleInvocation(
  host: Host,
  step: AuthorizeStep,
  resolveArg: (arg: AuthorizeStep['contract']) => Val,
  call: TestCall,
  secretOf: (step: number) => Buffer,
): void {
  const signer = step.signer;
  const invoker = 'invoker' in signer;
  const accountKey = 'invoker' in signer ? signer.invoker : 'account' in signer ? signer.account : undefined;
  const nonce = step.nonce ? step.nonce[0] : invoker ? 0n : testNonce(host);
  const expiration = step.nonce ? step.nonce[1] : host.ledger.sequenceNumber + 10000;
  const contractAt =
    'voidAt' in signer ? signer.voidAt : 'contractAt' in signer ? signer.contractAt : undefined;
  const signerAddress =
    accountKey === undefined
      ? toScAddress(host, resolveArg(contractAt as AuthorizeStep['contract']))
      : xdr.ScAddress.scAddressTypeAccount(
          xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(accountKey, 'hex')),
        );
  const address = toScAddress(host, host.objects.add({ kind: 'Address', value: signerAddress }));
  const invocation = new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({
        contractAddress: toScAddress(host, resolveArg(step.contract)),
        functionName: step.fn,
        args: vecobjectToScvalVec(host, resolveArg(step.args)),
      }),
    ),
    subInvocations: [],
  });
  if (invoker) {
    // `SorobanCredentials::SourceAccount`: nothing to sign.
    const credentials = xdr.SorobanCredentials.sorobanCredentialsSourceAccount();
    setAuth(host, [new xdr.SorobanAuthorizationEntry({ credentials, rootInvocation: invocation })]);
    return;
  }
  const preimage = xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(
    new xdr.HashIdPreimageSorobanAuthorization({
      networkId: Buffer.from(host.ledger.networkId),
      nonce,
      signatureExpirationLedger: expiration,
      invocation,
    }),
  );
  const encoded = meteredEncode(preimage, host.budget);
  host.budget.charge('ComputeSha256Hash', BigInt(encoded.length));
  const payload = createHash('sha256').update(encoded).digest();
  const signature =
    'keys' in signer
      ? accountSignature(host, call, signer, payload)
      : 'signingKey' in signer
        ? ed25519Signature(host, call, secretOf(signer.signingKey), payload)
        : host.converter.toScVal(VOID);
  const credentials = new xdr.SorobanAddressCredentials({
    address,
    nonce,
    signatureExpirationLedger: expiration,
    signature,
  });
  setAuth(host, [
    new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(credentials),
      rootInvocation: invocation,
    }),
  ]);
}

/** `vecobject_to_scval_vec` (conversion.rs): the vector visited, its items converted and collected. */
function vecobjectToScvalVec(host: Host, vec: Val): xdr.ScVal[] {
  host.budget.charge('VisitObject');
  return argsToXdr(host, host.objects.expect(vec, 'Vec').value);
}

/** `set_authorization_entries`: enforcing with these entries. */
export function setAuth(host: Host, entries: (xdr.SorobanAuthorizationEntry | undefined)[]): void {
  host.auth = AuthorizationManager.enforcing(
    host,
    entries.map((entry) => {
      if (!entry) throw new Error('an auth entry step gave no entry');
      return entry;
    }),
  );
}

/**
 * `TestSigner::address` (testutils.rs): the signer's ScAddress added anew, an account contract's
 * read back from its Address object (`to_sc_address`, charged), another's cloned from what the
 * test holds (unmetered).
 */
export function copyAddress(host: Host, address: Val, from: 'object' | 'test'): Val {
  const value =
    from === 'object' ? toScAddress(host, address) : host.objects.expect(address, 'Address').value;
  return host.objects.add({ kind: 'Address', value });
}
