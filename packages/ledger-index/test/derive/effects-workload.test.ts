import { describe, expect, it } from 'vitest';
import { effectRows } from '../../src/derive/effects/index.js';
import { expectValidEffect } from '../support/effects.js';
import { runWorkload } from '../support/workload.js';

describe('effects of a workload', () => {
  it('runs', async () => {
    const w = await runWorkload();
    const rows = w.ledgers.flatMap((ledger) => effectRows(ledger));
    for (const row of rows) expectValidEffect(row);
    expect(rows.length).toBeGreaterThan(0);
  });
});
