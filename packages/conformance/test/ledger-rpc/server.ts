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

export const OLDEST = 1043200;
export const LATEST = 1043229;

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

interface Paging {
  startLedger?: number;
  pagination?: { cursor?: string; limit?: number };
}

function limitOf(params: Paging, fallback: number, max: number): number {
  const limit = params.pagination?.limit ?? 0;
  if (limit > max) throw new JsonRpcError(-32600, `limit must not exceed ${max}`);
  return limit === 0 ? fallback : limit;
}

function startOf(params: Paging): number | undefined {
  if (params.pagination?.cursor !== undefined) {
    if (params.startLedger !== undefined)
      throw new JsonRpcError(-32600, 'startLedger and cursor cannot both be set');
    return undefined;
  }
  const start = params.startLedger;
  if (typeof start !== 'number' || start < OLDEST || start > LATEST) {
    throw new JsonRpcError(
      -32600,
      `start ledger (${start}) must be between the oldest ledger: ${OLDEST} and the latest ledger: ${LATEST} for this rpc instance`,
    );
  }
  return start;
}

function numericCursor(cursor: string): bigint {
  if (!/^\d+$/.test(cursor))
    throw new JsonRpcError(-32602, `strconv.ParseUint: parsing "${cursor}": invalid syntax`);
  return BigInt(cursor);
}

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
      ledgerRetentionWindow: LATEST - OLDEST + 1,
    }),
    getLatestLedger: () => ({ ...example('getLatestLedger'), sequence: LATEST, closeTime: CLOSE(LATEST) }),
    getVersionInfo: () => example('getVersionInfo'),
    getNetwork: () => example('getNetwork'),
    getFeeStats: () => ({ ...example('getFeeStats'), latestLedger: LATEST }),
    getLedgers: (params: Paging) => {
      const limit = limitOf(params, 50, 200);
      const from = startOf(params) ?? Number(numericCursor(params.pagination?.cursor as string)) + 1;
      const ledgers = LEDGERS.filter((l) => l.sequence >= from).slice(0, limit);
      const last = ledgers[ledgers.length - 1]?.sequence ?? from - 1;
      const cursor = on('ledgers-cursor-repeats') ? String((ledgers[0]?.sequence ?? from) - 1) : String(last);
      return { ledgers, ...window('getLedgers'), cursor };
    },
    getTransactions: (params: Paging) => {
      const limit = limitOf(params, 50, 200);
      const start = startOf(params);
      let cursor = start === undefined ? numericCursor(params.pagination?.cursor as string) : undefined;
      if (on('transactions-cursor-ignored')) cursor = undefined;
      const all = TRANSACTIONS.filter((t) =>
        cursor === undefined ? t.ledger >= (start ?? OLDEST) : t.toid > cursor,
      );
      const page = all.slice(0, limit);
      const last = page[page.length - 1];
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
      const start = startOf(params);
      let cursor = start === undefined ? params.pagination?.cursor : undefined;
      if (on('events-cursor-ignored')) cursor = undefined;
      const page = events
        .filter((e) => (cursor === undefined ? e.ledger >= (start ?? OLDEST) : e.id > cursor))
        .slice(0, limit);
      return { events: page, cursor: page[page.length - 1]?.id ?? cursor ?? '', ...window('getEvents') };
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
        res.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
  });
  return listenForTest(server);
}
