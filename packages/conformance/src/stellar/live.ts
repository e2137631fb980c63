/**
 * What the suites that make their own traffic share (only with --allow-submit): waiting for a
 * provider to catch up, funding fresh accounts through the provider's friendbot, and building and
 * signing transactions with @stellar/stellar-sdk. How a transaction is sent and read back is each
 * suite's own (sendTransaction and getTransaction, or POST /transactions).
 */
import { Account, type Keypair, TransactionBuilder, type xdr } from '@stellar/stellar-sdk/base';
import { type HttpOptions, send } from '../http.js';
import { fail } from '../model.js';

/** How long a transaction may take to land: a few ledgers of a public network (5-6 s each). */
export const LANDING_TIMEOUT_MS = 60_000;
/** The reason the checks that need a funded account give without --allow-submit. */
export const SUBMIT_ONLY = 'sends transactions only with --allow-submit';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it answers, waiting longer each time; undefined when time runs out. */
export async function poll<T>(attempt: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + LANDING_TIMEOUT_MS;
  for (let wait = 100; ; wait = Math.min(1000, Math.round(wait * 1.5))) {
    const answer = await attempt();
    if (answer !== undefined || Date.now() > deadline) return answer;
    await sleep(wait);
  }
}

/**
 * The friendbot request for one address. `friendbot` is a plain URL (stellar-rpc getNetwork's
 * `friendbotUrl`) or the URI template Horizon's root document links (`…/{?addr}`).
 */
export function friendbotRequest(friendbot: string, address: string): URL {
  const url = new URL(friendbot.replace(/\{\?[^}]*\}/g, ''));
  url.searchParams.set('addr', address);
  return url;
}

/** The provider's headers go to a friendbot on its own origin only: a credential stays with its host. */
function friendbotHttp(provider: HttpOptions, url: URL): HttpOptions {
  const sameOrigin = new URL(provider.baseUrl).origin === url.origin;
  return {
    baseUrl: url.toString(),
    timeoutMs: Math.max(provider.timeoutMs, LANDING_TIMEOUT_MS),
    ...(sameOrigin && provider.headers ? { headers: provider.headers } : {}),
  };
}

/** Funds `address` through the friendbot; fails the check unless it answers 2xx. */
export async function fund(provider: HttpOptions, friendbot: string, address: string): Promise<void> {
  const url = friendbotRequest(friendbot, address);
  const { exchange } = await send(friendbotHttp(provider, url), { method: 'GET', path: url.toString() });
  const status = exchange.response?.status;
  if (status === undefined || status < 200 || status >= 300) {
    fail(
      `the provider's friendbot did not fund ${address}`,
      exchange,
      'a 2xx answer: the account created with the starting balance',
      status === undefined ? exchange.error : `HTTP ${status}`,
    );
  }
}

/** An account the suite funded and signs for; `sequence` is the last sequence number it used. */
export interface Payer {
  keypair: Keypair;
  sequence: bigint;
}

export interface Signed {
  envelope: string;
  /** The transaction's hash on its network, hex. */
  hash: string;
}

export interface TransactionSpec {
  source: Payer;
  passphrase: string;
  /** The ledger's own clock, unix seconds: a local network may close ledgers faster than once a second. */
  ledgerTime: number;
  operations: xdr.Operation[];
  /** The sources of operations other than `source`, who sign too. */
  cosigners?: Keypair[];
  /** 0 (the default) is the next valid sequence number; more makes one the core refuses (txBAD_SEQ). */
  sequenceAhead?: bigint;
}

/**
 * A transaction from `source`, signed by it and its cosigners, valid for 10 minutes of ledger
 * time. The source's `sequence` is not moved on: that is for the caller once the transaction has
 * used it.
 */
export function signTransaction(spec: TransactionSpec): Signed {
  const { keypair, sequence } = spec.source;
  const account = new Account(keypair.publicKey(), String(sequence + (spec.sequenceAhead ?? 0n)));
  const builder = new TransactionBuilder(account, {
    fee: '1000',
    networkPassphrase: spec.passphrase,
    timebounds: { minTime: 0, maxTime: spec.ledgerTime + 600 },
  });
  for (const operation of spec.operations) builder.addOperation(operation);
  const tx = builder.build();
  tx.sign(keypair, ...(spec.cosigners ?? []));
  return { envelope: tx.toXdr(), hash: Buffer.from(tx.hash()).toString('hex') };
}
