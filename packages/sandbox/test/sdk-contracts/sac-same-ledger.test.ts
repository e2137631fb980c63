// An SAC transfer and a classic payment draining the same account in one ledger: stellar-core
// applies the classic phase before the Soroban phase, so the transfer, simulated and sent first
// (by a relayer, with the holder's signed auth entry), finds the balance gone and fails at apply
// with INVOKE_HOST_FUNCTION_TRAPPED, its fee charged, no balance moved but by the fees.
import { Asset, authorizeEntry, Keypair, Operation, rpc, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signed } from '../support/sandbox.js';
import { deploySac, entryBalance, sacCall, simulateSac } from './sac-support.js';
import { type SdkSandbox, sdkSandbox, stopSandbox } from './support.js';

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
const relayer = Keypair.random();
let xlmSac: string;

beforeAll(async () => {
  t = await sdkSandbox([alice, bob, relayer], { sorobanDiagnostics: true });
  xlmSac = await deploySac(t, relayer, Asset.native());
});
afterAll(() => stopSandbox(t));

it('the classic payment applies first; the SAC transfer then fails for want of balance', async () => {
  const xlm = Asset.native();
  const balance = (id: string) => entryBalance(t, xlm, xlmSac, id) as Promise<bigint>;
  const [aliceBefore, bobBefore] = [await balance(alice.publicKey()), await balance(bob.publicKey())];
  const args = [alice.publicKey(), bob.publicKey(), 100_0000000n];
  const sim = await simulateSac(t, relayer.publicKey(), xlmSac, 'transfer', args);
  if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(sim.error);
  const [entry] = sim.result?.auth ?? [];
  if (!entry) throw new Error('no auth entry to sign');
  const validUntil = (await t.server.getLatestLedger()).sequence + 100;
  const auth = await authorizeEntry(entry, alice, validUntil, t.passphrase);
  sim.result = { ...sim.result, auth: [auth] } as typeof sim.result;
  const call = sacCall(xlmSac, 'transfer', args);
  const transfer = rpc.assembleTransaction(await signed(t, relayer, [call]), sim).build();
  transfer.sign(relayer);

  // All of alice's lumens but her reserve and the payment's fee go to bob, after the transfer was sent.
  const drain = (aliceBefore - 1_0000000n - 100n).toString();
  const payment = await signed(t, alice, [
    Operation.payment({
      asset: xlm,
      destination: bob.publicKey(),
      amount: `${drain.slice(0, -7)}.${drain.slice(-7)}`,
    }),
  ]);
  const sent = [await t.server.sendTransaction(transfer), await t.server.sendTransaction(payment)];
  expect(sent.map((s) => s.status)).toEqual(['PENDING', 'PENDING']);
  t.close();
  const [transferFinal, paymentFinal] = await Promise.all(sent.map((s) => t.server.pollTransaction(s.hash)));
  expect(paymentFinal?.status).toBe('SUCCESS');
  expect(transferFinal?.status).toBe('FAILED');
  if (transferFinal?.status !== 'FAILED' || paymentFinal?.status !== 'SUCCESS') return;
  expect(transferFinal.ledger).toBe(paymentFinal.ledger);
  const opResult = transferFinal.resultXdr.result;
  expect(
    opResult.type === 'txFailed' && opResult.results[0]?.type === 'opInner' && opResult.results[0].tr.type,
  ).toBe('invokeHostFunction');
  const inner =
    opResult.type === 'txFailed' && opResult.results[0]?.type === 'opInner'
      ? opResult.results[0].tr
      : undefined;
  expect(inner?.type === 'invokeHostFunction' && inner.invokeHostFunctionResult.type).toBe(
    'invokeHostFunctionTrapped',
  );
  // Why it trapped: the SAC's BalanceError (#10), not the authorization.
  const balanceError = xdr.ScVal.scvError(xdr.ScError.sceContract(10)).toXDR('base64');
  const errorTopics = (transferFinal.diagnosticEventsXdr ?? []).flatMap((d) =>
    d.event.body.v0.topics.map((topic) => topic.toXDR('base64')),
  );
  expect(errorTopics).toContain(balanceError);
  expect(await balance(alice.publicKey())).toBe(aliceBefore - BigInt(drain) - 100n);
  expect(await balance(bob.publicKey())).toBe(bobBefore + BigInt(drain));
});
