/**
 * The `address` module's answers and errors for each kind of input (host.rs "address" module
 * functions; strkeys of soroban-env-host/src/test/address.rs), called as a contract's dispatcher
 * would, on a host whose ledger holds one account and one contract.
 */
import { Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { HostError } from '../../src/errors/host-error.js';
import { address } from '../../src/host/functions/address.js';
import type { CallContext } from '../../src/host/functions/types.js';
import { Host } from '../../src/host/host.js';
import type { HostObject } from '../../src/host/objects.js';
import { contractInstanceKey, InMemorySnapshot, Storage } from '../../src/storage/index.js';
import { fromU32, type Val, VOID } from '../../src/values/val.js';
import { accountEntry } from './support.js';

const KEY = Buffer.from('3f0c34bf93ad0d9971d04ccc90f705511c838aad9734a4a2fb0d7a03fc7fe89a', 'hex');
const OWNER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const WASM_HASH = Buffer.alloc(32, 9);
const CONTRACT_ID = Buffer.alloc(32, 5);
const SAC_ID = Buffer.alloc(32, 6);

const account = (key: Uint8Array) =>
  xdr.ScAddress.scAddressTypeAccount(xdr.PublicKey.publicKeyTypeEd25519(key));
const contract = (id: Uint8Array) => xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(id));
const muxed = (key: Uint8Array, id: bigint) =>
  xdr.ScAddress.scAddressTypeMuxedAccount(new xdr.MuxedEd25519Account({ id, ed25519: key }));

function instance(id: Uint8Array, executable: xdr.ContractExecutable): [xdr.LedgerKey, xdr.LedgerEntry] {
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.contractData(
      new xdr.ContractDataEntry({
        ext: xdr.ExtensionPoint.v0(),
        contract: contract(id),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
        val: xdr.ScVal.scvContractInstance(new xdr.ScContractInstance({ executable, storage: null })),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
  return [contractInstanceKey(id), entry];
}

function host(): Host {
  const snapshot = new InMemorySnapshot();
  const ownerEntry = accountEntry(OWNER);
  snapshot.set(xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: OWNER.xdrAccountId() })), {
    entry: ownerEntry,
    liveUntil: undefined,
  });
  for (const [key, entry] of [
    instance(CONTRACT_ID, xdr.ContractExecutable.contractExecutableWasm(WASM_HASH)),
    instance(SAC_ID, xdr.ContractExecutable.contractExecutableStellarAsset()),
  ])
    snapshot.set(key, { entry, liveUntil: 5000 });
  const ledger = {
    protocolVersion: 23,
    sequenceNumber: 100,
    timestamp: 0n,
    networkId: new Uint8Array(32),
    baseReserve: 1,
    minTempEntryTtl: 16,
    minPersistentEntryTtl: 4096,
    maxEntryTtl: 10_000,
  };
  return new Host({ budget: Budget.default(), storage: Storage.recording(snapshot, () => ledger), ledger });
}

type Arg = HostObject | Val;

/** Calls the function with the arguments made into objects; the answer as an ScVal's XDR type and value, or the error. */
function run(name: string, ...args: Arg[]): string {
  const h = host();
  const c: CallContext = { host: h, vm: undefined };
  try {
    // The object table refuses an address variant its object type cannot hold (`inject`).
    const vals = args.map((arg) => (typeof arg === 'bigint' ? arg : h.objects.add(arg)));
    const result = (address[name] as (c: CallContext, ...a: Val[]) => Val)(c, ...vals);
    return show(h.converter.toScVal(result));
  } catch (error) {
    if (error instanceof HostError) return error.short;
    throw error;
  }
}

function show(scval: xdr.ScVal): string {
  switch (scval.type) {
    case 'scvString':
      return `String(${scval.str.toString()})`;
    case 'scvAddress':
      return scval.address.type === 'scAddressTypeAccount'
        ? `Address(${StrKey.encodeEd25519PublicKey(Buffer.from(scval.address.accountId.ed25519.value))})`
        : scval.address.type === 'scAddressTypeContract'
          ? `Address(${StrKey.encodeContract(Buffer.from(scval.address.contractId.value))})`
          : 'Address(other)';
    case 'scvVec':
      return `[${(scval.vec ?? []).map(show).join(', ')}]`;
    case 'scvSymbol':
      return scval.sym.toString();
    case 'scvBytes':
      return Buffer.from(scval.bytes.value).toString('hex');
    case 'scvU64':
      return `U64(${scval.u64})`;
    case 'scvVoid':
      return 'Void';
    default:
      return scval.type;
  }
}

const ACCOUNT_STRKEY = 'GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ';
const CONTRACT_STRKEY = 'CA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJUWDA';
const text = (value: string): HostObject => ({ kind: 'String', value: Buffer.from(value) });

describe('the address module', () => {
  it.each<{ name: string; fn: string; args: Arg[]; want: string }>([
    {
      name: 'an account',
      fn: 'address_to_strkey',
      args: [{ kind: 'Address', value: account(KEY) }],
      want: `String(${ACCOUNT_STRKEY})`,
    },
    {
      name: 'a contract',
      fn: 'address_to_strkey',
      args: [{ kind: 'Address', value: contract(KEY) }],
      want: `String(${CONTRACT_STRKEY})`,
    },
    {
      name: 'an account strkey',
      fn: 'strkey_to_address',
      args: [text(ACCOUNT_STRKEY)],
      want: `Address(${ACCOUNT_STRKEY})`,
    },
    {
      name: 'a contract strkey',
      fn: 'strkey_to_address',
      args: [text(CONTRACT_STRKEY)],
      want: `Address(${CONTRACT_STRKEY})`,
    },
    {
      name: 'a strkey as bytes',
      fn: 'strkey_to_address',
      args: [{ kind: 'Bytes', value: Buffer.from(ACCOUNT_STRKEY) }],
      want: `Address(${ACCOUNT_STRKEY})`,
    },
    {
      name: 'a small value',
      fn: 'strkey_to_address',
      args: [fromU32(7)],
      want: 'Error(Value, UnexpectedType)',
    },
    {
      name: 'a symbol object',
      fn: 'strkey_to_address',
      args: [{ kind: 'Symbol', value: Buffer.from('GAAAAAAAAAAAA') }],
      want: 'Error(Value, UnexpectedType)',
    },
    {
      name: 'a vector',
      fn: 'strkey_to_address',
      args: [{ kind: 'Vec', value: [] }],
      want: 'Error(Value, UnexpectedType)',
    },
    {
      name: 'a seed strkey',
      fn: 'strkey_to_address',
      args: [text('SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR')],
      want: 'Error(Value, InvalidInput)',
    },
    {
      name: 'a bad checksum',
      fn: 'strkey_to_address',
      args: [text('GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA')],
      want: 'Error(Value, InvalidInput)',
    },
    {
      name: 'lower case',
      fn: 'strkey_to_address',
      args: [text(ACCOUNT_STRKEY.toLowerCase())],
      want: 'Error(Value, InvalidInput)',
    },
    {
      name: 'a muxed account',
      fn: 'get_address_from_muxed_address',
      args: [{ kind: 'MuxedAddress', value: muxed(KEY, 123n) }],
      want: `Address(${ACCOUNT_STRKEY})`,
    },
    {
      name: 'a muxed id',
      fn: 'get_id_from_muxed_address',
      args: [{ kind: 'MuxedAddress', value: muxed(KEY, 123n) }],
      want: 'U64(123)',
    },
    {
      name: 'a large muxed id',
      fn: 'get_id_from_muxed_address',
      args: [{ kind: 'MuxedAddress', value: muxed(KEY, 2n ** 64n - 1n) }],
      want: `U64(${2n ** 64n - 1n})`,
    },
    {
      name: 'a muxed-address object holding a plain account (never made)',
      fn: 'get_id_from_muxed_address',
      args: [{ kind: 'MuxedAddress', value: account(KEY) }],
      want: 'Error(Object, InvalidInput)',
    },
    {
      name: 'a muxed-address object holding a contract (never made)',
      fn: 'get_address_from_muxed_address',
      args: [{ kind: 'MuxedAddress', value: contract(KEY) }],
      want: 'Error(Object, InvalidInput)',
    },
    {
      name: 'an existing account',
      fn: 'get_address_executable',
      args: [{ kind: 'Address', value: account(OWNER.rawPublicKey()) }],
      want: '[Account]',
    },
    {
      name: 'a missing account',
      fn: 'get_address_executable',
      args: [{ kind: 'Address', value: account(KEY) }],
      want: 'Void',
    },
    {
      name: 'a Wasm contract',
      fn: 'get_address_executable',
      args: [{ kind: 'Address', value: contract(CONTRACT_ID) }],
      want: `[Wasm, ${WASM_HASH.toString('hex')}]`,
    },
    {
      name: 'a Stellar Asset contract',
      fn: 'get_address_executable',
      args: [{ kind: 'Address', value: contract(SAC_ID) }],
      want: '[StellarAsset]',
    },
    {
      name: 'a missing contract',
      fn: 'get_address_executable',
      args: [{ kind: 'Address', value: contract(KEY) }],
      want: 'Void',
    },
    {
      name: 'outside a contract',
      fn: 'require_auth',
      args: [{ kind: 'Address', value: account(KEY) }],
      want: 'Error(Context, InternalError)',
    },
    {
      name: 'outside a contract, with arguments',
      fn: 'require_auth_for_args',
      args: [
        { kind: 'Address', value: account(KEY) },
        { kind: 'Vec', value: [] },
      ],
      want: 'Error(Auth, InternalError)',
    },
    {
      name: 'outside a contract',
      fn: 'authorize_as_curr_contract',
      args: [{ kind: 'Vec', value: [] }],
      want: 'Void',
    },
    {
      name: 'outside a contract, an entry',
      fn: 'authorize_as_curr_contract',
      args: [{ kind: 'Vec', value: [VOID] }],
      want: 'Error(Context, InternalError)',
    },
  ])('$fn of $name: $want', ({ fn, args, want }) => {
    expect(run(fn, ...args)).toBe(want);
  });
});
