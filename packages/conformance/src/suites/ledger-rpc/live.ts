/**
 * What the checks that need a live ledger share (only with --allow-submit): fresh accounts funded
 * through the provider's own friendbot (getNetwork `friendbotUrl`), signed payments between them,
 * and the wait for a sent transaction to land, read back with getTransaction as rpc.Server's
 * `pollTransaction` reads it.
 */
import { Account, Asset, Keypair, Operation, TransactionBuilder, xdr } from '@stellar/stellar-sdk/base';
import { type HttpOptions, send } from '../../http.js';
import { CheckFailure, evidenceOf, fail, skip } from '../../model.js';
import type { Recorder } from '../../runner.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from './state.js';

/** How long a transaction may take to land: a few ledgers of a public network (5-6 s each). */
export const LANDING_TIMEOUT_MS = 60_000;
/** The reason the checks that need a funded account give without --allow-submit. */
export const SUBMIT_ONLY = 'sends transactions only with --allow-submit';
export const NO_FRIENDBOT =
  'needs funded accounts, and the provider has no friendbot (getNetwork answers no friendbotUrl)';

/** An account the suite funded and signs for; `sequence` is the last sequence number it used. */
export interface Payer {
  keypair: Keypair;
  sequence: bigint;
}

export interface LiveAccounts {
  passphrase: string;
  payer: Payer;
  /** An account that exists: payments to it succeed. */
  payee: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `attempt` until it answers, waiting longer each time; undefined when time runs out. */
async function poll<T>(attempt: () => Promise<T | undefined>): Promise<T | undefined> {
  const deadline = Date.now() + LANDING_TIMEOUT_MS;
  for (let wait = 100; ; wait = Math.min(1000, Math.round(wait * 1.5))) {
    const answer = await attempt();
    if (answer !== undefined || Date.now() > deadline) return answer;
    await sleep(wait);
  }
}

/** The provider's headers go to a friendbot on its own origin only: a credential stays with its host. */
function friendbotHttp(state: LedgerRpcState, url: URL): HttpOptions {
  const sameOrigin = new URL(state.http.baseUrl).origin === url.origin;
  return {
    baseUrl: url.toString(),
    timeoutMs: Math.max(state.http.timeoutMs, LANDING_TIMEOUT_MS),
    ...(sameOrigin && state.http.headers ? { headers: state.http.headers } : {}),
  };
}

async function fund(state: LedgerRpcState, friendbotUrl: string, address: string): Promise<void> {
  const url = new URL(friendbotUrl);
  url.searchParams.set('addr', address);
  const { exchange } = await send(friendbotHttp(state, url), { method: 'GET', path: url.toString() });
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

/** The LedgerKey of an account, as getLedgerEntries takes it. */
const accountKey = (address: string) =>
  xdr.LedgerKey.account(
    new xdr.LedgerKeyAccount({ accountId: Keypair.fromPublicKey(address).xdrAccountId() }),
  ).toXdr('base64');

/** The account's sequence number through getLedgerEntries, once the provider has it. */
async function sequenceOf(state: LedgerRpcState, t: Recorder, address: string): Promise<bigint> {
  let last: Called | undefined;
  const found = await poll(async () => {
    last = await callMethod(state, t, 'getLedgerEntries', { keys: [accountKey(address)] });
    const entry =
      isRecord(last.result) && Array.isArray(last.result.entries) ? last.result.entries[0] : undefined;
    if (!isRecord(entry) || typeof entry.xdr !== 'string') return undefined;
    const data = xdr.LedgerEntryData.fromXdr(entry.xdr, 'base64');
    return data.type === 'account' ? BigInt(data.account.seqNum) : undefined;
  });
  if (found === undefined) {
    fail(
      `the funded account ${address} never showed in getLedgerEntries`,
      last?.exchange,
      `its ACCOUNT entry within ${LANDING_TIMEOUT_MS / 1000} s of friendbot's answer`,
      last?.error ? `error ${JSON.stringify(last.error)}` : 'no entry',
    );
  }
  return found;
}

/**
 * Two fresh accounts funded by the provider's friendbot, made once per run. Skips without
 * --allow-submit, or when the provider has no friendbot.
 */
export function liveAccounts(state: LedgerRpcState, t: Recorder): Promise<LiveAccounts> {
  if (!state.allowSubmit) skip(SUBMIT_ONLY);
  return state.probes.use(t, 'live-accounts', async (r) => {
    const network = await callMethod(state, r, 'getNetwork');
    const result = isRecord(network.result) ? network.result : {};
    const { passphrase, friendbotUrl } = result;
    if (typeof passphrase !== 'string')
      fail('getNetwork answered no passphrase', network.exchange, 'the network passphrase to sign with');
    if (typeof friendbotUrl !== 'string' || friendbotUrl === '') skip(NO_FRIENDBOT);
    const payer = Keypair.random();
    const payee = Keypair.random().publicKey();
    await Promise.all([fund(state, friendbotUrl, payer.publicKey()), fund(state, friendbotUrl, payee)]);
    const sequence = await sequenceOf(state, r, payer.publicKey());
    await sequenceOf(state, r, payee);
    return { passphrase, payer: { keypair: payer, sequence }, payee };
  });
}

export interface Signed {
  envelope: string;
  hash: string;
}

/**
 * A payment of 1 lumen from the payer, signed. `sequenceAhead` 0 is the next valid sequence
 * number; more makes a transaction the core refuses with txBAD_SEQ. The time bound follows the
 * ledger's own clock (a local network may close ledgers faster than once a second).
 */
export async function payment(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  destination: string,
  sequenceAhead = 0n,
): Promise<Signed> {
  const latest = await callMethod(state, t, 'getLatestLedger');
  const closeTime = isRecord(latest.result) ? Number(latest.result.closeTime) : Number.NaN;
  const now = Number.isFinite(closeTime) ? closeTime : Math.floor(Date.now() / 1000);
  const { keypair, sequence } = live.payer;
  const source = new Account(keypair.publicKey(), String(sequence + sequenceAhead));
  const tx = new TransactionBuilder(source, {
    fee: '1000',
    networkPassphrase: live.passphrase,
    timebounds: { minTime: 0, maxTime: now + 600 },
  })
    .addOperation(Operation.payment({ destination, asset: Asset.native(), amount: '1' }))
    .build();
  tx.sign(keypair);
  return { envelope: tx.toXdr(), hash: Buffer.from(tx.hash()).toString('hex') };
}

export const sendEnvelope = (state: LedgerRpcState, t: Recorder, envelope: string) =>
  callMethod(state, t, 'sendTransaction', { transaction: envelope });

export const statusOf = (answer: Called) => (isRecord(answer.result) ? answer.result.status : undefined);

export interface Landing {
  /** The final getTransaction answer: SUCCESS or FAILED (or an error). */
  final: Called;
  /** Every status read before it. */
  before: unknown[];
}

/** Polls getTransaction until the transaction is no longer NOT_FOUND; fails when it never lands. */
export async function landing(state: LedgerRpcState, t: Recorder, hash: string): Promise<Landing> {
  const before: unknown[] = [];
  let last: Called | undefined;
  const final = await poll(async () => {
    last = await callMethod(state, t, 'getTransaction', { hash });
    const status = statusOf(last);
    if (last.error === undefined && (status === 'NOT_FOUND' || status === undefined)) {
      before.push(status);
      return undefined;
    }
    return last;
  });
  if (!final) {
    throw new CheckFailure(`transaction ${hash} did not land`, [
      evidenceOf(
        last?.exchange,
        `getTransaction SUCCESS or FAILED within ${LANDING_TIMEOUT_MS / 1000} s of PENDING`,
        `still ${JSON.stringify(statusOf(last as Called))}`,
      ),
    ]);
  }
  return { final, before };
}

/**
 * Sends a signed transaction that must be accepted (PENDING) and waits for it to land; the
 * payer's sequence number moves on (a transaction that fails when applied uses it too).
 */
export async function sendAndLand(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  signed: Signed,
): Promise<{ sent: Called; landed: Landing }> {
  const sent = await sendEnvelope(state, t, signed.envelope);
  if (statusOf(sent) !== 'PENDING') {
    fail(
      'a signed payment from a funded account was not accepted',
      sent.exchange,
      'sendTransaction status PENDING',
      sent.error ? `error ${JSON.stringify(sent.error)}` : `status ${JSON.stringify(statusOf(sent))}`,
    );
  }
  const landed = await landing(state, t, signed.hash);
  live.payer.sequence += 1n;
  return { sent, landed };
}
