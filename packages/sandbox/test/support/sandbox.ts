/**
 * A sandbox for the face tests: every RPC result checked against the contract, every server-side
 * failure collected, raw JSON-RPC calls, and SDK transactions built and sent through the RPC.
 */
import {
  type Account,
  type FeeBumpTransaction,
  type Keypair,
  rpc,
  type Transaction,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/index.js';

export interface TestSandbox {
  net: Sandbox;
  server: rpc.Server;
  /** Failures the server reported (answers it could not give, results outside the contract). */
  errors: unknown[];
}

export async function testSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const errors: unknown[] = [];
  const net = await startSandbox({ validateResults: true, onError: (e) => errors.push(e), ...options });
  return { net, server: new rpc.Server(net.rpcUrl, { allowHttp: true }), errors };
}

/**
 * A sandbox started before the enclosing suite's tests and stopped after them, when it must have
 * reported no failure. Its fields are filled in as the suite starts.
 */
export function useTestSandbox(options: SandboxOptions = {}): TestSandbox {
  const t = {} as TestSandbox;
  beforeAll(async () => {
    Object.assign(t, await testSandbox(options));
  });
  afterAll(async () => {
    await t.net?.stop();
    expect(t.errors).toEqual([]);
  });
  return t;
}

export interface RawAnswer {
  status: number;
  result?: Record<string, unknown> & { [key: string]: unknown };
  error?: { code: number; message: string; data?: unknown };
}

/** One JSON-RPC call as bytes on the wire (params as given, even when the SDK would not send them). */
export async function call(net: Sandbox, method: string, params?: unknown): Promise<RawAnswer> {
  const response = await fetch(net.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
  });
  const body = (await response.json()) as { result?: RawAnswer['result']; error?: RawAnswer['error'] };
  return { status: response.status, ...body };
}

/** The result of a call that must succeed. */
export async function result<T = Record<string, unknown>>(
  net: Sandbox,
  method: string,
  params?: unknown,
): Promise<T> {
  const answer = await call(net, method, params);
  expect(answer.error).toBeUndefined();
  return answer.result as T;
}

/** A signed transaction from `source` (its sequence number as the RPC reports it). */
export async function signed(
  t: TestSandbox,
  source: Keypair,
  operations: xdr.Operation[],
  options: { fee?: string; account?: Account } = {},
): Promise<Transaction> {
  const account = options.account ?? (await t.server.getAccount(source.publicKey()));
  const builder = new TransactionBuilder(account, {
    fee: options.fee ?? '100',
    networkPassphrase: t.net.passphrase,
  });
  for (const op of operations) builder.addOperation(op);
  // A generous bound: ledgers closing faster than once a second run their close times ahead.
  const tx = builder.setTimeout(3600).build();
  tx.sign(source);
  return tx;
}

/** Sends through the RPC and waits (closing ledgers in manual mode) for the final answer. */
export async function submit(
  t: TestSandbox,
  tx: Transaction | FeeBumpTransaction,
): Promise<rpc.Api.GetSuccessfulTransactionResponse | rpc.Api.GetFailedTransactionResponse> {
  const sent = await t.server.sendTransaction(tx);
  expect(sent.status, JSON.stringify(sent)).toBe('PENDING');
  if (t.net.network.closeEvery === 'manual') t.net.closeLedger();
  const final = await t.server.pollTransaction(sent.hash, { attempts: 100, sleepStrategy: () => 50 });
  if (final.status === 'NOT_FOUND') throw new Error(`transaction ${sent.hash} never landed`);
  return final;
}

/** Funds accounts through friendbot; in manual mode closes the ledger once the calls are queued. */
export async function fund(t: TestSandbox, ...accounts: Keypair[]): Promise<void> {
  const before = t.net.ledger.pending().length;
  const calls = accounts.map((kp) => t.server.fundAddress(kp.publicKey()));
  if (t.net.network.closeEvery === 'manual') {
    await waitFor(() => t.net.ledger.pending().length >= before + accounts.length);
    t.net.closeLedger();
  }
  for (const answer of await Promise.all(calls)) expect(answer.status).toBe('SUCCESS');
}

/** Waits for a condition the server reaches asynchronously (no time limit of its own: the test's applies). */
export async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
