/** The README's table of what the gateway serves each operation from is GATEWAY_SERVING, row for row. */
import { readFileSync } from 'node:fs';
import { mapping } from '@starspec/ledger-api';
import { expect, it } from 'vitest';
import { GATEWAY_SERVING } from '../src/gateway/serving.js';

it('lists every operation as GATEWAY_SERVING says', () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\| `(\w+)` +\| `(\w+) ([^`]+)` +\| ([\w+]+) +\| (.+?) +\|$/gm)];
  expect(rows.map(([, id, method, path, from, how]) => ({ id, method, path, from, how }))).toEqual(
    Object.entries(GATEWAY_SERVING).map(([id, serving]) => ({
      id,
      method: mapping[id as keyof typeof mapping]?.method,
      path: mapping[id as keyof typeof mapping]?.path,
      from: serving.from,
      how: serving.how,
    })),
  );
});
