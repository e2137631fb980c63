/**
 * The contexts `__check_auth` receives (account_contract.rs AuthorizationContext::from_authorized_fn,
 * invocation_tree_to_auth_contexts) for contract creation, after lifecycle.rs `auth_context` at
 * v23.0.0: the host's `custom_account_context` account panics unless its signature equals the
 * contexts it is given, so a creation it authorizes passes exactly when the expected contexts are
 * the host's. A creation without constructor arguments is a `CreateContractHostFn` context (v1 or
 * v2 host function, v1 or v2 authorized function); one with arguments a
 * `CreateContractWithCtorHostFn`, followed by the constructor's tree in pre-order.
 */
import { hash, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { AuthorizationManager } from '../../src/host/auth/index.js';
import { invokeHostFunction } from '../../src/invoke/index.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import {
  addressEntry,
  addressVal,
  enforcingHost,
  invocation,
  outcome,
  scAddress,
  WASM,
} from './custom-accounts-support.js';

const SALT = Buffer.alloc(32, 0x5a);
const sym = (text: string) => xdr.ScVal.scvSymbol(text);
const struct = (fields: [string, xdr.ScVal][]) =>
  xdr.ScVal.scvMap(fields.map(([key, val]) => new xdr.ScMapEntry({ key: sym(key), val })));
const enumCase = (name: string, value: xdr.ScVal) => xdr.ScVal.scvVec([sym(name), value]);
const wasmExecutable = (wasmHash: Buffer) => enumCase('Wasm', xdr.ScVal.scvBytes(wasmHash));

const createContext = (wasmHash: Buffer) =>
  enumCase(
    'CreateContractHostFn',
    struct([
      ['executable', wasmExecutable(wasmHash)],
      ['salt', xdr.ScVal.scvBytes(SALT)],
    ]),
  );
const createWithCtorContext = (wasmHash: Buffer, args: xdr.ScVal[]) =>
  enumCase(
    'CreateContractWithCtorHostFn',
    struct([
      ['constructor_args', xdr.ScVal.scvVec(args)],
      ['executable', wasmExecutable(wasmHash)],
      ['salt', xdr.ScVal.scvBytes(SALT)],
    ]),
  );
const contractContext = (contract: string, fn: string, args: xdr.ScVal[]) =>
  enumCase(
    'Contract',
    struct([
      ['args', xdr.ScVal.scvVec(args)],
      ['contract', addressVal(contract)],
      ['fn_name', sym(fn)],
    ]),
  );

interface Creation {
  wasm: Buffer;
  hostFnV1: boolean;
  authV1: boolean;
  args?: (account: string, auth: string) => xdr.ScVal[];
  /** The authorized tree's sub-invocations. */
  subs?: (account: string, auth: string, created: string) => xdr.SorobanAuthorizedInvocation[];
  /** The contexts the account expects (its signature). */
  contexts: (wasmHash: Buffer, account: string, auth: string, created: string) => xdr.ScVal;
}

/** Uploads the code and creates a contract from it with `account` as deployer, authorized by one entry. */
function create(c: Creation): string {
  const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 } });
  const account = env.register(WASM.context());
  const auth = env.register(WASM.auth());
  const host = enforcingHost(env);
  invokeHostFunction(host, xdr.HostFunction.hostFunctionTypeUploadContractWasm(c.wasm));
  const wasmHash = Buffer.from(hash(c.wasm));
  const preimage = xdr.ContractIdPreimage.contractIdPreimageFromAddress(
    new xdr.ContractIdPreimageFromAddress({ address: scAddress(account), salt: SALT }),
  );
  const created = StrKey.encodeContract(
    hash(
      xdr.HashIdPreimage.envelopeTypeContractId(
        new xdr.HashIdPreimageContractId({
          networkId: Buffer.from(env.ledger.networkId),
          contractIdPreimage: preimage,
        }),
      ).toXdr(),
    ),
  );
  const executable = xdr.ContractExecutable.contractExecutableWasm(wasmHash);
  const constructorArgs = c.args?.(account, auth) ?? [];
  const function_ = c.authV1
    ? xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeCreateContractHostFn(
        new xdr.CreateContractArgs({ contractIdPreimage: preimage, executable }),
      )
    : xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeCreateContractV2HostFn(
        new xdr.CreateContractArgsV2({ contractIdPreimage: preimage, executable, constructorArgs }),
      );
  const root = new xdr.SorobanAuthorizedInvocation({
    function: function_,
    subInvocations: c.authV1 ? [] : (c.subs?.(account, auth, created) ?? []),
  });
  const signature = c.contexts(wasmHash, account, auth, created);
  host.auth = AuthorizationManager.enforcing(host, [addressEntry(account, root, signature, 123n, 1000)]);
  const hostFn = c.hostFnV1
    ? xdr.HostFunction.hostFunctionTypeCreateContract(
        new xdr.CreateContractArgs({ contractIdPreimage: preimage, executable }),
      )
    : xdr.HostFunction.hostFunctionTypeCreateContractV2(
        new xdr.CreateContractArgsV2({ contractIdPreimage: preimage, executable, constructorArgs }),
      );
  const result = invokeHostFunction(host, hostFn);
  expect(result.toXdr('base64')).toBe(addressVal(created).toXdr('base64'));
  return 'ok';
}

const NO_ARGUMENT_CODES = [
  'wasm/20/example_add_i32.wasm',
  'wasm/22/example_add_i32.wasm',
  'wasm/21/test_constructor.wasm',
  'wasm/21/test_no_arg_constructor.wasm',
];
const VERSIONS = [
  { hostFnV1: false, authV1: false },
  { hostFnV1: false, authV1: true },
  { hostFnV1: true, authV1: false },
  { hostFnV1: true, authV1: true },
];
const NO_ARGUMENT_ROWS = NO_ARGUMENT_CODES.flatMap((code) => VERSIONS.map((v) => ({ code, ...v })));

describe.skipIf(!sorobanData)(
  `creation contexts given to __check_auth (${sorobanData ? 'custom_account_context' : NO_SOROBAN_DATA})`,
  () => {
    it.each(NO_ARGUMENT_ROWS)(
      'no constructor arguments ($code, v1 host fn $hostFnV1, v1 auth $authV1): a CreateContractHostFn context',
      ({ code, hostFnV1, authV1 }) => {
        const wasm = readSoroban(code);
        expect(
          outcome(() =>
            create({ wasm, hostFnV1, authV1, contexts: (h) => xdr.ScVal.scvVec([createContext(h)]) }),
          ),
        ).toBe('ok');
      },
    );

    it.each(NO_ARGUMENT_ROWS)(
      'no constructor arguments ($code, v1 host fn $hostFnV1, v1 auth $authV1): not a CreateContractWithCtorHostFn context',
      ({ code, hostFnV1, authV1 }) => {
        const wasm = readSoroban(code);
        const contexts = (h: Buffer) => xdr.ScVal.scvVec([xdr.ScVal.scvVec([createWithCtorContext(h, [])])]);
        expect(outcome(() => create({ wasm, hostFnV1, authV1, contexts }))).toBe(
          'Error(Auth, InvalidAction)',
        );
      },
    );

    it('constructor arguments: a CreateContractWithCtorHostFn context, then the constructor and its call', () => {
      const args = (account: string, auth: string) => [
        addressVal(account),
        sym('key'),
        xdr.ScVal.scvU32(100),
        addressVal(auth),
      ];
      const doAuthArgs = (account: string) => [addressVal(account), xdr.ScVal.scvU32(100)];
      const result = create({
        wasm: readSoroban('wasm/22/test_constructor.wasm'),
        hostFnV1: false,
        authV1: false,
        args,
        subs: (account, auth, created) => [
          invocation(created, '__constructor', args(account, auth), [
            invocation(auth, 'do_auth', doAuthArgs(account)),
          ]),
        ],
        contexts: (h, account, auth, created) =>
          xdr.ScVal.scvVec([
            createWithCtorContext(h, args(account, auth)),
            contractContext(created, '__constructor', args(account, auth)),
            contractContext(auth, 'do_auth', doAuthArgs(account)),
          ]),
      });
      expect(result).toBe('ok');
    });
  },
);
