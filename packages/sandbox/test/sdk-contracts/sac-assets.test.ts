// `Horizon.Server.assets()` on both REST faces (the sandbox's own, and starspec-horizon over the
// sandbox's RPC) once an issued asset's Stellar Asset Contract is deployed and a contract holds
// some of it: `contract_id` is the asset's SAC, `num_contracts` and `contracts_amount` count the
// contract's balance (stellar-horizon `resourceadapter/asset_stat.go`); an asset only a contract
// holds is listed too, as Horizon lists an asset whose SAC is live. A third face, a gateway started
// from the sandbox's history archive after all of it, finds the SAC rows in the checkpoint's buckets.
import { type Gateway, startGateway } from '@starspec/ledger-index';
import { Asset, Horizon, Keypair, Operation } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm } from '../support/contracts/index.js';
import { signed, submit } from '../support/sandbox.js';
import { deploySac, invokeSac } from './sac-support.js';
import { type SdkSandbox, sdkSandbox, stopSandbox, uploadAndDeploy } from './support.js';

let t: SdkSandbox;
let gateway: Gateway;
let fromArchive: Gateway;
const issuer = Keypair.random();
const alice = Keypair.random();
const usd = new Asset('USD', issuer.publicKey());
const eur = new Asset('EUR', issuer.publicKey());
/** One of our own contracts, holding both assets as a C-address. */
let holder: string;

beforeAll(async () => {
  t = await sdkSandbox([issuer, alice]);
  const classic = async (source: Keypair, operations: ReturnType<typeof Operation.payment>[]) =>
    expect((await submit(t, await signed(t, source, operations))).status).toBe('SUCCESS');
  await classic(alice, [Operation.changeTrust({ asset: usd })]);
  await classic(issuer, [Operation.payment({ asset: usd, destination: alice.publicKey(), amount: '100' })]);
  const usdSac = await deploySac(t, alice, usd);
  const eurSac = await deploySac(t, issuer, eur);
  holder = await uploadAndDeploy(t, alice, counterWasm());
  await invokeSac(t, alice, usdSac, 'transfer', [alice.publicKey(), holder, 25_000_000n]);
  // EUR has no trust line at all: the contract is its only holder.
  await invokeSac(t, issuer, eurSac, 'mint', [holder, 70_000_000n]);
  gateway = await startGateway({ rpcUrl: t.rpcUrl, pollMs: 20, validateResponses: true });
  const latest = t.net.ledger.latestSequence;
  while (((await gateway.store.latestLedger()) ?? 0) < latest) await new Promise((r) => setTimeout(r, 20));
  await t.net.indexed();
  while (t.net.network.archive.latestCheckpoint !== t.net.ledger.latestSequence) await t.close();
  const checkpoint = t.net.ledger.latestSequence;
  fromArchive = await startGateway({
    rpcUrl: t.rpcUrl,
    historyArchive: `${t.net.url}/archive`,
    pollMs: 20,
    validateResponses: true,
  });
  expect(await fromArchive.store.stateLedger()).toBe(checkpoint);
});

afterAll(async () => {
  await gateway?.stop();
  await fromArchive?.stop();
  await stopSandbox(t);
});

const faces = () => [
  ['sandbox', t.net.url],
  ['gateway', gateway.url],
  ['gateway started from the archive', fromArchive.url],
];

describe.each(['sandbox', 'gateway', 'gateway started from the archive'])(
  'assets() against the %s',
  (face) => {
    const horizon = () =>
      new Horizon.Server(faces().find(([name]) => name === face)?.[1] ?? '', { allowHttp: true });
    const record = async (asset: Asset) => {
      const page = await horizon().assets().forCode(asset.getCode()).forIssuer(issuer.publicKey()).call();
      expect(page.records).toHaveLength(1);
      return page.records[0];
    };

    it('an asset held by an account and a contract: its SAC, and the contract balance', async () => {
      expect(await record(usd)).toMatchObject({
        asset_code: 'USD',
        contract_id: usd.contractId(t.passphrase),
        num_contracts: 1,
        contracts_amount: '2.5000000',
        accounts: { authorized: 1, authorized_to_maintain_liabilities: 0, unauthorized: 0 },
        balances: { authorized: '97.5000000' },
      });
    });

    it('an asset only a contract holds is listed, with its SAC and the contract balance', async () => {
      expect(await record(eur)).toMatchObject({
        asset_code: 'EUR',
        contract_id: eur.contractId(t.passphrase),
        num_contracts: 1,
        contracts_amount: '7.0000000',
        accounts: { authorized: 0, authorized_to_maintain_liabilities: 0, unauthorized: 0 },
        num_claimable_balances: 0,
        num_liquidity_pools: 0,
      });
    });
  },
);
