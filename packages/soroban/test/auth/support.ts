/**
 * What the auth tests share (after `AuthTest` in soroban-env-host/src/test/auth.rs): a TestEnv at
 * ledger 100 whose signers are accounts with one key of weight 1, instances of the auth test
 * contract, `TreeNode` arguments, invocation trees to sign, and entries signed as a wallet would.
 */
import { authorizeEntry, hash, Keypair, StrKey, xdr } from '@stellar/stellar-sdk/base';
import { nonceKey } from '../../src/host/auth/index.js';
import { TestEnv } from '../../src/testing/test-env.js';
import { readSoroban } from '../support/shared.js';

export const PASSPHRASE = 'Standalone Network ; February 2017';
/** The expiration ledger the Rust tests sign with. */
export const EXPIRATION = 1000;

export interface AuthSetup {
  env: TestEnv;
  keys: Keypair[];
  contracts: string[];
}

export function accountEntry(
  key: Keypair,
  thresholds = [1, 0, 0, 0],
  signers: xdr.Signer[] = [],
): xdr.LedgerEntry {
  return new xdr.LedgerEntry({
    lastModifiedLedgerSeq: 0,
    data: xdr.LedgerEntryData.account(
      new xdr.AccountEntry({
        accountId: key.xdrAccountId(),
        balance: 100_000_000n,
        seqNum: 0n,
        numSubEntries: signers.length,
        inflationDest: null,
        flags: 0,
        homeDomain: '',
        thresholds: Uint8Array.from(thresholds),
        signers,
        ext: xdr.AccountEntryExt.v0(),
      }),
    ),
    ext: xdr.LedgerEntryExt.v0(),
  });
}

export function putAccount(env: TestEnv, entry: xdr.LedgerEntry): void {
  if (entry.data.type !== 'account') throw new Error('not an account');
  const key = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: entry.data.account.accountId }));
  env.snapshot.set(key, { entry, liveUntil: undefined });
}

/** Contracts get the same ids in every setup: their salts count from 1 in each TestEnv. */
export function authSetup(signers: number, contracts: number, disableNonRootAuth = false): AuthSetup {
  const env = new TestEnv({ ledger: { sequenceNumber: 100, maxEntryTtl: 10_000 }, disableNonRootAuth });
  const keys = Array.from({ length: signers }, (_, i) => Keypair.fromRawEd25519Seed(Buffer.alloc(32, i + 1)));
  for (const key of keys) putAccount(env, accountEntry(key));
  const code = readSoroban('wasm/20/auth_test_contract.wasm');
  return { env, keys, contracts: Array.from({ length: contracts }, () => env.register(code)) };
}

/** `SetupNode`: which addresses `tree_fn` authorizes at this contract, and its calls. */
export interface TreeNode {
  contract: string;
  need_auth: boolean[];
  children: TreeNode[];
  try_call?: boolean;
}

export const node = (contract: string, needAuth: boolean[], children: TreeNode[] = []): TreeNode => ({
  contract,
  need_auth: needAuth,
  children,
});

export const treeArg = (tree: TreeNode): unknown => ({
  contract: tree.contract,
  need_auth: tree.need_auth,
  children: tree.children.map(treeArg),
  try_call: tree.try_call ?? false,
});

/** `SignNode::tree_fn`: a `tree_fn` call (no arguments: the contract authorizes with `vec![]`) and its sub-calls. */
export function signNode(contract: string, children: xdr.SorobanAuthorizedInvocation[] = [], fn = 'tree_fn') {
  return new xdr.SorobanAuthorizedInvocation({
    function: xdr.SorobanAuthorizedFunction.sorobanAuthorizedFunctionTypeContractFn(
      new xdr.InvokeContractArgs({
        contractAddress: xdr.ScAddress.scAddressTypeContract(
          new xdr.ContractId(StrKey.decodeContract(contract)),
        ),
        functionName: fn,
        args: [],
      }),
    ),
    subInvocations: children,
  });
}

let nextNonce = 1n;

/** An unsigned entry for the key's account. */
export function unsignedEntry(
  key: Keypair,
  invocation: xdr.SorobanAuthorizedInvocation,
  nonce = nextNonce++,
) {
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({
        address: xdr.ScAddress.scAddressTypeAccount(key.xdrAccountId()),
        nonce,
        signatureExpirationLedger: 0,
        signature: xdr.ScVal.scvVoid(),
      }),
    ),
    rootInvocation: invocation,
  });
}

/** The entry signed by `key` with the SDK, valid until `expiration`. */
export function sign(entry: xdr.SorobanAuthorizationEntry, key: Keypair, expiration = EXPIRATION) {
  return authorizeEntry(entry, key, expiration, PASSPHRASE);
}

/** Signs each address's trees (`sign_payloads[i]` for `keys[i]`), as `test_enforcing` does. */
export async function signedEntries(keys: Keypair[], payloads: xdr.SorobanAuthorizedInvocation[][]) {
  const entries: xdr.SorobanAuthorizationEntry[] = [];
  for (const [i, trees] of payloads.entries())
    for (const tree of trees)
      entries.push(await sign(unsignedEntry(keys[i] as Keypair, tree), keys[i] as Keypair));
  return entries;
}

/** The signature payload of an address entry, computed here from its parts (the host's preimage). */
export function payloadOf(entry: xdr.SorobanAuthorizationEntry, expiration: number): Uint8Array {
  if (entry.credentials.type !== 'sorobanCredentialsAddress') throw new Error('not an address entry');
  const preimage = xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(
    new xdr.HashIdPreimageSorobanAuthorization({
      networkId: hash(Buffer.from(PASSPHRASE)),
      nonce: entry.credentials.address.nonce,
      signatureExpirationLedger: expiration,
      invocation: entry.rootInvocation,
    }),
  );
  return hash(Buffer.from(preimage.toXdr()));
}

/** The nonces of `key`'s account that the ledger holds now, with their live-until ledgers. */
export function nonceLiveUntil(env: TestEnv, key: Keypair, nonce: bigint): number | undefined {
  return env.snapshot.get(nonceKey(xdr.ScAddress.scAddressTypeAccount(key.xdrAccountId()), nonce))?.liveUntil;
}

/**
 * A classic account's signature value: a vec of `{public_key, signature}` maps over `payload`, in
 * the order given (the account contract wants them sorted by key). `tamper` flips a bit of each.
 */
export function accountSignatures(payload: Uint8Array, keys: Keypair[], tamper = false): xdr.ScVal {
  return xdr.ScVal.scvVec(
    keys.map((key) => {
      const signature = Buffer.from(key.sign(Buffer.from(payload)));
      if (tamper) signature[0] = (signature[0] ?? 0) ^ 1;
      return xdr.ScVal.scvMap([
        new xdr.ScMapEntry({
          key: xdr.ScVal.scvSymbol('public_key'),
          val: xdr.ScVal.scvBytes(key.rawPublicKey()),
        }),
        new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('signature'), val: xdr.ScVal.scvBytes(signature) }),
      ]);
    }),
  );
}
