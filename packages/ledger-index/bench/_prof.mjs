import { startPostgres } from './postgres.mjs';
import { recordingsDir, startRecordedRpc } from './recorded-rpc.mjs';
import { caughtUpGateway, timed } from './ingestion.mjs';
const pg = await startPostgres();
const rpc = await startRecordedRpc(recordingsDir());
for (let i = 0; i < 3; i++) {
  const db = await pg.freshDatabase();
  let gw;
  const ms = await timed(async () => { gw = await caughtUpGateway(rpc, db); });
  console.log('pg ms', ms.toFixed(0));
  await gw.stop();
}
await rpc.stop?.(); await pg.stop();
