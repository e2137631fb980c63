/**
 * What the Stellar Asset Contract tests share (after `StellarAssetContractTest` in
 * soroban-env-host/src/test/stellar_asset_contract.rs): a TestEnv at ledger 123 with the Rust
 * test's ledger settings, accounts and trustlines written into its snapshot, the default asset
 * (`aaaa` issued by an account with AUTH_REVOCABLE and AUTH_CLAWBACK_ENABLED), and calls that
 * answer with the result or the HostError.
 */
import { Keypair, StrKey, scValToNative, xdr } from '@stellar/stellar-sdk/base';
import { ContractError } from '../../../src/builtin/contract-error.js';
import { accountFields } from '../../../src/builtin/sac/classic.js';
import { HostError } from '../../../src/errors/host-error.js';
import {
  type AccountOptions as ClassicAccountOptions,
  trustlineKey as classicTrustlineKey,
  type TrustlineOptions,
} from '../../../src/testing/classic-entries.js';
import { type Invocation, TestEnv } from '../../../src/testing/test-env.js';

export const I64_MAX = (1n << 63n) - 1n;
export const AccountFlags = { required: 1, revocable: 2, clawbackEnabled: 8 } as const;
export const TrustLineFlags = {
  authorized: 1,
  authorizedToMaintainLiabilities: 2,
  clawbackEnabled: 4,
} as const;

/** The Rust tests' ledger; signing tests give the network id their passphrase hashes to. */
export const sacEnv = ({ networkId = new Uint8Array(32).fill(5), protocolVersion = 23 } = {}): TestEnv =>
  new TestEnv({
    ledger: {
      protocolVersion,
      sequenceNumber: 123,
      timestamp: 123_456n,
      networkId,
      baseReserve: 5_000_000,
      minPersistentEntryTtl: 4096,
      minTempEntryTtl: 16,
      maxEntryTtl: 6_312_000,
    },
  });

export const keypair = (n: number): Keypair => Keypair.fromRawEd25519Seed(Buffer.alloc(32, n));

export interface AccountOptions extends Omit<ClassicAccountOptions, 'signers'> {
  signers?: [Keypair, number][];
}

/** Rewrites an account's flags (`update_account_flags`). */
export function setAccountFlags(env: TestEnv, key: Keypair, flags: number): void {
  const accountKey = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: key.xdrAccountId() }));
  const found = env.snapshot.get(accountKey);
  if (found?.entry.data.type !== 'account') throw new Error('no account');
  const a = found.entry.data.account;
  const account = new xdr.AccountEntry({ ...accountFields(a), flags });
  const entry = new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.account(account),
    ext: xdr.LedgerEntryExt.v0(),
  });
  env.snapshot.set(accountKey, { entry, liveUntil: undefined });
}

export function putAccount(env: TestEnv, key: Keypair, options: AccountOptions = {}): void {
  env.createAccount(key.publicKey(), {
    ...options,
    signers: options.signers?.map(([signer, weight]) => [signer.publicKey(), weight]),
  });
}

export function asset(code: string | Uint8Array, issuer: Keypair): xdr.Asset {
  const bytes = typeof code === 'string' ? Buffer.from(code, 'latin1') : Buffer.from(code);
  if (bytes.length === 4)
    return xdr.Asset.assetTypeCreditAlphanum4(
      new xdr.AlphaNum4({ assetCode: bytes, issuer: issuer.xdrAccountId() }),
    );
  return xdr.Asset.assetTypeCreditAlphanum12(
    new xdr.AlphaNum12({ assetCode: bytes, issuer: issuer.xdrAccountId() }),
  );
}

export const trustlineKey = (holder: Keypair, value: xdr.Asset): xdr.LedgerKey =>
  classicTrustlineKey(holder.publicKey(), value);

export function putTrustline(
  env: TestEnv,
  holder: Keypair,
  value: xdr.Asset,
  options: TrustlineOptions = {},
): void {
  env.createTrustline(holder.publicKey(), value, options);
}

export function nativeBalance(env: TestEnv, key: Keypair): bigint {
  const found = env.snapshot.get(
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: key.xdrAccountId() })),
  );
  if (found?.entry.data.type !== 'account') throw new Error('no account');
  return BigInt(found.entry.data.account.balance);
}

export function trustline(env: TestEnv, holder: Keypair, value: xdr.Asset): xdr.TrustLineEntry {
  const found = env.snapshot.get(trustlineKey(holder, value));
  if (found?.entry.data.type !== 'trustline') throw new Error('no trustline');
  return found.entry.data.trustLine;
}

/** An account's address, or a contract's (a C-strkey or 32 bytes). */
export function scAddress(who: Keypair | string | Uint8Array): xdr.ScAddress {
  if (who instanceof Keypair) return xdr.ScAddress.scAddressTypeAccount(who.xdrAccountId());
  const id = typeof who === 'string' ? StrKey.decodeContract(who) : Buffer.from(who);
  return xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(id));
}

/** An address argument. */
export const addr = (who: Keypair | string | Uint8Array): xdr.ScVal => xdr.ScVal.scvAddress(scAddress(who));

export function muxed(who: Keypair, id: bigint): xdr.ScVal {
  return xdr.ScVal.scvAddress(
    xdr.ScAddress.scAddressTypeMuxedAccount(new xdr.MuxedEd25519Account({ id, ed25519: who.rawPublicKey() })),
  );
}

export const i128 = (value: bigint): xdr.ScVal =>
  xdr.ScVal.scvI128(
    new xdr.Int128Parts({
      hi: BigInt.asIntN(64, value >> 64n),
      lo: BigInt.asUintN(64, value & ((1n << 64n) - 1n)),
    }),
  );
export const u32 = (value: number): xdr.ScVal => xdr.ScVal.scvU32(value);
export const bool = (value: boolean): xdr.ScVal => xdr.ScVal.scvBool(value);

/** A contract id no contract has (`generate_bytes_array`). */
export const contractId = (n: number): Uint8Array => new Uint8Array(32).fill(n);

/** A deployed SAC with calls that give the native result or throw the HostError. */
export class Sac {
  constructor(
    readonly env: TestEnv,
    readonly id: string,
  ) {}

  static deploy(env: TestEnv, value: xdr.Asset): Sac {
    return new Sac(env, env.registerStellarAsset(value));
  }

  invoke(fn: string, ...args: xdr.ScVal[]): Invocation {
    return this.env.invoke(this.id, fn, args);
  }

  call(fn: string, ...args: xdr.ScVal[]): unknown {
    return this.invoke(fn, ...args).result;
  }

  balance(who: Keypair | string | Uint8Array): bigint {
    return this.call('balance', addr(who)) as bigint;
  }

  /** The HostError the call fails with. */
  error(fn: string, ...args: xdr.ScVal[]): HostError {
    try {
      this.invoke(fn, ...args);
    } catch (error) {
      if (error instanceof HostError) return error;
      throw error;
    }
    throw new Error(`${fn} did not fail`);
  }

  /** The call's `Error(Contract, #n)` code, as the ContractError's name. */
  contractError(fn: string, ...args: xdr.ScVal[]): string {
    const error = this.error(fn, ...args);
    if (error.type !== 'Contract') throw new Error(`not a contract error: ${error.message}`);
    return Object.entries(ContractError).find(([, code]) => code === error.code)?.[0] ?? `#${error.code}`;
  }
}

/** The default issuer and asset of the Rust tests (`default_stellar_asset_contract`). */
export function defaultSac(
  env: TestEnv,
  issuer = keypair(1),
): { sac: Sac; issuer: Keypair; asset: xdr.Asset } {
  putAccount(env, issuer, {
    balance: 10_000_000n,
    flags: AccountFlags.revocable | AccountFlags.clawbackEnabled,
  });
  const value = asset('aaaa', issuer);
  return { sac: Sac.deploy(env, value), issuer, asset: value };
}

/** `create_default_account` and `create_default_trustline` for each user. */
export function defaultHolders(env: TestEnv, value: xdr.Asset, users: Keypair[]): void {
  for (const user of users) {
    putAccount(env, user);
    putTrustline(env, user, value);
  }
}

/** The default asset and two holders (keys 2 and 3) of it, the first minted `amount`. */
export function mintedHolders(amount: bigint): { env: TestEnv; sac: Sac; user: Keypair; other: Keypair } {
  const env = sacEnv();
  const { sac, asset } = defaultSac(env);
  const [user, other] = [keypair(2), keypair(3)];
  defaultHolders(env, asset, [user, other]);
  sac.call('mint', addr(user), i128(amount));
  return { env, sac, user, other };
}

/** The contract events of a call, read as native values: `[topics, data]`. */
export function eventsOf(call: Invocation): [unknown[], unknown][] {
  return call.events
    .filter(({ event }) => event.type.name === 'contract')
    .map(({ event }) => {
      const body = event.body.v0;
      return [body.topics.map((topic) => scValToNative(topic)), scValToNative(body.data)];
    });
}

/** The invocation of one SAC function, as an entry authorizes it. */
export function invocationOf(sac: Sac, fn: string, args: xdr.ScVal[]): xdr.SorobanAuthorizedInvocation {
  return new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({ contractAddress: scAddress(sac.id), functionName: fn, args }),
    ),
    subInvocations: [],
  });
}

/** The first `Error(type, code)` of a failed call, or 'no error'. */
export async function failure(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message.split(':')[0] as string;
  }
  return 'no error';
}
