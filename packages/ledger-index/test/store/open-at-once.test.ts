// Reingestion's workers (and gateways sharing one database) open a PostgreSQL index at the same
// moment: every open succeeds, and the index is made once. (A SQLite index has one writing process,
// whose workers hand their rows to it.)
import { Networks } from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import { IndexStore } from '../../src/store/index-store.js';
import { ENGINES } from '../support/databases.js';

const AT_ONCE = 6;

describe.each(ENGINES.filter((engine) => engine.name === 'postgres'))(
  'opening one new index $name',
  (engine) => {
    it.skipIf(!engine.available)(`${AT_ONCE} times at once`, async () => {
      const { location, driver } = await engine.open();
      const drivers = [
        driver,
        ...(await Promise.all(Array.from({ length: AT_ONCE - 1 }, () => engine.reopen(location)))),
      ];
      try {
        const opened = await Promise.allSettled(
          drivers.map((each) => IndexStore.open(each, Networks.TESTNET)),
        );
        expect(
          opened.map((result) => (result.status === 'rejected' ? String(result.reason) : 'opened')),
        ).toEqual(Array(AT_ONCE).fill('opened'));
        const meta = await driver.query("SELECT value FROM index_meta WHERE name = 'passphrase'");
        expect(meta).toEqual([{ value: Networks.TESTNET }]);
      } finally {
        for (const each of drivers) await each.close();
      }
    });
  },
);
