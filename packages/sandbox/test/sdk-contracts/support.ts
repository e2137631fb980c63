/**
 * The official SDK, unchanged, against a sandbox: accounts funded by friendbot, transactions built,
 * prepared (simulated), signed and sent through the RPC, contracts called through `contract.Client`.
 * The sandbox closes ledgers by hand, so a transaction lands as soon as it is sent: the SDK's
 * `watcher.onSubmitted` closes the ledger before its first `getTransaction`.
 */
import {
  Address,
  BASE_FEE,
  contract,
  hash,
  Keypair,
  Operation,
  type rpc,
  scValToNative,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { expect } from 'vitest';
import type { SandboxOptions } from '../../src/index.js';
import { fund, type TestSandbox, testSandbox } from '../support/sandbox.js';

/** A network the SDK talks to: in this process, or a `starspec-sandbox` process. */
export interface SdkTarget {
  server: rpc.Server;
  rpcUrl: string;
  passphrase: string;
  /** Closes a ledger now. */
  close(): unknown;
}

export type SdkSandbox = TestSandbox & SdkTarget;

/** A manual-close sandbox with the Soroban host loaded and these accounts funded. */
export async function sdkSandbox(accounts: Keypair[], options: SandboxOptions = {}): Promise<SdkSandbox> {
  const t = await testSandbox({ closeEvery: 'manual', ...options });
  await t.net.ledger.sorobanReady();
  await fund(t, ...accounts);
  return { ...t, rpcUrl: t.net.rpcUrl, passphrase: t.net.passphrase, close: () => t.net.closeLedger() };
}

export async function stopSandbox(t: TestSandbox): Promise<void> {
  await t.net.stop();
  expect(t.errors).toEqual([]);
}

/** Closes the ledger once the SDK has sent a transaction (signAndSend's `watcher`). */
export const landNow = (t: SdkTarget): contract.Watcher => ({ onSubmitted: () => void t.close() });

/** What `contract.Client` needs to sign and send as `signer`. */
export function clientOptions(t: SdkTarget, signer: Keypair, contractId: string): contract.ClientOptions {
  return {
    contractId,
    rpcUrl: t.rpcUrl,
    allowHttp: true,
    networkPassphrase: t.passphrase,
    publicKey: signer.publicKey(),
    ...contract.basicNodeSigner(signer, t.passphrase),
  };
}

/** A typed client of a deployed contract, its interface read by the SDK from the WASM on the ledger. */
export async function clientFor<T>(t: SdkTarget, signer: Keypair, contractId: string) {
  return contract.Client.from<T>(clientOptions(t, signer, contractId));
}

/**
 * One operation as a dapp sends it with `rpc.Server` alone: built, prepared (simulated and
 * assembled), signed, sent, the ledger closed, and its final answer polled.
 */
export async function sendOperation(
  t: SdkTarget,
  source: Keypair,
  operation: xdr.Operation,
  /** The footprint of a footprint operation (ExtendFootprintTTL, RestoreFootprint). */
  sorobanData?: xdr.SorobanTransactionData,
): Promise<rpc.Api.GetSuccessfulTransactionResponse> {
  const builder = new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.passphrase,
  });
  if (sorobanData) builder.setSorobanData(sorobanData);
  const built = builder.addOperation(operation).setTimeout(300).build();
  const prepared = await t.server.prepareTransaction(built);
  prepared.sign(source);
  const final = await sendAndLand(t, prepared);
  if (final.status !== 'SUCCESS') throw new Error(`transaction ${final.txHash}: ${JSON.stringify(final)}`);
  return final;
}

/** Sends a signed transaction, closes the ledger, and answers the transaction's final state. */
export async function sendAndLand(t: SdkTarget, tx: Transaction): Promise<rpc.Api.GetTransactionResponse> {
  const sent = await t.server.sendTransaction(tx);
  expect(sent.status, JSON.stringify(sent)).toBe('PENDING');
  await t.close();
  return t.server.pollTransaction(sent.hash, { attempts: 20 });
}

/** `invocation` from `source` with these auth entries, as a transaction (neither prepared nor signed). */
export async function invocationWithAuth(
  t: SdkTarget,
  source: Keypair,
  invocation: { contract: string; function: string; args: xdr.ScVal[] },
  auth: xdr.SorobanAuthorizationEntry[],
): Promise<Transaction> {
  return new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.passphrase,
  })
    .addOperation(Operation.invokeContractFunction({ ...invocation, auth }))
    .setTimeout(300)
    .build();
}

/** A recorded auth entry's address credentials. */
export function addressCredentials(entry: xdr.SorobanAuthorizationEntry): xdr.SorobanAddressCredentials {
  if (entry.credentials.type !== 'sorobanCredentialsAddress') throw new Error('not an address entry');
  return entry.credentials.address;
}

/** Uploads the code; answers its hash (the upload's return value). */
export async function upload(t: SdkTarget, source: Keypair, wasm: Buffer): Promise<Buffer> {
  const landed = await sendOperation(t, source, Operation.uploadContractWasm({ wasm }));
  const wasmHash = Buffer.from(scValToNative(landed.returnValue as xdr.ScVal) as Uint8Array);
  expect(wasmHash.toString('hex')).toBe(Buffer.from(hash(wasm)).toString('hex'));
  return wasmHash;
}

/** The id a deployer's contract gets for a salt (CAP-46: sha256 of the HashIdPreimage). */
export function contractIdFor(passphrase: string, deployer: string, salt: Buffer): string {
  const preimage = xdr.HashIdPreimage.envelopeTypeContractId(
    new xdr.HashIdPreimageContractId({
      networkId: hash(Buffer.from(passphrase)),
      contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
        new xdr.ContractIdPreimageFromAddress({ address: new Address(deployer).toScAddress(), salt }),
      ),
    }),
  );
  return Address.contract(Buffer.from(hash(preimage.toXDR()))).toString();
}

/** Creates a contract from uploaded code (its constructor called with `constructorArgs`); answers its C-address. */
export async function deploy(
  t: SdkTarget,
  source: Keypair,
  wasmHash: Buffer,
  constructorArgs?: xdr.ScVal[],
): Promise<string> {
  const salt = Buffer.from(Keypair.random().rawPublicKey());
  const landed = await sendOperation(
    t,
    source,
    Operation.createCustomContract({
      address: new Address(source.publicKey()),
      wasmHash,
      salt,
      constructorArgs,
    }),
  );
  const id = Address.fromScVal(landed.returnValue as xdr.ScVal).toString();
  expect(id).toBe(contractIdFor(t.passphrase, source.publicKey(), salt));
  return id;
}

/** Upload and create in one go. */
export async function uploadAndDeploy(
  t: SdkTarget,
  source: Keypair,
  wasm: Buffer,
  constructorArgs?: xdr.ScVal[],
): Promise<string> {
  return deploy(t, source, await upload(t, source, wasm), constructorArgs);
}
