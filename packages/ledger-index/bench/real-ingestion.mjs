// Ingestion of recorded public-network ledgers (recorded-rpc.mjs, served at volume by
// recorded-volume.mjs) until caught up, on each engine, against the same getLedgers pages fetched
// and their LedgerCloseMeta decoded alone (the part a gateway cannot do without), in the same
// rounds; and, to show where the rest of the time goes, the same pages fetched, decoded and
// derived into the index's rows without storing them, and fetched and read by the index's own
// reader (generated from the SDK's schemas) instead of the SDK's decoder. Rates are operations
// per second; ratios are medians of per-round ratios.
import { median } from '@starspec/bench';
import { createClient } from '@starspec/ledger-rpc/client';
import { Networks, xdr } from '@stellar/stellar-sdk';
import { deriveBatch } from '../dist/derive/batch.js';
import { readLedgerCloseMeta } from '../dist/generated/xdr-reader.gen.js';
import { readClosedLedger } from '../dist/meta/closed-ledger.js';
import { readXdr } from '../dist/meta/xdr-reader.js';
import { engineSide, timed } from './ingestion.mjs';

const PAGE = 200;

/** Every getLedgers page a gateway asks for, each ledger's metadataXdr handed to `each`. */
async function eachLedger(rpc, each) {
  const client = createClient({ url: rpc.rpcUrl });
  await client.getNetwork();
  let next = (await client.getHealth()).oldestLedger;
  while (next <= rpc.latestLedger) {
    await client.getLatestLedger();
    const page = await client.getLedgers({ startLedger: next, pagination: { limit: PAGE } });
    for (const ledger of page.ledgers) each(ledger.metadataXdr);
    next = page.ledgers.at(-1).sequence + 1;
  }
}

const decode = (metadataXdr) => xdr.LedgerCloseMeta.fromXDR(metadataXdr, 'base64');

/** The operations of the recordings, as the index counts them. */
export function operationCount(rpc) {
  const assets = new Map();
  return rpc.ledgers.reduce(
    (n, l) =>
      n + deriveBatch(readClosedLedger(decode(l.metadataXdr), Networks.PUBLIC), assets).operations.length,
    0,
  );
}

/** How the rows' titles name the ledgers: the recordings, and how many times they were served over. */
export const recordedLedgers = (count, copies) =>
  copies > 1
    ? `${count / copies} recorded public-network ledgers served ${copies} times over as ${count} ledgers`
    : `${count} recorded public-network ledgers`;

/** `engines` as measureIngestion's; `copies` as recorded-volume.mjs's; `operations` the recordings' (operationCount); resolves with the rows. */
export async function measureRealIngestion({
  rpc,
  engines,
  options,
  operations = operationCount(rpc),
  copies = 1,
}) {
  const sides = [
    {
      name: 'decode',
      label: `the same getLedgers pages fetched, each LedgerCloseMeta decoded by the SDK`,
      run: () => timed(() => eachLedger(rpc, decode)),
    },
    {
      name: 'read',
      label: 'the same pages fetched, each LedgerCloseMeta read by the index’s generated reader',
      run: () =>
        timed(() =>
          eachLedger(rpc, (m) => readXdr('LedgerCloseMeta', readLedgerCloseMeta, Buffer.from(m, 'base64'))),
        ),
    },
    {
      name: 'derive',
      label: 'fetched, decoded and derived into the index rows, nothing stored',
      run: () =>
        timed(() => {
          const assets = new Map();
          // Read from its base64, as a gateway reads getLedgers' metadataXdr.
          return eachLedger(rpc, (m) => deriveBatch(readClosedLedger(m, Networks.PUBLIC), assets));
        }),
    },
    ...engines.map((engine) => engineSide(engine, rpc)),
  ];
  const times = new Map(sides.map((side) => [side.name, []]));
  for (const side of sides) await side.run(); // warm-up, not counted
  for (let round = 0; round < options.rounds; round++) {
    const line = [];
    for (let k = 0; k < sides.length; k++) {
      const side = sides[(round + k) % sides.length];
      const ms = await side.run();
      times.get(side.name).push(ms);
      line.push(`${side.name} ${((operations * 1000) / ms).toFixed(0)} ops/s`);
    }
    console.error(`  real-ledger ingestion round ${round + 1}: ${line.join(', ')}`);
  }
  const rate = (name) => ({
    name: sides.find((s) => s.name === name).label,
    value: Math.round((operations * 1000) / median(times.get(name))),
  });
  const title =
    `ingestion of ${recordedLedgers(rpc.ledgerCount, copies)} ` +
    `(${operations.toLocaleString('en-US')} operations) until caught up`;
  const row = (subject) => {
    const ratios = times.get(subject).map((ms, i) => times.get('decode')[i] / ms);
    return {
      kind: 'rate',
      id: `real-ingestion:${subject}/decode`,
      title,
      unit: 'operations/s',
      subject: rate(subject),
      baseline: rate('decode'),
      ratio: Number(median(ratios).toFixed(3)),
      rounds: ratios.map((r) => Number(r.toFixed(3))),
      // The goal: ingestion on PostgreSQL at least half the rate of decoding alone.
      ...(subject === 'postgres' ? { goal: { ratioAtLeast: 0.5 } } : {}),
    };
  };
  return [...engines.map((engine) => row(engine.name)), row('derive'), row('read')];
}
