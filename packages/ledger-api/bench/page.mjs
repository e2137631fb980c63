// A 200-record operations page built from the captured responses (every operation type they show),
// each record with its own id and paging token.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixtures = fileURLToPath(new URL('../test/fixtures/horizon/', import.meta.url));

export function operationsPage() {
  const samples = readdirSync(fixtures)
    .filter((f) => f.startsWith('operations_'))
    .map((f) => JSON.parse(readFileSync(fixtures + f, 'utf8')));
  const records = Array.from({ length: 200 }, (_, i) => {
    const record = structuredClone(samples[i % samples.length]);
    record.id = record.paging_token = String(225257527003537409n + BigInt(i));
    return record;
  });
  return {
    _links: {
      self: { href: 'https://horizon.example/operations?cursor=&limit=200&order=asc' },
      next: { href: `https://horizon.example/operations?cursor=${records.at(-1).id}&limit=200&order=asc` },
      prev: { href: `https://horizon.example/operations?cursor=${records[0].id}&limit=200&order=desc` },
    },
    _embedded: { records },
  };
}
