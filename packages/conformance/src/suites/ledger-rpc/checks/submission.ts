/**
 * The submission lifecycle on a live ledger (with --allow-submit, accounts funded by the
 * provider's friendbot): sendTransaction PENDING, getTransaction NOT_FOUND until the transaction
 * lands and then SUCCESS with its XDR, the same envelope again answered DUPLICATE (stellar-core's
 * TransactionQueue, passed on by stellar-rpc `methods/send_transaction.go`), a bad sequence
 * number answered ERROR with txBAD_SEQ, and a transaction that fails when applied answered FAILED.
 */
import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { CheckFailure, type Evidence, evidenceOf, fail } from '../../../model.js';
import type { CheckDefinition, Recorder } from '../../../runner.js';
import type { Signed } from '../../../stellar/live.js';
import {
  type Landing,
  type LiveAccounts,
  landing,
  liveAccounts,
  payment,
  sendAndLand,
  sendEnvelope,
  statusOf,
} from '../live.js';
import { type Called, isRecord, type LedgerRpcState } from '../state.js';

const NEEDS = 'a ledger that applies transactions';

const field = (answer: Called, key: string) => (isRecord(answer.result) ? answer.result[key] : undefined);
const shown = (answer: Called) =>
  answer.error ? `error ${JSON.stringify(answer.error)}` : `status ${JSON.stringify(statusOf(answer))}`;

/** What is wrong with a TransactionResult, if anything. */
type ResultRule = (result: xdr.TransactionResult) => string | undefined;

function decodes<T>(value: unknown, decode: (base64: string) => T): T | string {
  if (typeof value !== 'string') return `not base64 XDR: ${JSON.stringify(value)}`;
  try {
    return decode(value);
  } catch (error) {
    return `does not decode: ${(error as Error).message}`;
  }
}

/**
 * What is wrong with a landed transaction: its status, hash, ledger (after the one sendTransaction
 * reported), envelope (the one sent), result (decoded, judged by `rule`) and meta (decoded).
 */
function landedProblems(
  landed: Landing,
  signed: Signed,
  sentLatest: unknown,
  want: 'SUCCESS' | 'FAILED',
  rule: ResultRule,
): string[] {
  const { final } = landed;
  if (final.error) return [`getTransaction answered error ${JSON.stringify(final.error)}`];
  const problems: string[] = [];
  const status = statusOf(final);
  if (status !== want) problems.push(`status ${JSON.stringify(status)}, not ${want}`);
  if (field(final, 'txHash') !== signed.hash)
    problems.push(`txHash ${JSON.stringify(field(final, 'txHash'))}`);
  const ledger = field(final, 'ledger');
  if (!Number.isInteger(ledger) || typeof sentLatest !== 'number' || (ledger as number) <= sentLatest)
    problems.push(`ledger ${JSON.stringify(ledger)}, not after ledger ${sentLatest} of sendTransaction`);
  if (field(final, 'envelopeXdr') !== signed.envelope) problems.push('envelopeXdr is not the envelope sent');
  const result = decodes(field(final, 'resultXdr'), (v) => xdr.TransactionResult.fromXdr(v, 'base64'));
  const verdict = typeof result === 'string' ? result : rule(result);
  if (verdict !== undefined) problems.push(`resultXdr ${verdict}`);
  const meta = decodes(field(final, 'resultMetaXdr'), (v) => xdr.TransactionMeta.fromXdr(v, 'base64'));
  if (typeof meta === 'string') problems.push(`resultMetaXdr (TransactionMeta) ${meta}`);
  return problems;
}

function judgeLanded(...args: Parameters<typeof landedProblems>): void {
  const [landed, , , want] = args;
  const problems = landedProblems(...args);
  if (problems.length > 0) {
    fail(
      `the landed transaction is not answered as ${want}`,
      landed.final.exchange,
      `getTransaction ${want} with the hash, a later ledger, the envelope sent and decodable result and meta`,
      problems.join('; '),
    );
  }
}

const resultIs =
  (code: string, opResult?: string): ResultRule =>
  (result) => {
    if (result.result.type !== code) return `is ${result.result.type}, not ${code}`;
    if (opResult === undefined || (code !== 'txSuccess' && code !== 'txFailed')) return undefined;
    const op = (result.result as { results: xdr.OperationResult[] }).results[0];
    const payment = op?.type === 'opInner' && op.tr.type === 'payment' ? op.tr.paymentResult.type : undefined;
    return payment === opResult ? undefined : `has operation result ${payment ?? op?.type}, not ${opResult}`;
  };

interface SentPayment {
  signed: Signed;
  sent: Called;
  landed?: Landing;
  /** Why it did not land, when it was accepted but never landed. */
  lost?: CheckFailure;
}

/** One payment to the funded payee, sent once per run: what submit.pending and submit.lands judge. */
function sentPayment(state: LedgerRpcState, t: Recorder): Promise<SentPayment> {
  return liveAccounts(state, t).then((live) =>
    state.probes.use(t, 'payment', async (r) => {
      const signed = await payment(state, r, live, live.payee);
      const sent = await sendEnvelope(state, r, signed.envelope);
      if (statusOf(sent) !== 'PENDING') return { signed, sent };
      try {
        return { signed, sent, landed: await landing(state, r, signed.hash) };
      } catch (error) {
        if (error instanceof CheckFailure) return { signed, sent, lost: error };
        throw error;
      } finally {
        live.payer.sequence += 1n;
      }
    }),
  );
}

/**
 * Sends the same envelope twice at once: the core queues one (PENDING) and answers the other
 * DUPLICATE. Sent at once, both reach the queue before a ledger closes; when one still comes
 * after (the core then refuses the used sequence number: ERROR), it tries again.
 */
async function sendTwice(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
): Promise<Evidence | undefined> {
  let answers: Called[] = [];
  for (let attempt = 1; attempt <= 5; attempt++) {
    const signed = await payment(state, t, live, live.payee);
    answers = await Promise.all([1, 2].map(() => sendEnvelope(state, t, signed.envelope)));
    const pending = answers.filter((a) => statusOf(a) === 'PENDING');
    if (pending.length === 0) {
      const [first] = answers as [Called];
      return evidenceOf(
        first.exchange,
        'a signed payment from a funded account accepted: PENDING',
        shown(first),
      );
    }
    const landed = await landing(state, t, signed.hash);
    live.payer.sequence += 1n;
    const other = answers.find((a) => a !== pending[0]) as Called;
    if (statusOf(other) === 'DUPLICATE' && field(other, 'hash') === signed.hash) return undefined;
    const raced =
      statusOf(other) === 'ERROR' &&
      Number(field(landed.final, 'ledger')) <= Number(field(other, 'latestLedger'));
    if (!raced) {
      return evidenceOf(
        other.exchange,
        `status DUPLICATE with hash ${signed.hash}: the same envelope is already in the queue (stellar-core TransactionQueue)`,
        other.error ? `error ${JSON.stringify(other.error)}` : JSON.stringify(other.result),
      );
    }
  }
  return evidenceOf(
    answers[1]?.exchange,
    'a payment still pending when the same envelope comes again',
    'it landed before the second envelope reached the queue, 5 times',
  );
}

export const submissionChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'submit.pending',
    title: 'sendTransaction of a signed payment from a funded account answers PENDING with its hash',
    // rpc.Server hands back status and hash; apps poll getTransaction with that hash.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const { signed, sent } = await sentPayment(state, t);
      const latest = field(sent, 'latestLedger');
      const problems = [
        statusOf(sent) === 'PENDING' ? undefined : shown(sent),
        field(sent, 'hash') === signed.hash ? undefined : `hash ${JSON.stringify(field(sent, 'hash'))}`,
        Number.isInteger(latest) && (latest as number) > 0
          ? undefined
          : `latestLedger ${JSON.stringify(latest)}`,
      ].filter((p) => p !== undefined);
      if (problems.length > 0) {
        fail(
          'the payment was not answered PENDING with its hash',
          sent.exchange,
          `status PENDING, hash ${signed.hash} (the transaction's hash on this network), a latestLedger`,
          problems.join('; '),
        );
      }
    },
  },
  {
    id: 'submit.lands',
    title: 'getTransaction answers NOT_FOUND until the payment lands, then SUCCESS with its ledger and XDR',
    // rpc.Server.pollTransaction waits out NOT_FOUND and decodes envelope, result and meta.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const { signed, sent, landed, lost } = await sentPayment(state, t);
      if (lost) throw lost;
      if (!landed)
        fail('the payment was not accepted', sent.exchange, 'sendTransaction status PENDING', shown(sent));
      judgeLanded(
        landed,
        signed,
        field(sent, 'latestLedger'),
        'SUCCESS',
        resultIs('txSuccess', 'paymentSuccess'),
      );
      t.note(`${landed.before.length} NOT_FOUND, then SUCCESS in ledger ${field(landed.final, 'ledger')}`);
    },
  },
  {
    id: 'submit.duplicate',
    title: 'The same envelope sent twice at once: one answer PENDING, the other DUPLICATE',
    // rpc.Server passes the status on; an app that resends treats DUPLICATE as still on its way.
    level: 'should',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const live = await liveAccounts(state, t);
      const problem = await sendTwice(state, t, live);
      if (problem) throw new CheckFailure('the envelope sent again was not answered DUPLICATE', [problem]);
    },
  },
  {
    id: 'submit.bad-sequence',
    title: 'A signed transaction with a sequence number ahead of the account answers ERROR with txBAD_SEQ',
    // rpc.Server decodes errorResultXdr as a TransactionResult when the status is ERROR.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const live = await liveAccounts(state, t);
      const signed = await payment(state, t, live, live.payee, 10n);
      const answer = await sendEnvelope(state, t, signed.envelope);
      const result = decodes(field(answer, 'errorResultXdr'), (v) =>
        xdr.TransactionResult.fromXdr(v, 'base64'),
      );
      const problem =
        statusOf(answer) !== 'ERROR'
          ? shown(answer)
          : typeof result === 'string'
            ? `errorResultXdr ${result}`
            : resultIs('txBadSeq')(result);
      if (problem !== undefined) {
        fail(
          'a transaction with a bad sequence number was not refused with txBAD_SEQ',
          answer.exchange,
          'status ERROR with errorResultXdr, a TransactionResult with code txBAD_SEQ',
          problem,
        );
      }
    },
  },
  {
    id: 'submit.failed-apply',
    title: 'A payment to an account that does not exist lands as FAILED with op_no_destination',
    // The core accepts it (it is valid) and fails it when applied: fee charged, sequence used.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const live = await liveAccounts(state, t);
      const signed = await payment(state, t, live, Keypair.random().publicKey());
      const { sent, landed } = await sendAndLand(state, t, live, signed);
      judgeLanded(
        landed,
        signed,
        field(sent, 'latestLedger'),
        'FAILED',
        resultIs('txFailed', 'paymentNoDestination'),
      );
    },
  },
];
