// A range's rewrite that PostgreSQL rolls back to end a deadlock between workers (40P01) or a
// serialization failure (40001) runs again; any other failure ends it at once.
import { Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import type { SqlDriver } from '../../src/store/driver.js';
import { IndexStore } from '../../src/store/index-store.js';
import { openSqlite } from '../../src/store/sqlite.js';

/** A SQLite driver whose next `failures` transactions fail with `code` before doing anything. */
function failing(code: string, failures: number): { driver: SqlDriver; tries: () => number } {
  const inner = openSqlite(':memory:');
  let tries = 0;
  let armed = false;
  const driver: SqlDriver = {
    ...inner,
    transaction(work) {
      if (!armed) return inner.transaction(work);
      tries += 1;
      if (tries <= failures) return Promise.reject(Object.assign(new Error(`failed: ${code}`), { code }));
      return inner.transaction(work);
    },
  };
  return {
    driver: Object.assign(driver, { arm: () => (armed = true) }),
    tries: () => tries,
  };
}

const cases = [
  { given: { code: '40P01', failures: 2 }, want: { tries: 3, error: undefined } },
  { given: { code: '40001', failures: 1 }, want: { tries: 2, error: undefined } },
  { given: { code: '40P01', failures: 9 }, want: { tries: 5, error: 'failed: 40P01' } },
  { given: { code: '23505', failures: 1 }, want: { tries: 1, error: 'failed: 23505' } },
];

describe('rewriteHistory', () => {
  it.each(cases)('$given.code failing $given.failures time(s)', async ({ given, want }) => {
    const { driver, tries } = failing(given.code, given.failures);
    const store = await IndexStore.open(driver, Networks.TESTNET);
    (driver as unknown as { arm: () => void }).arm();
    const run = store.rewriteHistory(10, 12, []);
    if (want.error) await expect(run).rejects.toThrow(want.error);
    else await expect(run).resolves.toBeUndefined();
    expect(tries()).toBe(want.tries);
    await store.close();
  });
});
