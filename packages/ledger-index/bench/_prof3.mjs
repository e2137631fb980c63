import { startPostgres } from './postgres.mjs';
import { recordingsDir, startRecordedRpc } from './recorded-rpc.mjs';
import { Networks } from '@stellar/stellar-sdk';
import { deriveBatch } from '../dist/derive/batch.js';
import { readClosedLedger } from '../dist/meta/closed-ledger.js';
import { openIndex } from '../dist/store/open-index.js';
const pg = await startPostgres();
const rpc = await startRecordedRpc(recordingsDir());
const t = () => performance.now();
for (let i = 0; i < 4; i++) {
  const db = process.argv[2] === 'sqlite' ? `/tmp/prof/x${i}.sqlite` : await pg.freshDatabase();
  let a = t();
  const store = await openIndex(db, Networks.PUBLIC);
  let b = t();
  const ledgers = rpc.ledgers.map((l) => readClosedLedger(l.metadataXdr, Networks.PUBLIC));
  let c = t();
  const assets = new Map(await store.tradeAssetIds());
  const batches = ledgers.map((l) => deriveBatch(l, assets));
  let d = t();
  await store.ingestMany(batches);
  let e = t();
  console.log(`open ${(b-a).toFixed(0)} decode ${(c-b).toFixed(0)} derive ${(d-c).toFixed(0)} store ${(e-d).toFixed(0)}`);
  await store.close();
}
await rpc.stop?.(); await pg.stop();
