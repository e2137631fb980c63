import {
  Account,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { expect, it } from 'vitest';
import { createLedger } from '../src/index.js';

it('smoke', () => {
  const ledger = createLedger({ now: () => 1_700_000_000 });
  const root = ledger.root;
  const dest = Keypair.random();
  const tx = new TransactionBuilder(new Account(root.publicKey(), '0'), {
    fee: '100',
    networkPassphrase: ledger.passphrase,
  })
    .addOperation(Operation.createAccount({ destination: dest.publicKey(), startingBalance: '100' }))
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(root);
  const res = ledger.submit(tx.toXdr());
  console.log(res);
  const meta = ledger.close();
  const b64 = meta.toXdr('base64');
  const back = xdr.LedgerCloseMeta.fromXdr(b64, 'base64');
  expect(back.toXdr('base64')).toBe(b64);
  console.log(JSON.stringify(meta.toJson(), null, 1).slice(0, 6000));
});
