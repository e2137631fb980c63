/**
 * What a Stellar asset contract test runs its calls inside (stellar_asset_contract.rs
 * `run_from_contract`, `run_from_account`): a native test contract's frame (`Frame::TestContract`,
 * host/frame.rs `with_frame`: the context pushed with its rollback point, the frame given to the
 * auth manager, the frame failing with the closure's error), or the transaction's source account
 * set for a while.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { toScAddress } from '../../src/builtin/values.js';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import type { ContractFrame } from '../../src/host/frames.js';
import type { Host } from '../../src/host/host.js';
import { chargeContractKey } from '../../src/storage/index.js';
import { smallSymbol } from '../../src/values/symbol.js';
import { type Val, VOID } from '../../src/values/val.js';
import { OPTION_ACCOUNT_ID_SIZE } from './adapter-register.js';

/** The frames the adapter pushed for a test contract, printed `TEST:<id>:<fn>`. */
export const TEST_FRAMES = new WeakSet<ContractFrame>();

/**
 * `TestContractFrame::new(id, fn, vec![], instance)` run through `with_frame`: by default
 * `run_from_contract`'s ("foo", a Wasm executable of the zero hash without storage).
 */
export function withTestContractFrame(
  host: Host,
  contractId: Uint8Array,
  body: () => Val,
  fnName = 'foo',
  instance = new xdr.ScContractInstance({
    executable: xdr.ContractExecutable.contractExecutableWasm(Buffer.alloc(32)),
    storage: null,
  }),
): Val {
  const fn = smallSymbol(fnName) as Val;
  const frame: ContractFrame = {
    kind: 'contract',
    contractId,
    fnName,
    fnSymbol: fn,
    args: [],
    vm: undefined,
    instance,
  };
  TEST_FRAMES.add(frame);
  const authSnapshot = host.auth.pushContractFrame(host, contractId, fn);
  let failed = true;
  try {
    const value = host.frames.with(frame, host.rollbackHooks(), () => {
      host.tracer?.push(frame);
      try {
        const result = body();
        host.tracer?.pop(frame, { value: result });
        return result;
      } catch (error) {
        host.tracer?.pop(frame, { error });
        throw error;
      }
    });
    failed = false;
    return value;
  } finally {
    if (host.frames.depth === 0) host.auth.maybeEmulateAuthentication(host);
    host.auth.popFrame(failed ? authSnapshot : undefined);
  }
}

/** `run_from_account`: the source account read (a metered clone), set, then put back if there was one. */
export function withSourceAccount(host: Host, account: string, body: () => void): void {
  host.budget.charge('MemCpy', OPTION_ACCOUNT_ID_SIZE);
  const previous = host.sourceAccount;
  host.sourceAccount = xdr.PublicKey.publicKeyTypeEd25519(Buffer.from(account, 'hex'));
  try {
    body();
  } finally {
    if (previous) host.sourceAccount = previous;
  }
}

/** The host functions a test calls that run a contract's frame (the SAC's initialization included). */
const FRAME_CALLS = new Set([
  'call',
  'try_call',
  'create_asset_contract',
  'create_contract',
  'create_contract_with_constructor',
]);

/**
 * A host built with `testutils` resets its auth manager when a frame ends with the call stack
 * empty (host/frame.rs `with_frame`: a new manager of the same mode, without entries), so entries a
 * test set serve one top-level call.
 */
export function resetAuthAfterTopFrame(host: Host, fn?: string): void {
  if ((fn !== undefined && !FRAME_CALLS.has(fn)) || host.frames.depth !== 0) return;
  const { mode } = host.auth;
  host.auth =
    mode.kind === 'enforcing'
      ? AuthorizationManager.enforcing(host)
      : AuthorizationManager.recording(mode.disableNonRootAuth);
}

/**
 * `host.with_test_contract_frame(host.contract_id_from_address(address), fn, ..)`: the id read from
 * the address (visited, its ScAddress cloned), the contract's instance read from storage
 * (`create_test_contract_frame`), then the body in a test frame with that instance, giving Void.
 */
export function withContractTestFrame(
  host: Host,
  address: Val,
  fnName: string,
  body: () => void,
  byId = false,
): void {
  const scAddress = byId ? host.objects.expect(address, 'Address').value : toScAddress(host, address);
  if (scAddress.type !== 'scAddressTypeContract') throw new Error('not a contract address');
  const contractId = Uint8Array.from(scAddress.contractId.value);
  chargeContractKey(host.budget);
  const instance = host.instance(contractId);
  withTestContractFrame(
    host,
    contractId,
    () => {
      body();
      return VOID;
    },
    fnName,
    instance,
  );
}
