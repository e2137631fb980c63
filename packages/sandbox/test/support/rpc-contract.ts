/**
 * Soroban through the sandbox's JSON-RPC face as a client drives it: simulate with the SDK's
 * rpc.Server, assemble the simulated data into the transaction, send it and wait for its result.
 * The contracts are the tests' own WAT (packages/soroban's wabt helper), so these tests always run.
 */
import {
  Address,
  BASE_FEE,
  hash,
  type Keypair,
  Operation,
  rpc,
  SorobanDataBuilder,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { contract } from '../../../soroban/test/vm/wat.js';
import { submit, type TestSandbox } from './sandbox.js';

/** A WAT module as a contract of protocol 23 (with its contractenvmetav0 section). */
export function watContract(wat: string): Buffer {
  return Buffer.from(contract(wat));
}

/** A transaction of one operation from `source`, unsigned, at its current sequence number. */
export async function unsigned(t: TestSandbox, source: Keypair, op: xdr.Operation): Promise<Transaction> {
  return new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.net.passphrase,
  })
    .addOperation(op)
    .setTimeout(3600)
    .build();
}

/** Simulates, assembles, signs and submits; the simulation must succeed. */
export async function simulateAndSubmit(t: TestSandbox, source: Keypair, op: xdr.Operation) {
  const tx = await unsigned(t, source, op);
  const sim = await t.server.simulateTransaction(tx);
  if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(`simulation failed: ${JSON.stringify(sim)}`);
  const assembled = rpc.assembleTransaction(tx, sim).build();
  assembled.sign(source);
  return submit(t, assembled);
}

/** Uploads `wasm` and creates a contract of it through the RPC; its address (C…). */
export async function deployThroughRpc(t: TestSandbox, source: Keypair, wasm: Buffer): Promise<string> {
  const uploaded = await simulateAndSubmit(t, source, Operation.uploadContractWasm({ wasm }));
  if (uploaded.status !== 'SUCCESS') throw new Error(`upload ${uploaded.status}`);
  const created = await simulateAndSubmit(
    t,
    source,
    Operation.createCustomContract({
      address: new Address(source.publicKey()),
      wasmHash: hash(wasm),
      salt: hash(wasm),
    }),
  );
  if (created.status !== 'SUCCESS' || !created.returnValue) throw new Error(`create ${created.status}`);
  return Address.fromScVal(created.returnValue).toString();
}

/** The footprint of a call: the contract's instance and code, read-only. */
export function callFootprint(contractId: string, wasm: Buffer): xdr.LedgerKey[] {
  return [
    xdr.LedgerKey.contractData(
      new xdr.LedgerKeyContractData({
        contract: new Address(contractId).toScAddress(),
        key: xdr.ScVal.scvLedgerKeyContractInstance(),
        durability: xdr.ContractDataDurability.persistent,
      }),
    ),
    xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(hash(wasm)) })),
  ];
}

/**
 * Sends `op` unsimulated, with its resources declared by hand (`instructions`, the read-only
 * `footprint`, a generous resource fee), and waits for its final result.
 */
export async function sendUnsimulated(
  t: TestSandbox,
  source: Keypair,
  op: xdr.Operation,
  footprint: xdr.LedgerKey[],
  instructions: number,
) {
  const data = new SorobanDataBuilder()
    .setReadOnly(footprint)
    .setResources(instructions, 0, 0)
    .setResourceFee(20_000_000n)
    .build();
  const tx = new TransactionBuilder(await t.server.getAccount(source.publicKey()), {
    fee: BASE_FEE,
    networkPassphrase: t.net.passphrase,
  })
    .addOperation(op)
    .setSorobanData(data)
    .setTimeout(3600)
    .build();
  tx.sign(source);
  return submit(t, tx);
}

/** The invoke_host_function result code of a final answer (`invokeHostFunctionTrapped`, …). */
export function invokeResultCode(final: Awaited<ReturnType<typeof submit>>): string {
  const r = final.resultXdr.result;
  const op = r.type === 'txFailed' || r.type === 'txSuccess' ? r.results[0] : undefined;
  if (op?.type !== 'opInner' || op.tr.type !== 'invokeHostFunction') return r.type;
  return op.tr.invokeHostFunctionResult.type;
}
