// A custom account (a contract address that authorizes through its `__check_auth`) with the
// official SDK: the host's `simple_account` test contract, owned by an ed25519 key, must authorize
// the auth test contract's `do_auth(account, 123)`. Simulation records an address entry for the
// C-address (recording mode calls no `__check_auth`); the entry signed by the owner key applies
// (`__check_auth` verifies it, the nonce is used up); signed by another key, enforcing simulation
// reports the host's error and the ledger refuses the transaction.
import {
  Address,
  type contract,
  hash,
  Keypair,
  nativeToScVal,
  Operation,
  rpc,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSorobanData, NO_SOROBAN_DATA, sorobanWasm } from '../support/soroban-data.js';
import {
  addressCredentials,
  clientFor,
  invocationWithAuth,
  type SdkSandbox,
  sdkSandbox,
  sendAndLand,
  sendOperation,
  stopSandbox,
  uploadAndDeploy,
} from './support.js';

interface DoAuth {
  do_auth: (args: { addr: string; _val: number }) => Promise<contract.AssembledTransaction<null>>;
}

const alice = Keypair.random();
const owner = Keypair.random();
const mallory = Keypair.random();
let t: SdkSandbox;
let account: string;
let authContract: string;

/** The SorobanAuthorization payload the account's `__check_auth` verifies (CAP-46-11). */
function payloadOf(
  creds: xdr.SorobanAddressCredentials,
  invocation: xdr.SorobanAuthorizedInvocation,
): Uint8Array {
  const preimage = xdr.HashIdPreimage.envelopeTypeSorobanAuthorization(
    new xdr.HashIdPreimageSorobanAuthorization({
      networkId: hash(Buffer.from(t.passphrase)),
      nonce: creds.nonce,
      signatureExpirationLedger: creds.signatureExpirationLedger,
      invocation,
    }),
  );
  return hash(preimage.toXDR());
}

/** simple_account's signature: `BytesN<64>`, the key's ed25519 signature of the payload. */
function signedBy(key: Keypair, entry: xdr.SorobanAuthorizationEntry, expiration: number) {
  const { address, nonce } = addressCredentials(entry);
  const unsigned = new xdr.SorobanAddressCredentials({
    address,
    nonce,
    signatureExpirationLedger: expiration,
    signature: xdr.ScVal.scvVoid(),
  });
  const signature = xdr.ScVal.scvBytes(key.sign(payloadOf(unsigned, entry.rootInvocation)));
  return new xdr.SorobanAuthorizationEntry({
    credentials: xdr.SorobanCredentials.sorobanCredentialsAddress(
      new xdr.SorobanAddressCredentials({ address, nonce, signatureExpirationLedger: expiration, signature }),
    ),
    rootInvocation: entry.rootInvocation,
  });
}

/** `do_auth(account, 123)` from alice, simulated by the SDK's client (recording mode). */
async function recorded() {
  const client = await clientFor<DoAuth>(t, alice, authContract);
  return client.do_auth({ addr: account, _val: 123 });
}

/** The invocation with these auth entries, as a transaction alice signs (not yet prepared). */
function withEntries(auth: xdr.SorobanAuthorizationEntry[]) {
  const args = [new Address(account).toScVal(), nativeToScVal(123, { type: 'u32' })];
  return invocationWithAuth(t, alice, { contract: authContract, function: 'do_auth', args }, auth);
}

describe.skipIf(!hasSorobanData)(
  `a custom account's authorization (${hasSorobanData ? 'simple_account' : NO_SOROBAN_DATA})`,
  () => {
    beforeAll(async () => {
      t = await sdkSandbox([alice]);
      account = await uploadAndDeploy(t, alice, sorobanWasm('wasm/20/example_simple_account.wasm'));
      authContract = await uploadAndDeploy(t, alice, sorobanWasm('wasm/20/auth_test_contract.wasm'));
      await sendOperation(
        t,
        alice,
        Operation.invokeContractFunction({
          contract: account,
          function: 'init',
          args: [xdr.ScVal.scvBytes(owner.rawPublicKey())],
        }),
      );
    });
    afterAll(() => stopSandbox(t));

    it('simulation records an address entry for the C-address, unsigned, and reads the account', async () => {
      const tx = await recorded();
      const auth = tx.simulationData.result.auth;
      expect(auth).toHaveLength(1);
      const entry = auth[0] as xdr.SorobanAuthorizationEntry;
      const creds = addressCredentials(entry);
      expect(Address.fromScAddress(creds.address).toString()).toBe(account);
      expect(creds.signature.type).toBe('scvVoid');
      expect(tx.needsNonInvokerSigningBy()).toEqual([account]);
      // Recording reads what `__check_auth` will: the account's instance is in the footprint.
      const readOnly = tx.simulationData.transactionData.resources.footprint.readOnly;
      const instance = xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: new Address(account).toScAddress(),
          key: xdr.ScVal.scvLedgerKeyContractInstance(),
          durability: xdr.ContractDataDurability.persistent,
        }),
      );
      expect(readOnly.map((key) => key.toXDR('base64'))).toContain(instance.toXDR('base64'));
    });

    it('signed by another key: enforcing simulation reports the host error and the ledger refuses it', async () => {
      const entry = (await recorded()).simulationData.result.auth[0] as xdr.SorobanAuthorizationEntry;
      const latest = (await t.server.getLatestLedger()).sequence;
      const bad = signedBy(mallory, entry, latest + 100);
      const simulated = await t.server.simulateTransaction(await withEntries([bad]));
      expect('error' in simulated ? simulated.error : '').toContain('Error(Auth, InvalidAction)');
      // Sent anyway, with the resources the owner's entry needs (recording runs no `__check_auth`, so
      // its resources would not cover one): applied, `__check_auth` refuses it and the call traps.
      const good = signedBy(owner, entry, latest + 100);
      const goodSimulation = await t.server.simulateTransaction(await withEntries([good]));
      if (!rpc.Api.isSimulationSuccess(goodSimulation)) throw new Error(JSON.stringify(goodSimulation));
      const built = rpc.assembleTransaction(await withEntries([bad]), goodSimulation).build();
      built.sign(alice);
      const final = await sendAndLand(t, built);
      expect(final.status).toBe('FAILED');
      const result = final.status === 'FAILED' ? final.resultXdr.result : undefined;
      const op = result?.type === 'txFailed' ? result.results[0] : undefined;
      const code =
        op?.type === 'opInner' && op.tr.type === 'invokeHostFunction' && op.tr.invokeHostFunctionResult.type;
      expect(code).toBe('invokeHostFunctionTrapped');
    });

    it('signed by the owner key: prepared (enforcing simulation), applied, the nonce used up', async () => {
      const entry = (await recorded()).simulationData.result.auth[0] as xdr.SorobanAuthorizationEntry;
      const latest = (await t.server.getLatestLedger()).sequence;
      const good = signedBy(owner, entry, latest + 100);
      const prepared = await t.server.prepareTransaction(await withEntries([good]));
      prepared.sign(alice);
      const final = await sendAndLand(t, prepared);
      expect(final.status).toBe('SUCCESS');
      const nonce = xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: new Address(account).toScAddress(),
          key: xdr.ScVal.scvLedgerKeyNonce(new xdr.ScNonceKey({ nonce: addressCredentials(good).nonce })),
          durability: xdr.ContractDataDurability.temporary,
        }),
      );
      const { entries } = await t.server.getLedgerEntries(nonce);
      expect(entries).toHaveLength(1);
      // It lives at least until the signature expires (longer when the minimum TTL says so).
      expect(entries[0]?.liveUntilLedgerSeq).toBeGreaterThanOrEqual(latest + 100);
      // The same signed entry again: its nonce is used.
      const again = await t.server.simulateTransaction(await withEntries([good]));
      expect('error' in again ? again.error : '').toContain('Error(Auth, ExistingValue)');
    });
  },
);
