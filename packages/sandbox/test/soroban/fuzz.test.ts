// 5,000 fuzzed simulateTransaction and sendTransaction requests on a running sandbox: random
// bytes, valid Soroban envelopes (upload, create, invoke, extend, restore) mutated byte-wise and
// some re-signed at the source's next sequence number so they reach the host at apply, uploads of
// broken Wasm, and calls of a deployed contract with random ScVal arguments. Every answer must be
// HTTP 200 with a JSON-RPC result or error, nothing the server had to report, and afterwards a
// plain call still simulates and applies. The distribution of outcomes is printed.
import { type Random, random } from '@starspec/http-fuzz';
import {
  Address,
  BASE_FEE,
  hash,
  Keypair,
  Operation,
  rpc,
  SorobanDataBuilder,
  Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFootprint, deployThroughRpc, simulateAndSubmit, watContract } from '../support/rpc-contract.js';
import { fund, type TestSandbox, testSandbox, waitFor } from '../support/sandbox.js';
import { mutate, mutateWasm, randomBytes, randomScVal } from '../support/soroban-fuzz.js';

const REQUESTS = 5_000;
const IN_FLIGHT = 4;
const SEED = 0x50b0;

// Calls a host function on its arguments (comparison, storage) so random values go through the host.
const FUZZ_CONTRACT = watContract(`(module
  (import "x" "0" (func $cmp (param i64 i64) (result i64)))
  (import "l" "_" (func $put (param i64 i64 i64) (result i64)))
  (memory (export "memory") 1)
  (func (export "echo") (param i64) (result i64) (local.get 0))
  (func (export "cmp") (param i64 i64) (result i64) (drop (call $cmp (local.get 0) (local.get 1))) (i64.const 2))
  (func (export "put") (param i64 i64) (result i64) (call $put (local.get 0) (local.get 1) (i64.const 4))))`);

let t: TestSandbox;
let contractId: string;
const sources = [Keypair.random(), Keypair.random(), Keypair.random()];

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 500 });
  await fund(t, ...sources);
  contractId = await deployThroughRpc(t, sources[0] as Keypair, FUZZ_CONTRACT);
}, 60_000);
afterAll(async () => {
  await t.net.stop();
});

/** The source's sequence number as the ledger holds it now. */
function sequenceOf(source: Keypair): bigint {
  const entry = t.net.ledger.entry(
    xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: source.xdrAccountId() })),
  );
  return entry?.data.type === 'account' ? entry.data.account.seqNum : 0n;
}

/** An unsigned envelope of `op` from `source` at its next sequence number, with `data` if given. */
function envelope(source: Keypair, op: xdr.Operation, data?: xdr.SorobanTransactionData): Transaction {
  const builder = new TransactionBuilder(
    new (class {
      accountId = () => source.publicKey();
      sequenceNumber = () => String(sequenceOf(source));
      incrementSequenceNumber = () => {};
    })() as never,
    { fee: BASE_FEE, networkPassphrase: t.net.passphrase },
  ).addOperation(op);
  if (data) builder.setSorobanData(data);
  return builder.setTimeout(0).build();
}

/** Declared resources for an unsimulated send: the call's footprint and generous limits. */
function handData(readOnly: xdr.LedgerKey[], readWrite: xdr.LedgerKey[] = []): xdr.SorobanTransactionData {
  return new SorobanDataBuilder()
    .setFootprint(readOnly, readWrite)
    .setResources(2_000_000, 0, 2_000)
    .setResourceFee(5_000_000n)
    .build();
}

/** A valid envelope of each Soroban operation per source: simulated and assembled when it simulates. */
async function templates(): Promise<Array<{ source: Keypair; bytes: Buffer }>> {
  const footprint = callFootprint(contractId, FUZZ_CONTRACT);
  const out: Array<{ source: Keypair; bytes: Buffer }> = [];
  for (const source of sources) {
    const ops: Array<[xdr.Operation, xdr.SorobanTransactionData]> = [
      [Operation.uploadContractWasm({ wasm: FUZZ_CONTRACT }), handData([], [footprint[1] as xdr.LedgerKey])],
      [
        Operation.createCustomContract({
          address: new Address(source.publicKey()),
          wasmHash: hash(FUZZ_CONTRACT),
          salt: hash(Buffer.from(source.publicKey())),
        }),
        handData(footprint.slice(1)),
      ],
      [
        Operation.invokeContractFunction({
          contract: contractId,
          function: 'put',
          args: [xdr.ScVal.scvSymbol('k'), xdr.ScVal.scvU32(1)],
        }),
        handData(footprint),
      ],
      [Operation.extendFootprintTtl({ extendTo: 10_000 }), handData(footprint)],
      [Operation.restoreFootprint({}), handData([], footprint)],
    ];
    for (const [op, data] of ops) {
      const tx = envelope(source, op, data);
      const sim = await t.server.simulateTransaction(tx);
      const built = rpc.Api.isSimulationSuccess(sim) ? rpc.assembleTransaction(tx, sim).build() : tx;
      out.push({ source, bytes: Buffer.from(built.toEnvelope().toXDR()) });
    }
  }
  return out;
}

interface FuzzRequest {
  method: 'simulateTransaction' | 'sendTransaction';
  transaction: string;
  /** Re-sign by this source at its next sequence number just before sending. */
  resignBy?: Keypair;
  params?: Record<string, unknown>;
}

function randomCall(r: Random): xdr.Operation {
  const fn = r.chance(0.85)
    ? r.pick(['echo', 'cmp', 'put'])
    : r.pick(['', 'spin', 'a'.repeat(32), '__check_auth', 'é']);
  const args = Array.from({ length: r.chance(0.8) ? r.int(3) + 1 : r.int(5) }, () =>
    randomScVal(r, r.int(5)),
  );
  return Operation.invokeContractFunction({ contract: contractId, function: fn, args });
}

function generate(r: Random, valid: Array<{ source: Keypair; bytes: Buffer }>): FuzzRequest {
  const method = r.chance(0.7) ? 'simulateTransaction' : 'sendTransaction';
  const source = r.pick(sources);
  const kind = r.int(100);
  let bytes: Buffer;
  let resignBy: Keypair | undefined;
  if (kind < 15) {
    bytes = randomBytes(r, 600);
  } else if (kind < 55) {
    const template = r.pick(valid);
    bytes = mutate(
      r,
      template.bytes,
      valid.map((v) => v.bytes),
    );
    if (method === 'sendTransaction' && r.chance(0.6)) resignBy = template.source;
  } else if (kind < 75) {
    const wasm = mutateWasm(r, FUZZ_CONTRACT);
    const code = xdr.LedgerKey.contractCode(
      new xdr.LedgerKeyContractCode({ hash: new xdr.Hash(hash(wasm)) }),
    );
    bytes = Buffer.from(
      envelope(source, Operation.uploadContractWasm({ wasm }), handData([], [code])).toXDR(),
      'base64',
    );
    resignBy = source;
  } else {
    bytes = Buffer.from(
      envelope(source, randomCall(r), handData(callFootprint(contractId, FUZZ_CONTRACT))).toXDR(),
      'base64',
    );
    resignBy = source;
  }
  const params: Record<string, unknown> = {};
  if (method === 'simulateTransaction' && r.chance(0.2))
    params.authMode = r.pick(['enforce', 'record', 'record_allow_nonroot', 'x']);
  if (method === 'simulateTransaction' && r.chance(0.1))
    params.resourceConfig = { instructionLeeway: r.pick([0, 1, 1e9, -1]) };
  return { method, transaction: bytes.toString('base64'), resignBy, params };
}

/** The envelope signed by `source` at its next sequence number, when it still reads as a transaction from it. */
function resigned(transaction: string, source: Keypair): string {
  let tx: Transaction;
  try {
    const parsed = TransactionBuilder.fromXDR(transaction, t.net.passphrase);
    if (!(parsed instanceof Transaction) || parsed.source !== source.publicKey()) return transaction;
    tx = parsed;
  } catch {
    return transaction;
  }
  const env = xdr.TransactionEnvelope.fromXDR(tx.toEnvelope().toXDR());
  if (env.type !== 'envelopeTypeTx') return transaction;
  env.v1.tx.seqNum = sequenceOf(source) + 1n;
  env.v1.signatures = [];
  const fresh = TransactionBuilder.fromXDR(env.toXDR('base64'), t.net.passphrase) as Transaction;
  fresh.sign(source);
  return fresh.toXDR();
}

/** One outcome's name: the HTTP status when not 200, else the JSON-RPC error code or the result's kind. */
function outcome(method: string, body: Record<string, unknown>): string {
  const error = body.error as { code?: number; message?: string } | undefined;
  if (error)
    return `${method} error ${error.code} ${String(error.message)
      .replace(/[0-9]+/g, 'N')
      .slice(0, 50)}`;
  const result = body.result as Record<string, unknown> | undefined;
  if (!result) return `${method} no result`;
  if (method === 'simulateTransaction') {
    if (typeof result.error !== 'string') return 'simulate ok';
    const host = /^HostError: (Error\([^)]*\))/.exec(result.error);
    return `simulate ${(host ? host[1] : result.error).replace(/[0-9]+/g, 'N').slice(0, 60)}`;
  }
  if (typeof result.errorResultXdr === 'string')
    return `send ${result.status} ${resultName(xdr.TransactionResult.fromXDR(result.errorResultXdr, 'base64'))}`;
  return `send ${result.status}`;
}

/** A transaction result's code, and its operation's code when it failed. */
function resultName(result: xdr.TransactionResult): string {
  const r = result.result;
  const op = r.type === 'txFailed' ? r.results[0] : undefined;
  return op?.type === 'opInner' ? `${r.type} ${(op.tr.value as { type: string }).type}` : r.type;
}

describe('fuzzed Soroban requests', () => {
  it(`${REQUESTS} simulate and send requests: always HTTP 200 and a JSON-RPC answer, the sandbox serving on`, async () => {
    const valid = await templates();
    const r = random(SEED);
    const counts: Record<string, number> = {};
    const failures: string[] = [];
    const pending: string[] = [];
    let next = 0;
    async function worker(): Promise<void> {
      while (next < REQUESTS) {
        const id = next++;
        const request = generate(r, valid);
        const transaction = request.resignBy
          ? resigned(request.transaction, request.resignBy)
          : request.transaction;
        const body = JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: request.method,
          params: { transaction, ...request.params },
        });
        try {
          const response = await fetch(t.net.rpcUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            // A hang guard only: far above any answer's time on a loaded machine.
            signal: AbortSignal.timeout(120_000),
          });
          const text = await response.text();
          const answer = JSON.parse(text) as Record<string, unknown>;
          if (response.status !== 200 || (!('result' in answer) && !('error' in answer)))
            failures.push(
              `${response.status} ${request.method} ${text.slice(0, 200)} <- ${body.slice(0, 300)}`,
            );
          const name = outcome(request.method, answer);
          counts[name] = (counts[name] ?? 0) + 1;
          const result = answer.result as { status?: string; hash?: string } | undefined;
          if (result?.status === 'PENDING' && result.hash) pending.push(result.hash);
        } catch (e) {
          failures.push(`${(e as Error).message} ${request.method} <- ${body.slice(0, 300)}`);
        }
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    // What was queued applies at the next closes; then read back how the applies ended.
    await waitFor(() => t.net.ledger.pending().length === 0);
    for (const sent of pending) {
      const final = await t.server.getTransaction(sent);
      const name =
        final.status === 'NOT_FOUND' ? 'applied NOT_FOUND' : `applied ${resultName(final.resultXdr)}`;
      counts[name] = (counts[name] ?? 0) + 1;
    }
    console.log(
      `${REQUESTS} fuzzed Soroban requests (seed ${SEED}):\n${Object.entries(counts)
        .sort(([, a], [, b]) => b - a)
        .map(([name, n]) => `${String(n).padStart(6)}  ${name}`)
        .join('\n')}`,
    );

    expect(failures).toEqual([]);
    expect(t.errors).toEqual([]);
    expect((await t.server.getHealth()).status).toBe('healthy');
    // A plain call still simulates and applies.
    const final = await simulateAndSubmit(
      t,
      sources[1] as Keypair,
      Operation.invokeContractFunction({
        contract: contractId,
        function: 'echo',
        args: [xdr.ScVal.scvU32(7)],
      }),
    );
    expect(final.status).toBe('SUCCESS');
    expect(final.returnValue?.toXDR('base64')).toBe(xdr.ScVal.scvU32(7).toXDR('base64'));
  }, 600_000);
});
