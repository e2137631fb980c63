/**
 * What the ledger-rpc suite knows while it runs: the endpoint, the shared calls, and how a
 * JSON-RPC answer is read and checked (envelope, id, result against the contract).
 */
import { contract, type MethodName, validate, xdrFieldsOf } from '@starspec/ledger-rpc';
import { isRecord, type ValidationError } from '@starspec/runtime';
import { type HttpOptions, send } from '../../http.js';
import { CheckFailure, type Exchange, evidenceOf } from '../../model.js';
import { httpOptionsOf, Probes, type Recorder, type RunOptions } from '../../runner.js';

/** Options of the ledger-rpc suite (besides the common run options). */
export interface LedgerRpcOptions {
  /**
   * Also send transactions: envelopes that can never be applied, payments between fresh
   * accounts funded by the provider's friendbot (the submission lifecycle, and traffic to page
   * through when the provider has too little), and the upload, creation and calls of the suite's
   * own contract (the simulation and Soroban checks).
   */
  allowSubmit?: boolean;
}

export interface LedgerRpcState {
  http: HttpOptions;
  allowSubmit: boolean;
  probes: Probes;
  nextId: number;
}

export function prepareLedgerRpc(options: RunOptions & LedgerRpcOptions): LedgerRpcState {
  return {
    http: httpOptionsOf(options),
    allowSubmit: options.allowSubmit === true,
    probes: new Probes(),
    nextId: 1,
  };
}

export { isRecord };

export interface Posted {
  exchange: Exchange;
  status: number;
  /** The parsed body (JSON, else text); undefined when empty. */
  body: unknown;
}

/** POSTs a raw body (text, or JSON for anything else) to the endpoint. */
export async function post(state: LedgerRpcState, body: unknown): Promise<Posted> {
  const { exchange, body: parsed } = await send(state.http, {
    method: 'POST',
    path: '',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  if (!exchange.response) {
    throw new CheckFailure(`no answer from ${state.http.baseUrl}: ${exchange.error}`, [
      evidenceOf(exchange, `an answer within ${state.http.timeoutMs} ms`),
    ]);
  }
  return { exchange, status: exchange.response.status, body: parsed };
}

export interface Called extends Posted {
  result?: unknown;
  error?: { code: unknown; message: unknown; data?: unknown };
}

type Method = MethodName;

const describe = (errors: readonly ValidationError[]) =>
  errors
    .slice(0, 5)
    .map((e) => (e.path ? `${e.path} ${e.message}` : e.message))
    .join('; ');

/** What is wrong with a JSON-RPC response to a request with `id`, or undefined. */
export function envelopeProblem(answer: unknown, id: unknown): string | undefined {
  if (!isRecord(answer)) return 'the answer is not a JSON-RPC response object';
  if (answer.jsonrpc !== '2.0') return `jsonrpc is ${JSON.stringify(answer.jsonrpc)}, not "2.0"`;
  if (answer.id !== id) return `id is ${JSON.stringify(answer.id)}, not the request's ${JSON.stringify(id)}`;
  const has = ['result' in answer, 'error' in answer];
  if (has[0] === has[1]) return 'a response has exactly one of result and error';
  if ('error' in answer) {
    const error = answer.error;
    if (!isRecord(error) || !Number.isInteger(error.code) || typeof error.message !== 'string') {
      return 'error is not {code: integer, message: string}';
    }
  }
  return undefined;
}

/**
 * Calls one method and checks the answer: HTTP 200, a JSON-RPC response with the request's id,
 * and a result that validates against the contract. Problems go to the recorder.
 */
export async function callMethod(
  state: LedgerRpcState,
  recorder: Recorder,
  method: Method | string,
  params?: unknown,
): Promise<Called> {
  const id = state.nextId++;
  const request: Record<string, unknown> = { jsonrpc: '2.0', id, method };
  if (params !== undefined) request.params = params;
  const posted = await post(state, request);
  const envelope = posted.status === 200 ? envelopeProblem(posted.body, id) : `HTTP ${posted.status}`;
  if (envelope !== undefined) {
    recorder.problem(
      evidenceOf(posted.exchange, 'HTTP 200 with a JSON-RPC 2.0 response echoing the request id', envelope),
    );
    return posted;
  }
  const answer = posted.body as Record<string, unknown>;
  const called: Called = { ...posted };
  if ('error' in answer) {
    called.error = answer.error as Called['error'];
    return called;
  }
  called.result = answer.result;
  if (Object.hasOwn(contract.methods, method)) {
    const verdict = validate.result(method as Method, answer.result, { mode: 'strict' });
    const problem = verdict.ok ? undecodableXdr(method as Method, answer.result) : describe(verdict.errors);
    if (problem !== undefined) {
      recorder.problem(
        evidenceOf(
          posted.exchange,
          `a ${method} result as the contract describes it`,
          `the result is outside the contract: ${problem}`,
        ),
      );
    }
  }
  return called;
}

/**
 * The first XDR field of a result that does not decode as the type its `x-xdr-type` names
 * (rpc.Server decodes them for the app), or undefined when all do.
 */
function undecodableXdr(method: Method, result: unknown): string | undefined {
  if (!isRecord(result)) return undefined;
  for (const field of xdrFieldsOf(method, result)) {
    try {
      field.decode();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  return undefined;
}

/** How far before the latest ledger the checks start. */
const START_BEFORE_LATEST = 20;

export interface LedgerRange {
  start: number;
  latest: number;
}

/**
 * The ledger range the checks start from, read now: 20 ledgers before the latest, within
 * retention. On a full retention window the oldest ledger is trimmed as each new one closes, so
 * the start is halfway in: it outlives the checks that read from it.
 */
export async function readRange(state: LedgerRpcState, r: Recorder): Promise<LedgerRange | undefined> {
  const health = await callMethod(state, r, 'getHealth');
  const h = isRecord(health.result) ? health.result : {};
  let latest = typeof h.latestLedger === 'number' ? h.latestLedger : undefined;
  let oldest = typeof h.oldestLedger === 'number' ? h.oldestLedger : undefined;
  const window = typeof h.ledgerRetentionWindow === 'number' ? h.ledgerRetentionWindow : undefined;
  if (latest === undefined) {
    const ledger = await callMethod(state, r, 'getLatestLedger');
    if (isRecord(ledger.result) && typeof ledger.result.sequence === 'number')
      latest = ledger.result.sequence;
  }
  if (latest === undefined) return undefined;
  oldest ??= latest - START_BEFORE_LATEST;
  const full = window !== undefined && latest - oldest + 1 >= window;
  const first = full ? oldest + Math.floor((latest - oldest) / 2) : oldest;
  return { start: Math.max(first, latest - START_BEFORE_LATEST), latest };
}

/** The ledger range of the run, read once (readRange). */
export function range(state: LedgerRpcState, t: Recorder): Promise<LedgerRange | undefined> {
  return state.probes.use(t, 'range', (r) => readRange(state, r));
}
