// Every check has a broken back-end (broken.yaml): a must-check fails against it, a should-check
// warns (and fails with --strict), with evidence.
import { describe, it } from 'vitest';
import type { CallbacksOptions } from '../../src/index.js';
import { type BrokenRow, expectBroken, levelOf, readBrokenTable } from '../support/broken-table.js';
import { type AuthKind, runAgainstServer } from './support.js';

interface Row extends BrokenRow {
  options?: Partial<CallbacksOptions> & { auth?: AuthKind };
}

const rows = readBrokenTable<Row>('callbacks', new URL('./broken.yaml', import.meta.url));

describe.each(rows)('$check', (row) => {
  const verdict = levelOf('callbacks', row.check) === 'must' ? 'fails' : 'warns';
  it(`${verdict} when ${row.broken}`, async () => {
    const { auth, ...suite } = row.options ?? {};
    await expectBroken('callbacks', row.check, (strict) =>
      runAgainstServer({
        auth: auth ?? 'jwt',
        breaks: row.break === 'none' ? [] : [row.break],
        suite: { ...suite, only: [row.check], strict },
      }),
    );
  });
});
