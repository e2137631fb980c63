/**
 * A scripted Stellar-RPC-compatible provider for the ledger-rpc suite: the generated dispatcher
 * of @starspec/ledger-rpc (JSON-RPC 2.0 as Stellar RPC answers it) over 30 ledgers, one
 * transaction and two events each, made from the contract's examples, with real cursors. Named
 * deliberate breaks (see broken.yaml) each change one behaviour so that one check must fail.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { contract, createDispatcher, document, type Handlers, validate } from '@starspec/ledger-rpc';
import { JsonRpcError } from '@starspec/runtime';
import { xdr } from '@stellar/stellar-sdk/base';
import { listenForTest, type TestServer } from '../support/listen.js';
import {
  afterLedgerCursor,
  LATEST,
  limitOf,
  numericCursor,
  OLDEST,
  type Paging,
  startOf,
} from './server-range.js';

export { LATEST, OLDEST } from './server-range.js';

type Json = Record<string, unknown>;

const methods = (
  document as unknown as {
    methods: { name: string; examples: { name: string; result: { value: unknown } }[] }[];
  }
).methods;
const example = (method: string, name?: string): Json => {
  const examples = methods.find((m) => m.name === method)?.examples ?? [];
  const found = name ? examples.find((e) => e.name === name) : examples[0];
  return structuredClone(found?.result.value) as Json;
};

const hex = (seed: string) => createHash('sha256').update(seed).digest('hex');
const toid = (ledger: number, tx: number, op: number) =>
  (BigInt(ledger) << 32n) | (BigInt(tx) << 12n) | BigInt(op);
const CLOSE = (seq: number) => String(1786100000 + (seq - OLDEST) * 5);

const LEDGER = (example('getLedgers').ledgers as Json[])[0] as Json;
const TRANSACTION = (example('getTransactions').transactions as Json[])[0] as Json;
const EVENT = (example('getEvents').events as Json[])[0] as Json;

const sequences = Array.from({ length: LATEST - OLDEST + 1 }, (_, i) => OLDEST + i);
const LEDGERS = sequences.map((sequence) => ({
  ...LEDGER,
  sequence,
  hash: hex(`ledger ${sequence}`),
  ledgerCloseTime: CLOSE(sequence),
}));
const TRANSACTIONS = sequences.map((ledger) => ({
  ...TRANSACTION,
  ledger,
  applicationOrder: 1,
  txHash: hex(`tx ${ledger}`),
  createdAt: typeof TRANSACTION.createdAt === 'number' ? Number(CLOSE(ledger)) : CLOSE(ledger),
  toid: toid(ledger, 1, 0),
}));
const EVENTS = sequences.flatMap((ledger) =>
  [0, 1].map((index) => ({
    ...EVENT,
    ledger,
    txHash: hex(`tx ${ledger}`),
    id: `${toid(ledger, 1, 0).toString().padStart(19, '0')}-${String(index).padStart(10, '0')}`,
  })),
);

/** Base64 that is no ScVal: the ScValType 0x7fffffff does not exist. */
const NOT_AN_SCVAL = 'f////w==';

const withValue = <E extends Json>(event: E, scVal: string): E => ({
  ...event,
  topic: [scVal, ...(event.topic as string[]).slice(1)],
  value: scVal,
});

/** The ledger window, with close times typed as the method's own example types them. */
const window = (method: string, name?: string) => {
  const template = example(method, name);
  const time = (key: string, seq: number) =>
    typeof template[key] === 'number' ? Number(CLOSE(seq)) : CLOSE(seq);
  return {
    latestLedger: LATEST,
    latestLedgerCloseTime: time('latestLedgerCloseTime', LATEST),
    oldestLedger: OLDEST,
    oldestLedgerCloseTime: time('oldestLedgerCloseTime', OLDEST),
  };
};

/** Removes keys of the result until it no longer validates. */
function corrupt(method: string, result: unknown): unknown {
  const out = structuredClone(result) as Json;
  for (const key of Object.keys(out)) {
    const saved = out[key];
    delete out[key];
    if (!validate.result(method as never, out).ok) return out;
    out[key] = saved;
  }
  return 'corrupt';
}

/** The JSON-RPC 2.0 specification's own error messages, which Stellar RPC's jrpc2 does not use. */
const SPEC_MESSAGES: Record<number, string> = {
  [-32700]: 'Parse error',
  [-32600]: 'Invalid Request',
  [-32601]: 'Method not found',
  [-32602]: 'Invalid params',
};

/** `spec-message:<code>`: errors of that code carry the specification's message instead. */
function withSpecMessages(body: string, on: (name: string) => boolean): string {
  if (!Object.keys(SPEC_MESSAGES).some((code) => on(`spec-message:${code}`))) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  for (const answer of Array.isArray(parsed) ? parsed : [parsed]) {
    const error = (answer as { error?: { code: number; message: string } }).error;
    if (error && on(`spec-message:${error.code}`)) error.message = SPEC_MESSAGES[error.code] ?? error.message;
  }
  return JSON.stringify(parsed);
}

export type RpcServer = TestServer;

export interface RpcServerOptions {
  breaks?: readonly string[];
  parseErrors?: 'stellar-rpc' | 'json-rpc';
  /** Base64 ScVal that every event carries as its value and first topic, instead of the example's. */
  eventScVal?: string;
}

export function startRpcServer(options: RpcServerOptions = {}): Promise<RpcServer> {
  const breaks = new Set(options.breaks ?? []);
  const on = (name: string) => breaks.has(name);
  const eventValue = on('event-value-not-xdr') ? NOT_AN_SCVAL : options.eventScVal;
  const events = eventValue === undefined ? EVENTS : EVENTS.map((e) => withValue(e, eventValue));

  const handlers: Record<string, (params: Json) => unknown> = {
    getHealth: () => ({
      ...example('getHealth'),
      ...window('getHealth'),
      ...(on('health-oldest-behind') ? { oldestLedger: OLDEST - 10 } : {}),
      ledgerRetentionWindow: LATEST - OLDEST + 1,
    }),
    getLatestLedger: () => ({ ...example('getLatestLedger'), sequence: LATEST, closeTime: CLOSE(LATEST) }),
    getVersionInfo: () => example('getVersionInfo'),
    // No friendbot: the checks that need funded accounts skip here (the sandbox proves them).
    getNetwork: () => {
      const { friendbotUrl: _, ...network } = example('getNetwork');
      return network;
    },
    getFeeStats: () => ({ ...example('getFeeStats'), latestLedger: LATEST }),
    getLedgers: (params: Paging) => {
      const limit = limitOf(params, 50, 200);
      const cursorAsked = params.pagination?.cursor;
      // A cursor inside the range refused as if it were the latest ledger.
      if (cursorAsked !== undefined && on('ledgers-cursor-refused-as-latest'))
        throw new JsonRpcError(
          -32602,
          `cursor ('${cursorAsked}') must be between the oldest ledger: ${OLDEST} and the latest ledger: ${cursorAsked} for this rpc instance`,
        );
      const from = startOf('getLedgers', params, on) ?? afterLedgerCursor(cursorAsked as string, on);
      const ledgers = LEDGERS.filter((l) => l.sequence >= from).slice(0, limit);
      const last = ledgers[ledgers.length - 1]?.sequence;
      let cursor = last === undefined ? (cursorAsked ?? String(from - 1)) : String(last);
      if (on('ledgers-cursor-repeats')) cursor = String((ledgers[0]?.sequence ?? from) - 1);
      if (on('ledgers-cursor-skips') && last !== undefined) cursor = String(last + 1);
      return { ledgers, ...window('getLedgers'), cursor };
    },
    getTransactions: (params: Paging) => {
      const limit = limitOf(params, 50, 200);
      const start = startOf('getTransactions', params, on);
      let cursor =
        start === undefined ? numericCursor(params.pagination?.cursor as string, 'ParseInt', on) : undefined;
      if (on('transactions-cursor-ignored')) cursor = undefined;
      let all = TRANSACTIONS.filter((t) =>
        cursor === undefined ? t.ledger >= (start ?? OLDEST) : t.toid > cursor,
      );
      if (all.length === 0 && cursor !== undefined && on('transactions-end-restarts')) all = TRANSACTIONS;
      if (cursor !== undefined && on('transactions-cursor-empty')) all = [];
      const page = all.slice(0, limit);
      // The cursor names the transaction after the last one given, which the next page then skips.
      const last = on('transactions-cursor-skips') ? (all[page.length] ?? page.at(-1)) : page.at(-1);
      return {
        transactions: page.map(({ toid: _, ...t }) => t),
        latestLedger: LATEST,
        latestLedgerCloseTimestamp: Number(CLOSE(LATEST)),
        oldestLedger: OLDEST,
        oldestLedgerCloseTimestamp: Number(CLOSE(OLDEST)),
        cursor: (last?.toid ?? cursor ?? 0n).toString(),
      };
    },
    getTransaction: (params: { hash?: unknown }) => {
      const found = TRANSACTIONS.find((t) => t.txHash === params.hash);
      if (!found)
        return {
          ...example('getTransaction', 'Not found'),
          txHash: String(params.hash),
          ...window('getTransaction'),
        };
      const { toid: _, createdAt, ...rest } = found;
      const template = example('getTransaction');
      return {
        ...template,
        ...rest,
        createdAt: typeof template.createdAt === 'number' ? Number(createdAt) : String(createdAt),
        ...window('getTransaction'),
      };
    },
    getEvents: (params: Paging) => {
      const limit = limitOf(params, 100, 10000);
      const start = startOf('getEvents', params, on);
      let cursor = start === undefined ? params.pagination?.cursor : undefined;
      if (on('events-cursor-ignored')) cursor = undefined;
      const all = events.filter((e) =>
        cursor === undefined ? e.ledger >= (start ?? OLDEST) : e.id > cursor,
      );
      if (all.length === 0 && cursor !== undefined && on('events-end-error'))
        throw new JsonRpcError(-32603, 'no events after the cursor');
      const page = all.slice(0, limit);
      const last = on('events-cursor-skips') ? (all[page.length] ?? page.at(-1)) : page.at(-1);
      return { events: page, cursor: last?.id ?? cursor ?? '', ...window('getEvents') };
    },
    sendTransaction: (params: { transaction?: unknown }) => {
      try {
        xdr.TransactionEnvelope.fromXdr(String(params.transaction), 'base64');
      } catch {
        throw new JsonRpcError(-32602, 'invalid_xdr');
      }
      const name = on('send-accepts-anything') ? 'Accepted' : 'Rejected: bad sequence';
      return {
        ...example('sendTransaction', name),
        hash: hex(String(params.transaction)),
        latestLedger: LATEST,
        latestLedgerCloseTime: CLOSE(LATEST),
      };
    },
    simulateTransaction: () => ({
      ...example('simulateTransaction', 'Failed simulation'),
      latestLedger: LATEST,
    }),
    getLedgerEntries: () => ({ entries: [], latestLedger: LATEST }),
  };

  const wrapped = Object.fromEntries(
    Object.keys(contract.methods).map((method) => [
      method,
      (params: Json) => {
        const result = (handlers[method] as (p: Json) => unknown)(params);
        return on(`corrupt-result:${method}`) ? corrupt(method, result) : result;
      },
    ]),
  );
  const dispatcher = createDispatcher(wrapped as unknown as Handlers, {
    validateResults: false,
    validateParams: !on('params-unchecked'),
    ...(options.parseErrors ? { parseErrors: options.parseErrors } : {}),
    onError: () => undefined,
  });

  /** Breaks that change the JSON-RPC layer itself; undefined: dispatch as usual. */
  const rewrite = (text: string): { text: string } | { answer: string } => {
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return on('parse-error-200') ? { answer: '{"jsonrpc":"2.0","id":null,"result":null}' } : { text };
    }
    if (Array.isArray(payload) && on('batch-first-only') && payload.length > 0)
      return { text: JSON.stringify(payload[0]) };
    const elements = Array.isArray(payload) ? payload : [payload];
    for (const element of elements as Json[]) {
      if (typeof element !== 'object' || element === null) continue;
      if (on('version-unchecked')) element.jsonrpc = '2.0';
      if (on('notification-answered') && !('id' in element)) element.id = 0;
      if (
        on('unknown-method-null-result') &&
        !Array.isArray(payload) &&
        !Object.hasOwn(contract.methods, String(element.method))
      ) {
        return { answer: JSON.stringify({ jsonrpc: '2.0', id: element.id ?? null, result: null }) };
      }
    }
    return { text: JSON.stringify(payload) };
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const step = rewrite(Buffer.concat(chunks).toString('utf8'));
      if ('answer' in step) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(step.answer);
        return;
      }
      dispatcher.dispatch(step.text, req).then((answer) => {
        res.writeHead(answer.status, answer.headers).end(answer.body && withSpecMessages(answer.body, on));
      });
    });
  });
  return listenForTest(server);
}
