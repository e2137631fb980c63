/**
 * `register_test_contract_wasm` (testutils.rs) for the host adapter: a WASM file uploaded and a
 * contract made of it, as the Rust test helper does, with the contract ids the Rust test gets.
 */
import { createHash } from 'node:crypto';
import { xdr } from '@stellar/stellar-sdk/base';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import type { Host } from '../../src/host/host.js';
import type { Val } from '../../src/values/val.js';
import type { TestCall } from './adapter-auth.js';
import { generateBytesArray } from './adapter-host.js';
import { traceVal, Unsupported } from './adapter-values.js';
import type { TraceValue } from './types.js';

/** `Option<AccountId>`'s declared size (declared_size.rs: 32, plus 8 for the option). */
export const OPTION_ACCOUNT_ID_SIZE = 40n;

/**
 * `register_test_contract_wasm` (testutils.rs): the source account read (a metered clone of an
 * `Option<AccountId>`), recording auth for the set-up, upload, then create with an account deployer
 * that is also made the source account, and a salt; the auth manager is put back, the source
 * account is left set. The deployer's key and then the salt come from the test PRNG (unmetered),
 * so the contract id is the Rust test's.
 */
export function registerTestContract(
  host: Host,
  wasm: Uint8Array,
  vmIds: Map<string, string>,
  callDirect: TestCall,
): Val {
  const len = (n: number): TraceValue => ({ kind: 'int', value: BigInt(n) });
  host.budget.charge('MemCpy', OPTION_ACCOUNT_ID_SIZE);
  const previousAuth = host.auth;
  host.auth = AuthorizationManager.recording(true);
  const code = callDirect('bytes_new_from_slice', [wasm], [len(wasm.length)]);
  if (code === undefined) throw new Unsupported('the code could not be made');
  const wasmHash = callDirect('upload_wasm', [code], [traceVal(code)]);
  if (wasmHash === undefined) throw new Unsupported('the upload failed');
  const account = xdr.PublicKey.publicKeyTypeEd25519(generateBytesArray(host));
  const saltBytes = generateBytesArray(host);
  host.sourceAccount = account;
  const deployer = host.objects.add({ kind: 'Address', value: xdr.ScAddress.scAddressTypeAccount(account) });
  const salt = callDirect('bytes_new_from_slice', [saltBytes], [len(32)]);
  if (salt === undefined) throw new Unsupported('the salt could not be made');
  const address = callDirect(
    'create_contract',
    [deployer, wasmHash, salt],
    [deployer, wasmHash, salt].map(traceVal),
  );
  host.auth = previousAuth;
  if (address === undefined) throw new Unsupported('the contract could not be created');
  const scAddress = host.objects.expect(address, 'Address').value.toXdr();
  const contractId = Buffer.from(scAddress.subarray(scAddress.length - 32)).toString('hex');
  const vmId = createHash('sha256')
    .update(wasm)
    .digest('hex')
    .slice(0, 8)
    .replace(/^0+(?=.)/, '');
  vmIds.set(contractId, vmId);
  return address;
}

/** A `register` step's code: the WASM file it names, or the module the test synthesizes. */
export function registeredCode(
  step: { wasm: string; code?: string },
  readWasm: (path: string) => Uint8Array,
) {
  return step.code === undefined ? readWasm(step.wasm) : Buffer.from(step.code, 'hex');
}
