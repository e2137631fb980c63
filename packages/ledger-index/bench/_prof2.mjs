import { startPostgres } from './postgres.mjs';
import { recordingsDir, startRecordedRpc } from './recorded-rpc.mjs';
import { caughtUpGateway, timed } from './ingestion.mjs';
import { createClient } from '@starspec/ledger-rpc/client';
import { xdr } from '@stellar/stellar-sdk';
const pg = await startPostgres();
const rpc = await startRecordedRpc(recordingsDir());
async function eachLedger(each) {
  const client = createClient({ url: rpc.rpcUrl });
  await client.getNetwork();
  let next = (await client.getHealth()).oldestLedger;
  while (next <= rpc.latestLedger) {
    await client.getLatestLedger();
    const page = await client.getLedgers({ startLedger: next, pagination: { limit: 200 } });
    for (const ledger of page.ledgers) each(ledger.metadataXdr);
    next = page.ledgers.at(-1).sequence + 1;
  }
}
for (let i = 0; i < 3; i++) {
  console.log('fetch only', (await timed(() => eachLedger(() => {}))).toFixed(0));
  console.log('decode', (await timed(() => eachLedger((m) => xdr.LedgerCloseMeta.fromXDR(m, 'base64')))).toFixed(0));
  const db = await pg.freshDatabase();
  let gw;
  const ms = await timed(async () => { gw = await caughtUpGateway(rpc, db); });
  console.log('pg ms', ms.toFixed(0));
  await gw.stop();
}
await rpc.stop?.(); await pg.stop();
