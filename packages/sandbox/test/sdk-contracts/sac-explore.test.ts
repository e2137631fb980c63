import {
  Account,
  Address,
  Asset,
  Keypair,
  MuxedAccount,
  Operation,
  scValToNative,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signed, submit } from '../support/sandbox.js';
import { balanceKey, deploySac, entryBalance, invokeSac, sacBalance, simulateSac } from './sac-support.js';
import { type SdkSandbox, sdkSandbox, stopSandbox } from './support.js';

let t: SdkSandbox;
const issuer = Keypair.random();
const alice = Keypair.random();
const bob = Keypair.random();
beforeAll(async () => {
  t = await sdkSandbox([issuer, alice, bob]);
});
afterAll(() => stopSandbox(t));

it('explores', async () => {
  const usd = new Asset('USD', issuer.publicKey());
  await submit(t, await signed(t, alice, [Operation.changeTrust({ asset: usd })]));
  const xlm = await deploySac(t, alice, Asset.native());
  const usdSac = await deploySac(t, alice, usd);
  const landed = await invokeSac(t, issuer, usdSac, 'transfer', [issuer.publicKey(), alice.publicKey(), 5n]);
  console.log(
    'issuer transfer',
    landed.status,
    await sacBalance(t, alice.publicKey(), usdSac, issuer.publicKey()),
  );
  const l2 = await invokeSac(t, alice, xlm, 'transfer', [alice.publicKey(), bob.publicKey(), 5n]);
  const { entries } = await t.server.getLedgerEntries(balanceKey(Asset.native(), xlm, bob.publicKey()));
  console.log('lastmod', entries[0]?.lastModifiedLedgerSeq, l2.ledger);
  const meta = l2.resultMetaXdr;
  console.log(
    'meta',
    meta.type,
    JSON.stringify(meta, (k, v) =>
      typeof v === 'bigint' ? v.toString() : v?.type === 'Buffer' ? '<buf>' : v,
    ).slice(0, 3000),
  );
  const m = new MuxedAccount(new Account(bob.publicKey(), '0'), '42').accountId();
  const sim = await simulateSac(t, alice.publicKey(), xlm, 'transfer', [alice.publicKey(), m, 5n]);
  console.log('muxed', JSON.stringify(sim).slice(0, 500));
});
