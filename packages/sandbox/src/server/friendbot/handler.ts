/**
 * `GET|POST /friendbot?addr=G…` as stellar/go friendbot answers it (`friendbot_handler.go`,
 * `main.go` registerProblems): the funding transaction as a Horizon transaction resource
 * (application/hal+json) once its ledger closed, or a problem+json: a bad `addr` (400 with
 * `invalid_field`), an account already funded or created by a concurrent call (400). Beyond
 * stellar/go: too many calls waiting is Horizon's 503 server_over_capacity with Retry-After, and
 * a web page's call is refused unless its origin is allowed (browser-guard.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toidValue } from '../../network/cursor.js';
import type { TxRecord } from '../../network/records.js';
import type { BrowserGuard } from '../browser-guard.js';
import {
  BAD_REQUEST,
  FRIENDBOT_BUSY,
  invalidField,
  type Problem,
  SANDBOX_STOPPING,
  SERVER_ERROR,
  writeJson,
  writeProblem,
} from '../problem.js';
import { accountStrkeyProblem, queryUnescape } from './address.js';
import type { Friendbot, FundOutcome } from './bot.js';

/** stellar/go friendbot `createAccountAlreadyExistXDR`, named in its answer's detail. */
const CREATE_ACCOUNT_ALREADY_EXIST_XDR = 'AAAAAAAAAGT/////AAAAAQAAAAAAAAAA/////AAAAAA=';

/** The Horizon transaction resource of the funding transaction (the fields friendbot clients read). */
function transactionResource(tx: TxRecord, closeTime: number, baseUrl: string) {
  const envelope = tx.envelope.type === 'envelopeTypeTx' ? tx.envelope.v1 : undefined;
  return {
    _links: { transaction: { href: `${baseUrl}/transactions/${tx.hash}` } },
    id: tx.hash,
    paging_token: toidValue({ ledger: tx.ledger, tx: tx.applicationOrder, op: 0 }).toString(),
    successful: tx.successful,
    hash: tx.hash,
    ledger: tx.ledger,
    created_at: new Date(closeTime * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    fee_charged: String(tx.result.feeCharged),
    max_fee: String(envelope?.tx.fee ?? 0),
    operation_count: tx.operationCount,
    envelope_xdr: tx.envelope.toXdr('base64'),
    result_xdr: tx.result.toXdr('base64'),
    result_meta_xdr: tx.meta.toXdr('base64'),
    memo_type: 'none',
    signatures: envelope?.signatures.map((s) => Buffer.from(s.signature.toBytes()).toString('base64')) ?? [],
  };
}

function problemOf(outcome: Exclude<FundOutcome, { kind: 'funded' }>): Problem {
  switch (outcome.kind) {
    case 'already-funded':
      return { ...BAD_REQUEST, detail: 'account already funded to starting balance' };
    case 'busy':
      return FRIENDBOT_BUSY;
    case 'failed':
      return outcome.alreadyExists
        ? { ...BAD_REQUEST, detail: `createAccountAlreadyExist (${CREATE_ACCOUNT_ALREADY_EXIST_XDR})` }
        : SERVER_ERROR;
    case 'not-applied':
      return outcome.stopped ? SANDBOX_STOPPING : SERVER_ERROR;
  }
}

export interface FriendbotHandlerOptions {
  friendbot: Friendbot;
  /** The server's base URL, for the resource's links. */
  baseUrl: () => string;
  closeTimeOf: (ledger: number) => number;
  /** Resolves once the REST face holds the closed ledgers (the answer waits for it). */
  indexed?: () => Promise<void>;
  /** Which web pages may call it. */
  guard: BrowserGuard;
  onError: (error: unknown) => void;
}

const METHODS = ['GET', 'POST'] as const;

export function friendbotHandler(options: FriendbotHandlerOptions) {
  return async (req: IncomingMessage, res: ServerResponse, search: string): Promise<void> => {
    if (options.guard.answered(req, res, METHODS)) return;
    req.resume();
    if (req.method !== 'GET' && req.method !== 'POST') {
      res.writeHead(405, { allow: METHODS.join(', '), 'content-length': 0 }).end();
      return;
    }
    const addr = new URLSearchParams(search).get('addr') ?? '';
    const unescaped = queryUnescape(addr);
    if ('error' in unescaped) return writeProblem(res, invalidField('addr', unescaped.error));
    const reason = accountStrkeyProblem(unescaped.value);
    if (reason) return writeProblem(res, invalidField('addr', reason));
    let outcome: FundOutcome;
    try {
      outcome = await options.friendbot.fund(unescaped.value);
    } catch (error) {
      options.onError(error);
      return writeProblem(res, SERVER_ERROR);
    }
    if (outcome.kind !== 'funded') {
      if (outcome.kind === 'not-applied' && !outcome.stopped) options.onError(new Error(outcome.reason));
      return writeProblem(res, problemOf(outcome), outcome.kind === 'busy' ? { 'retry-after': '1' } : {});
    }
    await options.indexed?.();
    const resource = transactionResource(
      outcome.tx,
      options.closeTimeOf(outcome.tx.ledger),
      options.baseUrl(),
    );
    writeJson(res, 200, resource, 'application/hal+json');
  };
}
