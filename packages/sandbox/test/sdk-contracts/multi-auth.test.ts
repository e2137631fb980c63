// Multi-party authorization with the official SDK: alice invokes `exchange(alice, bob)`; her own
// authorization rides on the envelope (source-account credentials), bob's is an address entry the
// SDK asks him to sign (needsNonInvokerSigningBy, signAuthEntries). Without bob's signature, or
// with another key's, the SDK refuses to send and the network refuses to apply.
import { contract, Keypair, type Transaction } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPairWasm } from '../support/contracts/index.js';
import { clientFor, landNow, type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

interface AuthPair {
  exchange: (args: { a: string; b: string }) => Promise<contract.AssembledTransaction<null>>;
}

let t: SdkSandbox;
const alice = Keypair.random();
const bob = Keypair.random();
const mallory = Keypair.random();
let pair: contract.Client & AuthPair;

beforeAll(async () => {
  t = await sdkSandbox([alice, bob]);
  pair = await clientFor<AuthPair>(t, alice, await uploadAndDeploy(t, alice, authPairWasm()));
});
afterAll(() => stopSandbox(t));

const exchange = () => pair.exchange({ a: alice.publicKey(), b: bob.publicKey() });

/** Sends the envelope as it stands (alice's signature only) and answers the ledger's verdict. */
async function sendAsIs(tx: contract.AssembledTransaction<null>) {
  const built = tx.built as Transaction;
  built.sign(alice);
  const sent = await t.server.sendTransaction(built);
  expect(sent.status).toBe('PENDING');
  t.net.closeLedger();
  const final = await t.server.getTransaction(sent.hash);
  const result = final.status === 'FAILED' ? final.resultXdr.result : undefined;
  const op = result?.type === 'txFailed' ? result.results[0] : undefined;
  return {
    status: final.status,
    op:
      op?.type === 'opInner'
        ? op.tr.type === 'invokeHostFunction' && op.tr.invokeHostFunctionResult.type
        : op,
  };
}

describe('a call two parties authorize', () => {
  it('simulation records alice as the invoker and bob as an address to sign', async () => {
    const tx = await exchange();
    const auth = tx.simulationData.result.auth;
    expect(auth.map((entry) => entry.credentials.type)).toEqual([
      'sorobanCredentialsSourceAccount',
      'sorobanCredentialsAddress',
    ]);
    expect(tx.needsNonInvokerSigningBy()).toEqual([bob.publicKey()]);
  });

  it('without bob: the SDK will not send, and the network refuses the unsigned entry', async () => {
    const tx = await exchange();
    await expect(tx.signAndSend()).rejects.toBeInstanceOf(
      contract.AssembledTransaction.Errors.NeedsMoreSignatures,
    );
    expect(t.net.ledger.pending()).toEqual([]);
    expect(await sendAsIs(tx)).toEqual({ status: 'FAILED', op: 'invokeHostFunctionTrapped' });
  });

  it('signed by another key for bob: the network refuses it', async () => {
    const tx = await exchange();
    await tx.signAuthEntries({
      address: bob.publicKey(),
      signAuthEntry: contract.basicNodeSigner(mallory, t.net.passphrase).signAuthEntry,
    });
    expect(tx.needsNonInvokerSigningBy()).toEqual([]);
    expect(await sendAsIs(tx)).toEqual({ status: 'FAILED', op: 'invokeHostFunctionTrapped' });
  });

  it('bob signs his entry: signAndSend succeeds', async () => {
    const tx = await exchange();
    await tx.signAuthEntries({
      address: bob.publicKey(),
      signAuthEntry: contract.basicNodeSigner(bob, t.net.passphrase).signAuthEntry,
    });
    expect(tx.needsNonInvokerSigningBy()).toEqual([]);
    expect(tx.needsNonInvokerSigningBy({ includeAlreadySigned: true })).toEqual([bob.publicKey()]);
    const sent = await tx.signAndSend({ watcher: landNow(t) });
    expect(sent.getTransactionResponse?.status).toBe('SUCCESS');
    expect(sent.result).toBeNull();
  });
});
