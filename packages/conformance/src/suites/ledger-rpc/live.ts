/**
 * What the checks that need a live ledger share (only with --allow-submit): fresh accounts funded
 * through the provider's own friendbot (getNetwork `friendbotUrl`), signed payments between them,
 * and the wait for a sent transaction to land, read back with getTransaction as rpc.Server's
 * `pollTransaction` reads it.
 */
import { Asset, Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { CheckFailure, evidenceOf, fail, skip } from '../../model.js';
import type { Recorder } from '../../runner.js';
import {
  fund,
  LANDING_TIMEOUT_MS,
  type Payer,
  poll,
  type Signed,
  SUBMIT_ONLY,
  signTransaction,
} from '../../stellar/live.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from './state.js';

export const NO_FRIENDBOT =
  'needs funded accounts, and the provider has no friendbot (getNetwork answers no friendbotUrl)';

export interface LiveAccounts {
  passphrase: string;
  payer: Payer;
  /** An account that exists: payments to it succeed. */
  payee: string;
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
    await Promise.all([
      fund(state.http, friendbotUrl, payer.publicKey()),
      fund(state.http, friendbotUrl, payee),
    ]);
    const sequence = await sequenceOf(state, r, payer.publicKey());
    await sequenceOf(state, r, payee);
    return { passphrase, payer: { keypair: payer, sequence }, payee };
  });
}

/** The ledger's own clock (getLatestLedger `closeTime`), unix seconds; this machine's when it is not answered. */
export async function ledgerTime(state: LedgerRpcState, t: Recorder): Promise<number> {
  const latest = await callMethod(state, t, 'getLatestLedger');
  const closeTime = isRecord(latest.result) ? Number(latest.result.closeTime) : Number.NaN;
  return Number.isFinite(closeTime) ? closeTime : Math.floor(Date.now() / 1000);
}

/**
 * A payment of 1 lumen from the payer, signed. `sequenceAhead` 0 is the next valid sequence
 * number; more makes a transaction the core refuses with txBAD_SEQ. The time bound follows the
 * ledger's own clock.
 */
export async function payment(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  destination: string,
  sequenceAhead = 0n,
): Promise<Signed> {
  return signTransaction({
    source: live.payer,
    passphrase: live.passphrase,
    ledgerTime: await ledgerTime(state, t),
    operations: [Operation.payment({ destination, asset: Asset.native(), amount: '1' })],
    sequenceAhead,
  });
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
  what = 'a signed payment from a funded account',
): Promise<{ sent: Called; landed: Landing }> {
  const sent = await sendEnvelope(state, t, signed.envelope);
  if (statusOf(sent) !== 'PENDING') {
    fail(
      `${what} was not accepted`,
      sent.exchange,
      'sendTransaction status PENDING',
      sent.error ? `error ${JSON.stringify(sent.error)}` : `status ${JSON.stringify(statusOf(sent))}`,
    );
  }
  const landed = await landing(state, t, signed.hash);
  live.payer.sequence += 1n;
  return { sent, landed };
}
