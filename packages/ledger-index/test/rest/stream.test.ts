/**
 * Server-sent events as Horizon streams them, on the sandbox's face: the records after the cursor,
 * then what each new ledger adds, ended by `close` after `limit` events; `Last-Event-ID` resumes;
 * a refused request is its problem; an account and its data entries stream again when a ledger
 * changes them, its history as ledgers add to it; and the official SDK's `.stream()` follows
 * payments as they land.
 */
import { EventEmitter } from 'node:events';
import { type Sandbox, startSandbox } from '@starspec/sandbox';
import { Asset, Horizon, type Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStreams, streamPage } from '../../src/rest/stream.js';
import { records, type SseEvent, takeEvents } from '../support/sse.js';
import { runWorkload, send, type Workload } from '../support/workload.js';

let sandbox: Sandbox;
let work: Workload;

beforeAll(async () => {
  sandbox = await startSandbox({
    closeEvery: 'manual',
    validateResults: true,
    onError: (e) => {
      throw e;
    },
  });
  work = await runWorkload(sandbox, { rounds: 2, accounts: 3 });
  await sandbox.indexed();
});
afterAll(async () => {
  await sandbox?.stop();
});

type Read = { status: number; type: string | null; events: SseEvent[]; body?: unknown };

/**
 * Reads a stream until it ends or `until` holds; closes `abort` then. `opened` settles once the
 * first event arrived: the server has read the first page and watches ledgers, so a ledger closed
 * after it is one the stream must report (waiting a while instead would race a busy machine).
 */
function readEvents(
  path: string,
  headers: Record<string, string> = {},
  until: (events: SseEvent[]) => boolean = () => false,
): Promise<Read> & { opened: Promise<void> } {
  let markOpened = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    markOpened = resolve;
  });
  const read = readAll(path, headers, until, () => markOpened()).finally(() => markOpened());
  return Object.assign(read, { opened });
}

async function readAll(
  path: string,
  headers: Record<string, string>,
  until: (events: SseEvent[]) => boolean,
  onFirst: () => void,
): Promise<Read> {
  const abort = new AbortController();
  const response = await fetch(`${sandbox.url}${path}`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const type = response.headers.get('content-type');
  if (!type?.startsWith('text/event-stream'))
    return { status: response.status, type, events: [], body: await response.json() };
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const taken = takeEvents(buffer);
      buffer = taken.rest;
      events.push(...taken.events);
      if (events.length > 0) onFirst();
      if (until(events)) {
        abort.abort();
        break;
      }
    }
  } catch (error) {
    if ((error as Error).name !== 'AbortError') throw error;
  }
  return { status: response.status, type, events };
}

describe('collection streams', () => {
  it('opens with hello, sends `limit` records with their paging tokens as ids, then close', async () => {
    const page = (await (await fetch(`${sandbox.url}/operations?limit=4`)).json()) as {
      _embedded: { records: { paging_token: string }[] };
    };
    const { status, type, events } = await readEvents('/operations?limit=4');
    expect(status).toBe(200);
    expect(type).toBe('text/event-stream; charset=utf-8');
    expect(events[0]).toEqual({ retry: '1000', event: 'open', data: 'hello' });
    expect(records(events).map((e) => e.id)).toEqual(page._embedded.records.map((r) => r.paging_token));
    expect(records(events).map((e) => e.data)).toEqual(page._embedded.records);
    expect(events.at(-1)).toEqual({ retry: '10', event: 'close', data: 'byebye' });
  });

  it('resumes after Last-Event-ID, whatever the cursor says', async () => {
    const first = await readEvents('/transactions?limit=2');
    const last = records(first.events).at(-1)?.id ?? '';
    const next = await readEvents('/transactions?limit=2&cursor=0', { 'last-event-id': last });
    const page = (await (await fetch(`${sandbox.url}/transactions?limit=2&cursor=${last}`)).json()) as {
      _embedded: { records: { paging_token: string }[] };
    };
    expect(records(next.events).map((e) => e.id)).toEqual(page._embedded.records.map((r) => r.paging_token));
  });

  it('from cursor=now, sends what the next ledgers add', async () => {
    const [from, to] = work.accounts;
    await sandbox.indexed(); // the stream starts after every ledger so far
    const stream = readEvents('/payments?cursor=now&limit=2', {}, (events) => records(events).length >= 2);
    await stream.opened;
    const hashes = [0, 1].map(() => {
      const hash = send(sandbox, from as Keypair, [
        Operation.payment({ destination: (to as Keypair).publicKey(), asset: Asset.native(), amount: '1' }),
      ]);
      sandbox.closeLedger();
      return hash;
    });
    const { events } = await stream;
    expect(records(events).map((e) => (e.data as { transaction_hash: string }).transaction_hash)).toEqual(
      hashes,
    );
  });

  it('answers a refused request with its problem, not a stream', async () => {
    const { status, body } = await readEvents('/operations?cursor=abc');
    expect(status).toBe(400);
    expect(body).toMatchObject({ extras: { invalid_field: 'cursor' } });
  });
});

describe('the ledger watch', () => {
  it('is let go when the first page fails or is refused', async () => {
    let watching = 0;
    const onLedger = () => {
      watching++;
      return () => {
        watching--;
      };
    };
    const request = { query: {}, path: {}, headers: { accept: 'text/event-stream' } } as never;
    const failing = streamPage(
      () => Promise.reject(new Error('no page')),
      sharedStreams({ onLedger }),
      async () => 1,
    );
    await expect(failing(request)).rejects.toThrow('no page');
    const refused = streamPage(
      () => ({ status: 400, body: {} }),
      sharedStreams({ onLedger }),
      async () => 1,
    );
    expect(await refused(request)).toEqual({ status: 400, body: {} });
    expect(watching).toBe(0);
  });

  it('is let go, with the slot, when the client left before the stream began', async () => {
    let watching = 0;
    const onLedger = () => {
      watching++;
      return () => {
        watching--;
      };
    };
    const streams = sharedStreams({ onLedger });
    const request = { query: {}, path: {}, headers: { accept: 'text/event-stream' } } as never;
    const page = streamPage(
      () => ({ status: 200, body: {} }),
      streams,
      async () => 1,
    );
    const result = await page(request);
    // The answer's response, closed already: its 'close' event will not come again.
    const res = Object.assign(new EventEmitter(), {
      destroyed: true,
      writeHead: () => res,
      write: () => true,
      end: () => res,
    });
    void result.stream?.(res as never);
    await new Promise((resolve) => setImmediate(resolve));
    expect([watching, streams.slots.open]).toEqual([0, 0]);
  });
});

describe('stopping', () => {
  it('ends the open streams with their close event, rather than cutting them', async () => {
    const other = await startSandbox({ closeEvery: 'manual' });
    const response = await fetch(`${other.url}/ledgers?cursor=now`, {
      headers: { accept: 'text/event-stream' },
    });
    const text = response.text();
    await new Promise((r) => setTimeout(r, 50));
    await other.stop();
    expect(await text).toBe(
      'retry: 1000\nevent: open\ndata: "hello"\n\nretry: 10\nevent: close\ndata: "byebye"\n\n',
    );
  });
});

describe('object streams', () => {
  it('sends the account, then again when a ledger changes it', async () => {
    const [account, other] = work.accounts as Keypair[];
    const id = (account as Keypair).publicKey();
    await sandbox.indexed(); // the stream starts after every ledger so far
    const stream = readEvents(`/accounts/${id}`, {}, (events) => records(events).length >= 2);
    await stream.opened;
    sandbox.closeLedger(); // changes nothing of the account: no event
    send(sandbox, other as Keypair, [
      Operation.payment({ destination: id, asset: Asset.native(), amount: '3' }),
    ]);
    sandbox.closeLedger();
    const { events } = await stream;
    const [before, after] = records(events).map((e) => e.data as { balances: { balance: string }[] });
    expect(Number(after?.balances.at(-1)?.balance) - Number(before?.balances.at(-1)?.balance)).toBe(3);
  });
});

describe("an account's sub-resources", () => {
  it('streams a data entry: its value, then again when manage_data changes it', async () => {
    const [account] = work.accounts as Keypair[];
    const id = (account as Keypair).publicKey();
    send(sandbox, account as Keypair, [Operation.manageData({ name: 'mood', value: 'calm' })]);
    sandbox.closeLedger();
    await sandbox.indexed();
    const stream = readEvents(`/accounts/${id}/data/mood`, {}, (events) => records(events).length >= 2);
    await stream.opened;
    sandbox.closeLedger(); // leaves the entry as it is: no event
    send(sandbox, account as Keypair, [Operation.manageData({ name: 'mood', value: 'glad' })]);
    sandbox.closeLedger();
    const { events } = await stream;
    expect(records(events).map((e) => e.data)).toEqual([
      { value: Buffer.from('calm').toString('base64') },
      { value: Buffer.from('glad').toString('base64') },
    ]);
  });

  it("streams an account's effects from cursor=now as ledgers add them", async () => {
    const [account, other] = work.accounts as Keypair[];
    const id = (account as Keypair).publicKey();
    await sandbox.indexed(); // the stream starts after every ledger so far
    const stream = readEvents(
      `/accounts/${id}/effects?cursor=now`,
      {},
      (events) => records(events).length >= 1,
    );
    await stream.opened;
    send(sandbox, other as Keypair, [
      Operation.payment({ destination: id, asset: Asset.native(), amount: '2' }),
    ]);
    sandbox.closeLedger();
    const { events } = await stream;
    expect(records(events)[0]?.data).toMatchObject({
      type: 'account_credited',
      account: id,
      amount: '2.0000000',
    });
  });

  it('answers an unknown account with 404, not a stream', async () => {
    const { status } = await readEvents(`/accounts/${'G'.padEnd(56, 'A')}/transactions`);
    expect(status).toBe(404);
  });
});

describe('the official SDK', () => {
  it('Horizon.Server payments().cursor("now").stream() gets each payment as it lands', async () => {
    const server = new Horizon.Server(sandbox.url, { allowHttp: true });
    const [from, to] = work.accounts as Keypair[];
    const got: string[] = [];
    let heard = () => undefined as void;
    const close = server
      .payments()
      .cursor('now')
      .stream({
        onmessage: (payment) => {
          got.push((payment as unknown as { transaction_hash: string }).transaction_hash);
          heard();
        },
        onerror: () => undefined,
      });
    const until = (holds: () => boolean) =>
      new Promise<void>((resolve) => {
        heard = () => (holds() ? resolve() : undefined);
        heard();
      });
    const sent: string[] = [];
    const pay = () => {
      sent.push(
        send(sandbox, from as Keypair, [
          Operation.payment({ destination: (to as Keypair).publicKey(), asset: Asset.native(), amount: '1' }),
        ]),
      );
      sandbox.closeLedger();
    };
    // The SDK does not tell when its stream is open: pay until a payment comes through (on a busy
    // machine that is later than on an idle one), then twice more; the stream has every one.
    const first = until(() => got.length > 0);
    while (got.length === 0) {
      pay();
      await sandbox.indexed();
      await Promise.race([first, new Promise((r) => setTimeout(r, 100))]);
    }
    pay();
    pay();
    await until(() => got.at(-1) === sent.at(-1));
    close();
    expect(got.length).toBeGreaterThanOrEqual(3);
    expect(got).toEqual(sent.slice(sent.indexOf(got[0] as string)));
  });
});
