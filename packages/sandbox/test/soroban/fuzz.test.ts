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
import { testVolume } from '../../../../scripts/test-volume.mjs';
import { callFootprint, deployThroughRpc, simulateAndSubmit, watContract } from '../support/rpc-contract.js';
import { fund, type TestSandbox, testSandbox, waitFor } from '../support/sandbox.js';
import { hasSorobanData, sorobanWasm } from '../support/soroban-data.js';
import { mutate, mutateWasm, randomBytes, randomScVal } from '../support/soroban-fuzz.js';

const REQUESTS = testVolume(5_000);
const IN_FLIGHT = 4;
const SEED = 0x50b0;

// Calls a host function on its arguments (comparison, storage as Temporary: StorageType is a raw
// u64) so random values go through the host.
const FUZZ_CONTRACT = watContract(`(module
  (import "x" "0" (func $cmp (param i64 i64) (result i64)))
  (import "l" "_" (func $put (param i64 i64 i64) (result i64)))
  (memory (export "memory") 1)
  (func (export "echo") (param i64) (result i64) (local.get 0))
  (func (export "cmp") (param i64 i64) (result i64) (drop (call $cmp (local.get 0) (local.get 1))) (i64.const 2))
  (func (export "put") (param i64 i64) (result i64) (call $put (local.get 0) (local.get 1) (i64.const 0))))`);

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
    // A fee bump of a signed call, and a call beside a classic operation (which Soroban refuses).
    const inner = envelope(source, ops[2]?.[0] as xdr.Operation, handData(footprint));
    inner.sign(source);
    const bump = TransactionBuilder.buildFeeBumpTransaction(source, '200', inner, t.net.passphrase);
    out.push({ source, bytes: Buffer.from(bump.toEnvelope().toXDR()) });
    const twoOps = envelope(source, ops[2]?.[0] as xdr.Operation, handData(footprint));
    const withPayment = TransactionBuilder.cloneFrom(twoOps)
      .addOperation(Operation.bumpSequence({ bumpTo: '1' }))
      .build();
    out.push({ source, bytes: Buffer.from(withPayment.toEnvelope().toXDR()) });
  }
  return out;
}

/** Wasm to break: the fuzz contract, and the Rust host's hostile test contracts when the test data is there. */
function wasmBases(): Buffer[] {
  if (!hasSorobanData) return [FUZZ_CONTRACT];
  const hostile = [
    'wasm/20/example_hostile.wasm',
    'wasm/20/hostile_large_val.wasm',
    'wasm/20/example_alloc.wasm',
  ];
  return [FUZZ_CONTRACT, ...hostile.map(sorobanWasm)];
}

interface FuzzRequest {
  method: 'simulateTransaction' | 'sendTransaction';
  transaction: string;
  /** Re-sign by this source at its next sequence number just before sending. */
  resignBy?: Keypair;
  /** A valid envelope mutated byte-wise. */
  mutated?: boolean;
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

function generate(
  r: Random,
  valid: Array<{ source: Keypair; bytes: Buffer }>,
  bases: readonly Buffer[],
): FuzzRequest {
  const method = r.chance(0.7) ? 'simulateTransaction' : 'sendTransaction';
  const source = r.pick(sources);
  const kind = r.int(100);
  let bytes: Buffer;
  let resignBy: Keypair | undefined;
  const mutated = kind >= 15 && kind < 55;
  if (kind < 15) {
    bytes = randomBytes(r, 600);
  } else if (kind < 55) {
    const template = r.pick(valid);
    const donors = valid.map((v) => v.bytes);
    // Mostly a mutation that still decodes (a few tries), so it reaches validation and the host.
    const wellFormed = r.chance(0.8);
    bytes = mutate(r, template.bytes, donors);
    for (let tries = 0; wellFormed && tries < 5 && !decodes(bytes.toString('base64')); tries++)
      bytes = mutate(r, template.bytes, donors);
    if (method === 'sendTransaction' && r.chance(0.6)) resignBy = template.source;
  } else if (kind < 75) {
    const wasm = mutateWasm(r, r.pick(bases));
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
  if (r.chance(0.2)) params.xdrFormat = 'json';
  if (method === 'simulateTransaction' && r.chance(0.1))
    params.resourceConfig = { instructionLeeway: r.pick([0, 1, 1e9, -1]) };
  return { method, transaction: bytes.toString('base64'), resignBy, mutated, params };
}

/** Where a v1 envelope from an ed25519 account holds its sequence number: type, key type, key, fee. */
const SEQ_AT = 4 + 4 + 32 + 4;

/**
 * The (unsigned) envelope at `source`'s next sequence number and signed by it, when it still reads
 * as a transaction from `source` without signatures; otherwise as it was.
 */
function resigned(transaction: string, source: Keypair): string {
  const bytes = Buffer.from(transaction, 'base64');
  if (bytes.length < SEQ_AT + 8 || bytes.readUInt32BE(0) !== 2 || bytes.readUInt32BE(4) !== 0)
    return transaction;
  bytes.writeBigInt64BE(sequenceOf(source) + 1n, SEQ_AT);
  try {
    const tx = TransactionBuilder.fromXDR(bytes.toString('base64'), t.net.passphrase);
    if (!(tx instanceof Transaction) || tx.source !== source.publicKey() || tx.signatures.length > 0)
      return transaction;
    tx.sign(source);
    return tx.toXDR();
  } catch {
    return transaction;
  }
}

function decodes(transaction: string): boolean {
  try {
    xdr.TransactionEnvelope.fromXDR(transaction, 'base64');
    return true;
  } catch {
    return false;
  }
}

/** One outcome's name: the JSON-RPC error code and message, or the result's kind. */
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
    const host = /^HostError: (Error\([^)]*\))/.exec(result.error)?.[1] ?? result.error;
    return `simulate ${host.replace(/[0-9]+/g, 'N').slice(0, 60)}`;
  }
  if (result.errorResultJson) return `send ${result.status} (json)`;
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
    const bases = wasmBases();
    const r = random(SEED);
    const counts: Record<string, number> = {};
    const failures: string[] = [];
    const pending: string[] = [];
    const mutation = { count: 0, decoded: 0 };
    let next = 0;
    async function worker(): Promise<void> {
      while (next < REQUESTS) {
        const id = next++;
        const request = generate(r, valid, bases);
        if (request.mutated) mutation.count++;
        if (request.mutated && decodes(request.transaction)) mutation.decoded++;
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
      const asJson = await fetch(t.net.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'getTransaction',
          params: { hash: sent, xdrFormat: 'json' },
        }),
      });
      if (asJson.status !== 200) failures.push(`getTransaction ${sent} as JSON: ${asJson.status}`);
      const final = await t.server.getTransaction(sent);
      const name =
        final.status === 'NOT_FOUND' ? 'applied NOT_FOUND' : `applied ${resultName(final.resultXdr)}`;
      counts[name] = (counts[name] ?? 0) + 1;
    }
    console.log(
      `${REQUESTS} fuzzed Soroban requests (seed ${SEED}):\n${Object.entries(counts)
        .sort(([, a], [, b]) => b - a)
        .map(([name, n]) => `${String(n).padStart(6)}  ${name}`)
        .join('\n')}\nmutated envelopes that still decode: ${mutation.decoded} of ${mutation.count}`,
    );

    expect(failures).toEqual([]);
    // The mutations stay mostly well-formed, so they reach validation and the host.
    expect(mutation.decoded).toBeGreaterThan(mutation.count / 2);
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
    if (final.status !== 'SUCCESS') throw new Error(`the plain call ended ${final.status}`);
    expect(final.returnValue?.toXDR('base64')).toBe(xdr.ScVal.scvU32(7).toXDR('base64'));
  }, 600_000);
});
