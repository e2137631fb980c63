/**
 * The functions of protocol 28 from contracts on a TestEnv: executable references (CAP-85, after
 * the Rust host's test/executable_tag.rs and test/lifecycle.rs) and the sparse maps of CAP-86
 * through a contract's linear memory, each refused below protocol 28.
 */
import { Address, hash, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { ledger } from '../../src/host/functions/ledger.js';
import { invokeHostFunction } from '../../src/invoke/index.js';
import { contractInstanceKey } from '../../src/storage/index.js';
import { hostImports } from '../../src/testing/contract-module.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { Tag } from '../../src/values/tags.js';
import { tagOf } from '../../src/values/val.js';
import { enforcingHost } from '../auth/custom-accounts-support.js';
import { outcome } from '../support/outcome.js';
import { contract } from '../vm/wat.js';
import { harness } from './functions/support.js';

const P28 = 28;
/** A U32Val as the word a contract returns: the number above tag 4. */
const u32Word = (n: number) => `0x${n.toString(16)}00000004`;

/** A contract that answers `value` with `n`. */
const valueContract = (n: number) =>
  contract(`(module (func (export "value") (result i64) (i64.const ${u32Word(n)})))`, P28);

/** Publishes references under tags and deploys from them; its own `value` is 7. */
const OWNER_WAT = `(module
  ${hostImports([
    'create_executable_tag',
    'put_contract_data',
    'del_contract_data',
    'create_external_ref_contract',
    'update_current_contract_executable_ref',
    'vec_new',
    'get_current_contract_address',
  ])}
  (memory 1)
  (export "memory" (memory 0))
  (func $tag (param i64) (result i64) (call $create_executable_tag (local.get 0)))
  (func (export "publish") (param $tag i64) (param $hash i64) (param $storage i64) (result i64)
    (call $put_contract_data (call $tag (local.get $tag)) (local.get $hash)
      (i64.shr_u (local.get $storage) (i64.const 32))))
  (func (export "unpublish") (param $tag i64) (result i64)
    (call $del_contract_data (call $tag (local.get $tag)) (i64.const 1)))
  (func (export "deploy") (param $owner i64) (param $tag i64) (param $salt i64) (result i64)
    (call $create_external_ref_contract (call $get_current_contract_address) (local.get $owner)
      (call $tag (local.get $tag)) (local.get $salt) (call $vec_new)))
  (func (export "switch") (param $owner i64) (param $tag i64) (result i64)
    (call $update_current_contract_executable_ref (local.get $owner) (call $tag (local.get $tag))))
  (func (export "value") (result i64) (i64.const ${u32Word(7)})))`;
const OWNER = contract(OWNER_WAT, P28);

const str = (text: string) => xdr.ScVal.scvString(text);
const bytes = (b: Uint8Array) => xdr.ScVal.scvBytes(Buffer.from(b));
const address = (c: string) => xdr.ScVal.scvAddress(Address.fromString(c).toScAddress());
const u32 = (n: number) => xdr.ScVal.scvU32(n);
const PERSISTENT = u32(1);
const TEMPORARY = u32(0);
const INSTANCE = u32(2);

function setup() {
  const env = new TestEnv({ ledger: { protocolVersion: P28 } });
  const owner = env.register(OWNER);
  const [one, two] = [valueContract(1), valueContract(2)];
  env.register(one);
  env.register(two);
  return { env, owner, hashOne: hash(Buffer.from(one)), hashTwo: hash(Buffer.from(two)) };
}

const executableOf = (env: TestEnv, c: string): xdr.ContractExecutable => {
  const data = env.snapshot.get(contractInstanceKey(Address.fromString(c).toBuffer()))?.entry.data;
  if (data?.type !== 'contractData' || data.contractData.val.type !== 'scvContractInstance')
    throw new Error('no instance');
  return data.contractData.val.instance.executable;
};

describe('executable references (protocol 28)', () => {
  it('deploys a contract running the Wasm its reference names, read again at each call', () => {
    const { env, owner, hashOne, hashTwo } = setup();
    env.invoke(owner, 'publish', [str('v'), bytes(hashOne), PERSISTENT]);
    const deployed = env.invoke<string>(owner, 'deploy', [
      address(owner),
      str('v'),
      bytes(new Uint8Array(32)),
    ]).result;
    expect(executableOf(env, deployed).type).toBe('contractExecutableExternalRef');
    expect(env.invoke(deployed, 'value').result).toBe(1);
    // The owner republishes: every instance using the reference runs the new Wasm.
    env.invoke(owner, 'publish', [str('v'), bytes(hashTwo), PERSISTENT]);
    expect(env.invoke(deployed, 'value').result).toBe(2);
  });

  const puts: { given: string; value: () => xdr.ScVal; storage: xdr.ScVal; want: string }[] = [
    {
      given: 'a Wasm hash, persistent',
      value: () => bytes(hash(Buffer.from(valueContract(1)))),
      storage: PERSISTENT,
      want: 'ok',
    },
    {
      given: 'temporary storage',
      value: () => bytes(hash(Buffer.from(valueContract(1)))),
      storage: TEMPORARY,
      want: 'Error(Storage, InvalidInput)',
    },
    {
      given: 'instance storage',
      value: () => bytes(hash(Buffer.from(valueContract(1)))),
      storage: INSTANCE,
      want: 'Error(Storage, InvalidInput)',
    },
    {
      given: 'a string value',
      value: () => str('x'.repeat(32)),
      storage: PERSISTENT,
      want: 'Error(Storage, InvalidInput)',
    },
    { given: 'a u32 value', value: () => u32(5), storage: PERSISTENT, want: 'Error(Storage, InvalidInput)' },
    {
      given: 'a hash of no Wasm',
      value: () => bytes(new Uint8Array(32)),
      storage: PERSISTENT,
      want: 'Error(Storage, MissingValue)',
    },
    {
      given: 'bytes that are no hash',
      value: () => bytes(new Uint8Array(31)),
      storage: PERSISTENT,
      want: 'Error(Object, UnexpectedSize)',
    },
  ];
  it.each(puts)('put_contract_data under a tag with $given: $want', ({ value, storage, want }) => {
    const { env, owner } = setup();
    expect(outcome(() => env.invoke(owner, 'publish', [str('v'), value(), storage]))).toBe(want);
  });

  it('never deletes a reference entry', () => {
    const { env, owner, hashOne } = setup();
    env.invoke(owner, 'publish', [str('v'), bytes(hashOne), PERSISTENT]);
    expect(outcome(() => env.invoke(owner, 'unpublish', [str('v')]))).toBe('Error(Storage, InvalidAction)');
  });

  it('refuses to deploy from, or switch to, a reference that is not there', () => {
    const { env, owner } = setup();
    const salt = bytes(new Uint8Array(32));
    expect(outcome(() => env.invoke(owner, 'deploy', [address(owner), str('none'), salt]))).toBe(
      'Error(Storage, MissingValue)',
    );
    expect(outcome(() => env.invoke(owner, 'switch', [address(owner), str('none')]))).toBe(
      'Error(Storage, MissingValue)',
    );
  });

  it('switches the current contract to a reference, with the executable_update event', () => {
    const { env, owner, hashOne } = setup();
    env.invoke(owner, 'publish', [str('v'), bytes(hashOne), PERSISTENT]);
    expect(env.invoke(owner, 'value').result).toBe(7);
    const { events } = env.invoke(owner, 'switch', [address(owner), str('v')]);
    const update = events.map((e) => e.event).find((e) => e.type.name === 'system');
    const topics = update?.body.v0.topics ?? [];
    expect(topics[0]?.toXdr('base64')).toBe(xdr.ScVal.scvSymbol('executable_update').toXdr('base64'));
    const refCase = xdr.ScVal.scvVec([
      xdr.ScVal.scvSymbol('ExternalRef'),
      xdr.ScVal.scvMap([
        new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('owner'), val: address(owner) }),
        new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('tag'), val: str('v') }),
      ]),
    ]);
    expect(topics[2]?.toXdr('base64')).toBe(refCase.toXdr('base64'));
    expect(env.invoke(owner, 'value').result).toBe(1);
  });

  it('cannot link a contract using the functions below protocol 28', () => {
    const env = new TestEnv({ ledger: { protocolVersion: 27 } });
    expect(outcome(() => env.register(contract(OWNER_WAT, 27)))).toBe('Error(WasmVm, InvalidAction)');
  });
});

/** Keys "a" and "b" in a data segment; the values the caller passes, written to memory first. */
const SPARSE_WAT = `(module
  ${hostImports(['sparse_map_new_from_linear_memory'])}
  (memory 1)
  (export "memory" (memory 0))
  (data (i32.const 0) "\\20\\00\\00\\00\\01\\00\\00\\00\\21\\00\\00\\00\\01\\00\\00\\00")
  (data (i32.const 32) "ab")
  (func (export "build") (param $a i64) (param $b i64) (result i64)
    (i64.store (i32.const 64) (local.get $a))
    (i64.store (i32.const 72) (local.get $b))
    (call $sparse_map_new_from_linear_memory (i64.const 4) (i64.const ${u32Word(64)}) (i64.const ${u32Word(2)}))))`;
const SPARSE = contract(SPARSE_WAT, P28);

describe('sparse maps from a contract (protocol 28)', () => {
  it('leaves the Void values out of the map', () => {
    const env = new TestEnv({ ledger: { protocolVersion: P28 } });
    const id = env.register(SPARSE);
    const { returnValue } = env.invoke(id, 'build', [u32(1), xdr.ScVal.scvVoid()]);
    const want = xdr.ScVal.scvMap([new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('a'), val: u32(1) })]);
    expect(returnValue.toXdr('base64')).toBe(want.toXdr('base64'));
  });

  it('cannot link below protocol 28', () => {
    const env = new TestEnv({ ledger: { protocolVersion: 27 } });
    expect(outcome(() => env.register(contract(SPARSE_WAT, 27)))).toBe('Error(WasmVm, InvalidAction)');
  });
});

describe('the ExecutableTag object', () => {
  it('converts to ScVal ExecutableTag and back, equal to itself (test_executable_tag_conversion_roundtrip)', () => {
    const h = harness({ vm: false });
    const text = h.host.converter.toVal(str('executable tag'));
    const tag = h.call(ledger, 'create_executable_tag', text);
    expect(tagOf(tag)).toBe(Tag.ExecutableTagObject);
    const scval = h.host.converter.toScVal(tag);
    expect(scval.toXdr('base64')).toBe(xdr.ScVal.scvExecutableTag('executable tag').toXdr('base64'));
    const back = h.host.converter.toVal(scval);
    expect(h.host.comparator.compare(tag, back)).toBe(0);
    // Of another kind, it orders after every other object (comparison.rs discriminant 15).
    expect(h.host.comparator.compare(tag, text)).toBe(1);
  });
});

describe('a creation from a reference with an asset preimage', () => {
  it('is refused: a reference pairs only with an address preimage', () => {
    const { env, owner, hashOne } = setup();
    env.invoke(owner, 'publish', [str('v'), bytes(hashOne), PERSISTENT]);
    const host = enforcingHost(env);
    const fn = xdr.HostFunction.hostFunctionTypeCreateContractV2(
      new xdr.CreateContractArgsV2({
        contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAsset(xdr.Asset.assetTypeNative()),
        executable: xdr.ContractExecutable.contractExecutableExternalRef(
          new xdr.ContractExecutableExternalRef({
            executableOwner: Address.fromString(owner).toScAddress(),
            tag: 'v',
          }),
        ),
        constructorArgs: [],
      }),
    );
    expect(outcome(() => invokeHostFunction(host, fn))).toBe('Error(Value, InvalidInput)');
  });
});
