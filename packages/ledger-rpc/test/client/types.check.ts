// Type-level checks, compiled by `lint` (tsc): each @ts-expect-error must be an error, or lint fails.
import { createClient, type Handlers, type ParamsOf, type ResultOf } from '../../src/index.js';

const client = createClient({ url: 'http://127.0.0.1:1' });

export async function typed() {
  const latest: ResultOf<'getLatestLedger'> = await client.getLatestLedger();
  void latest.sequence;
  const params: ParamsOf<'getTransaction'> = { hash: 'a'.repeat(64) };
  await client.getTransaction(params);
  // @ts-expect-error getTransaction requires its hash
  await client.getTransaction();
  // @ts-expect-error a misspelt param
  await client.getLedgers({ startLedgr: 1 });
  // @ts-expect-error a param of the wrong type
  await client.getLedgers({ startLedger: '1' });
  // @ts-expect-error no such method
  await client.getAccount();
  // @ts-expect-error no such field in the result (no `[k: string]: any` left)
  void latest.nope;

  const [health, ledgers, note] = await client.batch([
    { method: 'getHealth' },
    { method: 'getLedgers', params: { startLedger: 1 } },
    { method: 'getNetwork', notify: true },
  ]);
  if (health.ok) void health.result.status;
  if (ledgers.ok) void ledgers.result.ledgers;
  const nothing: undefined = note;
  void nothing;
  // @ts-expect-error the batch result of getHealth has no ledgers
  if (health.ok) void health.result.ledgers;
  // @ts-expect-error batch params are checked per method
  await client.batch([{ method: 'getTransaction', params: { hash: 1 } }]);
}

export const handlersMustReturnResults: Pick<Handlers, 'getLatestLedger'> = {
  // @ts-expect-error a result of the wrong shape
  getLatestLedger: () => ({ sequence: 'ten' }),
};
