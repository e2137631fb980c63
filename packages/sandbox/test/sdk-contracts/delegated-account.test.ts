// Account auth delegation (protocol 27, CAP-71) with the official SDK: a custom account whose
// `__check_auth` hands its authentication to a Stellar account (`delegate_account_auth`). The
// SDK's client simulates `auth_fn(account, 123)` (recording mode: an address entry for the
// C-address); the entry is re-signed as `AddressWithDelegates` credentials (the payload names the
// address, the owner's signature rides as a delegate), simulated (enforcing), assembled, sent and
// applied. Signed by another key it is refused. At protocol 26 the module is not uploaded: it
// declares protocol 27 and imports functions of 27.
import { accountSignature, delegatingSignature } from '@starspec/soroban';
import { Address, type contract, hash, Keypair, nativeToScVal, rpc, xdr } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegatingAccountWasm } from '../support/contracts/index.js';
import {
  addressCredentials,
  clientFor,
  invocationWithAuth,
  type SdkSandbox,
  sdkSandbox,
  sendAndLand,
  stopSandbox,
  uploadAndDeploy,
} from './support.js';

interface AuthFn {
  auth_fn: (args: { address: string; arg: number }) => Promise<contract.AssembledTransaction<null>>;
}

const alice = Keypair.random();
const owner = Keypair.random();
const mallory = Keypair.random();

describe('a custom account that delegates to a Stellar account (protocol 27)', () => {
  let t: SdkSandbox;
  let account: string;

  beforeAll(async () => {
    t = await sdkSandbox([alice, owner], { protocol: 27 });
    account = await uploadAndDeploy(t, alice, delegatingAccountWasm());
  });
  afterAll(() => stopSandbox(t));

  /** The recorded entry, re-signed: the account asks the delegate `signer` signs as `key`. */
  async function delegatedEntry(key: Keypair): Promise<xdr.SorobanAuthorizationEntry> {
    const client = await clientFor<AuthFn>(t, alice, account);
    const recorded = (await client.auth_fn({ address: account, arg: 123 })).simulationData.result.auth;
    expect(recorded).toHaveLength(1);
    const entry = recorded[0] as xdr.SorobanAuthorizationEntry;
    const { nonce } = addressCredentials(entry);
    const signatureExpirationLedger = (await t.server.getLatestLedger()).sequence + 100;
    const preimage = xdr.HashIdPreimage.envelopeTypeSorobanAuthorizationWithAddress(
      new xdr.HashIdPreimageSorobanAuthorizationWithAddress({
        networkId: hash(Buffer.from(t.passphrase)),
        nonce,
        signatureExpirationLedger,
        address: new Address(account).toScAddress(),
        invocation: entry.rootInvocation,
      }),
    );
    const payload = hash(preimage.toXDR());
    const delegate = new Address(owner.publicKey()).toScAddress();
    return new xdr.SorobanAuthorizationEntry({
      credentials: xdr.SorobanCredentials.sorobanCredentialsAddressWithDelegates(
        new xdr.SorobanAddressCredentialsWithDelegates({
          addressCredentials: new xdr.SorobanAddressCredentials({
            address: new Address(account).toScAddress(),
            nonce,
            signatureExpirationLedger,
            signature: delegatingSignature([{ kind: 'Delegate', address: delegate }]),
          }),
          delegates: [
            new xdr.SorobanDelegateSignature({
              address: delegate,
              signature: accountSignature(key, payload),
              nestedDelegates: [],
            }),
          ],
        }),
      ),
      rootInvocation: entry.rootInvocation,
    });
  }

  function withEntries(auth: xdr.SorobanAuthorizationEntry[]) {
    const args = [new Address(account).toScVal(), nativeToScVal(123, { type: 'u32' })];
    return invocationWithAuth(t, alice, { contract: account, function: 'auth_fn', args }, auth);
  }

  it('the owner signs as the delegate: simulated (enforcing), assembled, sent, applied', async () => {
    const entry = await delegatedEntry(owner);
    const simulated = await t.server.simulateTransaction(await withEntries([entry]));
    if (!rpc.Api.isSimulationSuccess(simulated)) throw new Error(JSON.stringify(simulated));
    // The delegate's account is read by the check: it is in the footprint.
    const { readOnly } = simulated.transactionData.build().resources.footprint;
    const ownerKey = xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId: owner.xdrAccountId() }));
    expect(readOnly.map((key) => key.toXDR('base64'))).toContain(ownerKey.toXDR('base64'));
    const prepared = rpc.assembleTransaction(await withEntries([entry]), simulated).build();
    prepared.sign(alice);
    const final = await sendAndLand(t, prepared);
    expect(final.status).toBe('SUCCESS');
    // The same entry again: its nonce is used.
    const again = await t.server.simulateTransaction(await withEntries([entry]));
    expect('error' in again ? again.error : '').toContain('Error(Auth, ExistingValue)');
  });

  it('another key signs as the delegate: the host refuses it', async () => {
    const entry = await delegatedEntry(mallory);
    const simulated = await t.server.simulateTransaction(await withEntries([entry]));
    expect('error' in simulated ? simulated.error : '').toContain('Error(Auth, InvalidAction)');
  });
});

describe('the same account at protocol 26', () => {
  let t: SdkSandbox;
  beforeAll(async () => {
    t = await sdkSandbox([alice], { protocol: 26 });
  });
  afterAll(() => stopSandbox(t));

  it('is not uploaded: the contract declares protocol 27', async () => {
    await expect(uploadAndDeploy(t, alice, delegatingAccountWasm())).rejects.toThrow(
      /protocol number is newer than host/,
    );
  });
});
