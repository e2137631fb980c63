// Acknowledged writes survive a crash: PUTs against the anchor process, `kill -9` while
// requests are under way, restart on the same database, every 2xx-answered customer is there.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/storage/sqlite.js';
import { ACCOUNT } from '../support/anchor.js';
import { startProcess } from '../support/process.js';

interface Acknowledged {
  id: string;
  memo: string;
  firstName: string;
}

describe('durability', () => {
  it('loses nothing that was answered 2xx when the process is killed mid-traffic', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'anchor-durability-')), 'anchor.db');
    const first = await startProcess({ DATABASE_PATH: databasePath });
    const acknowledged: Acknowledged[] = [];
    let failed = 0;
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop && i < 10_000; i++) {
        const memo = String(w * 100_000 + i);
        const firstName = `Worker${w}-${i}`;
        try {
          const response = await fetch(`${first.url}/customer`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ account: ACCOUNT, memo, first_name: firstName, last_name: 'Durable' }),
          });
          const body = (await response.json()) as { id: string };
          if (response.status === 202) acknowledged.push({ id: body.id, memo, firstName });
        } catch {
          failed++; // the process died under this request: it was never acknowledged
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    // Kill once a fair number of writes were acknowledged, with the others still under way: a
    // count, however long a busy machine takes to reach it.
    while (acknowledged.length < 200) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    const exit = await first.exited;
    stop = true;
    await Promise.all(workers);
    expect(exit.signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(200);
    expect(failed).toBeGreaterThan(0); // requests were in flight when it died

    const second = await startProcess({ DATABASE_PATH: databasePath });
    try {
      for (const entry of acknowledged) {
        const response = await fetch(`${second.url}/customer?id=${entry.id}`);
        expect(response.status).toBe(200);
        const body = (await response.json()) as { id: string; provided_fields: Record<string, unknown> };
        expect(body.id).toBe(entry.id);
        expect(Object.keys(body.provided_fields)).toEqual(['first_name', 'last_name']);
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    const store = new SqliteStore(databasePath);
    try {
      for (const entry of acknowledged) {
        const record = await store.findCustomer({ account: ACCOUNT, memo: entry.memo, memoType: 'id' });
        expect(record?.id).toBe(entry.id);
        expect(record?.fields.first_name?.value).toBe(entry.firstName);
      }
    } finally {
      await store.close();
    }
  });
});
