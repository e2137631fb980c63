// One balance, four readers: after SAC transfers of XLM and of an issued asset, the account or
// trustline entry (getLedgerEntries), the REST face's `GET /accounts/G…`, Horizon.Server's
// loadAccount and the SAC's own simulated `balance` all tell the same amount.
import { Asset, Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed, submit } from '../support/sandbox.js';
import {
  deploySac,
  entryBalance,
  horizonBalance,
  invokeSac,
  restBalance,
  sacBalance,
} from './sac-support.js';
import { type SdkSandbox, sdkSandbox, stopSandbox } from './support.js';

let t: SdkSandbox;
const issuer = Keypair.random();
const alice = Keypair.random();
const bob = Keypair.random();
const usd = new Asset('USD', issuer.publicKey());

beforeAll(async () => {
  t = await sdkSandbox([issuer, alice, bob]);
  for (const holder of [alice, bob])
    expect((await submit(t, await signed(t, holder, [Operation.changeTrust({ asset: usd })]))).status).toBe(
      'SUCCESS',
    );
  const pay = Operation.payment({ asset: usd, destination: alice.publicKey(), amount: '50' });
  expect((await submit(t, await signed(t, issuer, [pay]))).status).toBe('SUCCESS');
});
afterAll(() => stopSandbox(t));

/** Every reader's view of a G-address's balance. */
async function views(asset: Asset, contractId: string, holder: string) {
  return {
    entry: await entryBalance(t, asset, contractId, holder),
    rest: await restBalance(t, asset, holder),
    horizon: await horizonBalance(t, asset, holder),
    sac: await sacBalance(t, holder, contractId, holder),
  };
}

const same = (amount: bigint) => ({ entry: amount, rest: amount, horizon: amount, sac: amount });

describe.each([
  ['XLM', Asset.native(), 12_3456789n],
  ['USD', usd, 7_0000001n],
])('an SAC transfer of %s', (_name, asset, amount) => {
  it('leaves the same balances in every view', async () => {
    const contractId = await deploySac(t, alice, asset);
    const before = {
      alice: (await views(asset, contractId, alice.publicKey())).entry ?? 0n,
      bob: (await views(asset, contractId, bob.publicKey())).entry ?? 0n,
    };
    const landed = await invokeSac(t, alice, contractId, 'transfer', [
      alice.publicKey(),
      bob.publicKey(),
      amount,
    ]);
    const fee = asset.isNative() ? BigInt(landed.resultXdr.feeCharged) : 0n;
    expect(await views(asset, contractId, bob.publicKey())).toEqual(same(before.bob + amount));
    expect(await views(asset, contractId, alice.publicKey())).toEqual(same(before.alice - amount - fee));
  });
});
