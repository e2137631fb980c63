/**
 * The two REST faces the Horizon-compatibility tests run against: the sandbox's own, and
 * starspec-horizon (the gateway) over the sandbox's RPC. One sandbox and one gateway per file.
 */
import { type Gateway, startGateway } from '@starspec/ledger-index';
import {
  type Horizon,
  type Keypair,
  TimeoutInfinite,
  type Transaction,
  TransactionBuilder,
  type xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll } from 'vitest';
import { type TestSandbox, testSandbox } from './sandbox.js';

export type Face = 'sandbox' | 'gateway';
export const FACES: Face[] = ['sandbox', 'gateway'];

export interface Faces {
  t: TestSandbox;
  gateway: Gateway;
  /** The REST origin of `face`. */
  url(face: Face): string;
  /** Resolves once `face` holds every ledger the sandbox has closed. */
  caughtUp(face: Face): Promise<void>;
}

/** Starts the sandbox and the gateway over its RPC before the file's tests, and stops both after. */
export function useFaces(): Faces {
  const faces = {
    url: (face: Face) => (face === 'sandbox' ? faces.t.net.url : faces.gateway.url),
    async caughtUp(face: Face): Promise<void> {
      const latest = faces.t.net.ledger.latestSequence;
      if (face === 'sandbox') return faces.t.net.indexed();
      while (((await faces.gateway.store.latestLedger()) ?? 0) < latest)
        await new Promise((r) => setTimeout(r, 20));
    },
  } as Faces;
  beforeAll(async () => {
    faces.t = await testSandbox({ closeEvery: 50 });
    faces.gateway = await startGateway({ rpcUrl: faces.t.net.rpcUrl, pollMs: 20, validateResponses: true });
  });
  afterAll(async () => {
    await faces.gateway?.stop();
    await faces.t?.net.stop();
  });
  return faces;
}

/** A transaction from `source` (its sequence number as `horizon` reports it), signed. */
export async function signedViaHorizon(
  horizon: Horizon.Server,
  t: TestSandbox,
  source: Keypair,
  operations: xdr.Operation[],
): Promise<Transaction> {
  const account = await horizon.loadAccount(source.publicKey());
  const builder = new TransactionBuilder(account, { fee: '100', networkPassphrase: t.net.passphrase });
  for (const op of operations) builder.addOperation(op);
  // No upper time bound: a ledger every 50 ms runs close times ahead of the clock (whole seconds).
  const tx = builder.setTimeout(TimeoutInfinite).build();
  tx.sign(source);
  return tx;
}
