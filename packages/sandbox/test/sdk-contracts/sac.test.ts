// The Stellar Asset Contract through the sandbox, as a dApp uses it with the SDK alone: deployed
// for the native and an issued asset, then every kind of call (transfer, mint, burn, clawback,
// approve/transfer_from, set_authorized) landed or refused with the host's own error.
import {
  Account,
  Address,
  Asset,
  authorizeEntry,
  Keypair,
  MuxedAccount,
  Operation,
  rpc,
  scValToNative,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterWasm } from '../support/contracts/index.js';
import { signed, submit } from '../support/sandbox.js';
import {
  deploySac,
  entryBalance,
  invokeSac,
  operationError,
  readSac,
  sacBalance,
  sacCall,
  simulateSac,
  simulationError,
} from './sac-support.js';
import { type SdkSandbox, sdkSandbox, sendOperation, stopSandbox, uploadAndDeploy } from './support.js';

let t: SdkSandbox;
const issuer = Keypair.random();
const alice = Keypair.random();
const bob = Keypair.random();
const carol = Keypair.random();
const usd = new Asset('USD', issuer.publicKey());
let xlmSac: string;
let usdSac: string;
/** One of our own contracts, holding SAC balances as a C-address. */
let holder: string;

/** The SAC's ContractError codes (contract_error.rs). */
const ERR = {
  AccountMissing: 6,
  NegativeAmount: 8,
  Allowance: 9,
  Balance: 10,
  Deauthorized: 11,
  TrustlineMissing: 13,
};
const contractError = (code: number) => new RegExp(`^HostError: Error\\(Contract, #${code}\\)`);

async function classic(source: Keypair, operations: xdr.Operation[]) {
  const final = await submit(t, await signed(t, source, operations));
  expect(final.status).toBe('SUCCESS');
}

beforeAll(async () => {
  t = await sdkSandbox([issuer, alice, bob, carol]);
  await classic(alice, [Operation.changeTrust({ asset: usd })]);
  await classic(bob, [Operation.changeTrust({ asset: usd })]);
  await classic(issuer, [Operation.payment({ asset: usd, destination: alice.publicKey(), amount: '100' })]);
  xlmSac = await deploySac(t, alice, Asset.native());
  usdSac = await deploySac(t, alice, usd);
  holder = await uploadAndDeploy(t, alice, counterWasm());
});
afterAll(() => stopSandbox(t));

describe('deploying', () => {
  it('the instance is a Stellar Asset executable; name, symbol and decimals come from the asset', async () => {
    const { entries } = await t.server.getLedgerEntries(
      xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: new Address(usdSac).toScAddress(),
          key: xdr.ScVal.scvLedgerKeyContractInstance(),
          durability: xdr.ContractDataDurability.persistent,
        }),
      ),
    );
    const data = entries[0]?.val;
    const instance = data?.type === 'contractData' ? data.contractData.val : undefined;
    expect(instance?.type === 'scvContractInstance' && instance.instance.executable.type).toBe(
      'contractExecutableStellarAsset',
    );
    const reader = alice.publicKey();
    expect(await readSac(t, reader, usdSac, 'name', [])).toBe(`USD:${issuer.publicKey()}`);
    expect(await readSac(t, reader, usdSac, 'symbol', [])).toBe('USD');
    expect(await readSac(t, reader, xlmSac, 'name', [])).toBe('native');
    expect(await readSac(t, reader, xlmSac, 'decimals', [])).toBe(7);
    expect(await readSac(t, reader, usdSac, 'admin', [])).toBe(issuer.publicKey());
  });

  it('a second deploy of the same asset fails in simulation (the contract exists)', async () => {
    const error = await operationError(
      t,
      bob.publicKey(),
      Operation.createStellarAssetContract({ asset: usd }),
    );
    expect(error).toMatch(/^HostError: Error\(Storage, ExistingValue\)/);
  });
});

describe('transfer', () => {
  it('XLM G→G moves the account balances', async () => {
    const before = await sacBalance(t, alice.publicKey(), xlmSac, bob.publicKey());
    await invokeSac(t, alice, xlmSac, 'transfer', [alice.publicKey(), bob.publicKey(), 1_0000000n]);
    expect(await sacBalance(t, alice.publicKey(), xlmSac, bob.publicKey())).toBe(before + 1_0000000n);
    expect(await entryBalance(t, Asset.native(), xlmSac, bob.publicKey())).toBe(before + 1_0000000n);
  });

  it('USD G→G moves the trustline balances; G→C writes the contract Balance entry', async () => {
    await invokeSac(t, alice, usdSac, 'transfer', [alice.publicKey(), bob.publicKey(), 5_0000000n]);
    expect(await entryBalance(t, usd, usdSac, bob.publicKey())).toBe(5_0000000n);
    expect(await entryBalance(t, usd, usdSac, alice.publicKey())).toBe(95_0000000n);
    await invokeSac(t, alice, usdSac, 'transfer', [alice.publicKey(), holder, 2_0000000n]);
    await invokeSac(t, alice, xlmSac, 'transfer', [alice.publicKey(), holder, 3_0000000n]);
    expect(await entryBalance(t, usd, usdSac, holder)).toBe(2_0000000n);
    expect(await sacBalance(t, bob.publicKey(), usdSac, holder)).toBe(2_0000000n);
    expect(await entryBalance(t, Asset.native(), xlmSac, holder)).toBe(3_0000000n);
    expect(await sacBalance(t, bob.publicKey(), xlmSac, holder)).toBe(3_0000000n);
  });

  it('the transfer event names both addresses and the asset (CAP-67)', async () => {
    const landed = await invokeSac(t, alice, usdSac, 'transfer', [alice.publicKey(), bob.publicKey(), 1n]);
    const event = landed.events?.contractEventsXdr[0]?.[0];
    const topics = event?.body.v0.topics.map((topic) => scValToNative(topic) as unknown);
    expect(topics).toEqual(['transfer', alice.publicKey(), bob.publicKey(), `USD:${issuer.publicKey()}`]);
    expect(scValToNative(event?.body.v0.data as xdr.ScVal)).toBe(1n);
  });

  it("sent by a relayer: the holder signs the simulation's auth entry, the relayer pays", async () => {
    const sim = await simulateSac(t, carol.publicKey(), xlmSac, 'transfer', [
      bob.publicKey(),
      carol.publicKey(),
      3n,
    ]);
    if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(sim.error);
    const [entry] = sim.result?.auth ?? [];
    if (!entry) throw new Error('no auth entry to sign');
    const validUntil = (await t.server.getLatestLedger()).sequence + 100;
    const auth = await authorizeEntry(entry, bob, validUntil, t.passphrase);
    const before = await sacBalance(t, bob.publicKey(), xlmSac, bob.publicKey());
    const func = sacCall(xlmSac, 'transfer', [bob.publicKey(), carol.publicKey(), 3n]).body;
    if (func.type !== 'invokeHostFunction') throw new Error('not an invocation');
    await sendOperation(
      t,
      carol,
      Operation.invokeHostFunction({ func: func.invokeHostFunctionOp.hostFunction, auth: [auth] }),
    );
    expect(await sacBalance(t, bob.publicKey(), xlmSac, bob.publicKey())).toBe(before - 3n);
    // The same signed entry again: its nonce is spent (the host's auth.rs, "nonce already exists").
    const replay = Operation.invokeHostFunction({
      func: func.invokeHostFunctionOp.hostFunction,
      auth: [auth],
    });
    expect(await operationError(t, carol.publicKey(), replay)).toMatch(
      /^HostError: Error\(Auth, ExistingValue\)/,
    );
  });

  it('to a muxed address: the account is paid, the event carries the mux id', async () => {
    const muxed = new MuxedAccount(new Account(bob.publicKey(), '0'), '42').accountId();
    const before = await sacBalance(t, alice.publicKey(), xlmSac, bob.publicKey());
    const landed = await invokeSac(t, alice, xlmSac, 'transfer', [alice.publicKey(), muxed, 5n]);
    expect(await sacBalance(t, alice.publicKey(), xlmSac, bob.publicKey())).toBe(before + 5n);
    const event = landed.events?.contractEventsXdr[0]?.[0];
    expect(scValToNative(event?.body.v0.data as xdr.ScVal)).toEqual({ amount: 5n, to_muxed_id: 42n });
  });

  it("to an account without a trustline: the host's TrustlineMissingError through simulate", async () => {
    const error = await simulationError(t, alice.publicKey(), usdSac, 'transfer', [
      alice.publicKey(),
      carol.publicKey(),
      1n,
    ]);
    expect(error).toMatch(contractError(ERR.TrustlineMissing));
  });

  it('a negative amount, and more than the trustline holds: NegativeAmountError, BalanceError', async () => {
    const from = alice.publicKey();
    expect(await simulationError(t, from, usdSac, 'transfer', [from, bob.publicKey(), -1n])).toMatch(
      contractError(ERR.NegativeAmount),
    );
    expect(
      await simulationError(t, from, usdSac, 'transfer', [from, bob.publicKey(), 1000_0000000n]),
    ).toMatch(contractError(ERR.Balance));
  });

  it('XLM below the reserve is refused; down to the reserve (less the fee) is allowed', async () => {
    const from = bob.publicKey();
    const balance = await sacBalance(t, from, xlmSac, from);
    // Two base reserves plus one sub-entry (the USD trustline), 0.5 XLM each, and a fee to pay.
    const fee = 1_0000000n;
    const spendable = balance - 3n * 5000000n - fee;
    expect(
      await simulationError(t, from, xlmSac, 'transfer', [from, carol.publicKey(), spendable + fee + 1n]),
    ).toMatch(contractError(ERR.Balance));
    await invokeSac(t, bob, xlmSac, 'transfer', [from, carol.publicKey(), spendable]);
    const left = await sacBalance(t, from, xlmSac, from);
    expect(left).toBeGreaterThanOrEqual(3n * 5000000n);
    expect(left).toBeLessThan(3n * 5000000n + fee);
    await classic(carol, [Operation.payment({ asset: Asset.native(), destination: from, amount: '1000' })]);
  });

  it('an open offer holds back its selling liabilities from a transfer', async () => {
    const from = alice.publicKey();
    await classic(alice, [
      Operation.manageSellOffer({ selling: usd, buying: Asset.native(), amount: '90', price: '1000' }),
    ]);
    const balance = await sacBalance(t, from, usdSac, from);
    const free = balance - 90_0000000n;
    expect(await simulationError(t, from, usdSac, 'transfer', [from, bob.publicKey(), free + 1n])).toMatch(
      contractError(ERR.Balance),
    );
    await invokeSac(t, alice, usdSac, 'transfer', [from, bob.publicKey(), free]);
    expect(await entryBalance(t, usd, usdSac, from)).toBe(90_0000000n);
    await classic(alice, [
      Operation.manageSellOffer({
        selling: usd,
        buying: Asset.native(),
        amount: '0',
        price: '1000',
        offerId: await offerId(from),
      }),
    ]);
  });
});

async function offerId(seller: string): Promise<string> {
  await t.net.indexed();
  const answer = await fetch(`${t.net.url}/offers?seller=${seller}`);
  const body = (await answer.json()) as { _embedded: { records: { id: string }[] } };
  return body._embedded.records[0]?.id ?? '0';
}

describe('the admin and allowances', () => {
  it('mint by the issuer to a G- and a C-address; burn by the holder', async () => {
    await invokeSac(t, issuer, usdSac, 'mint', [bob.publicKey(), 7_0000000n]);
    const bobBefore = await entryBalance(t, usd, usdSac, bob.publicKey());
    await invokeSac(t, issuer, usdSac, 'mint', [holder, 1_0000000n]);
    expect(await entryBalance(t, usd, usdSac, holder)).toBe(3_0000000n);
    await invokeSac(t, bob, usdSac, 'burn', [bob.publicKey(), 2_0000000n]);
    expect(await entryBalance(t, usd, usdSac, bob.publicKey())).toBe((bobBefore ?? 0n) - 2_0000000n);
  });

  it("mint sent by anyone else needs the admin's signature on an auth entry", async () => {
    const sim = await simulateSac(t, alice.publicKey(), usdSac, 'mint', [alice.publicKey(), 1n]);
    if (!rpc.Api.isSimulationSuccess(sim)) throw new Error(sim.error);
    const credentials = sim.result?.auth[0]?.credentials;
    expect(credentials?.type).toBe('sorobanCredentialsAddress');
    const signer =
      credentials?.type === 'sorobanCredentialsAddress' ? credentials.address.address : undefined;
    expect(signer && Address.fromScAddress(signer).toString()).toBe(issuer.publicKey());
  });

  it('approve, then transfer_from by the spender within the allowance, and not beyond', async () => {
    const latest = (await t.server.getLatestLedger()).sequence;
    await invokeSac(t, alice, usdSac, 'approve', [
      alice.publicKey(),
      carol.publicKey(),
      3_0000000n,
      latest + 100,
    ]);
    expect(
      await readSac(t, carol.publicKey(), usdSac, 'allowance', [alice.publicKey(), carol.publicKey()]),
    ).toBe(3_0000000n);
    const bobBefore = (await entryBalance(t, usd, usdSac, bob.publicKey())) ?? 0n;
    await invokeSac(t, carol, usdSac, 'transfer_from', [
      carol.publicKey(),
      alice.publicKey(),
      bob.publicKey(),
      2_0000000n,
    ]);
    expect(await entryBalance(t, usd, usdSac, bob.publicKey())).toBe(bobBefore + 2_0000000n);
    const error = await simulationError(t, carol.publicKey(), usdSac, 'transfer_from', [
      carol.publicKey(),
      alice.publicKey(),
      bob.publicKey(),
      2_0000000n,
    ]);
    expect(error).toMatch(contractError(ERR.Allowance));
  });
});

describe('an issuer with flags', () => {
  const strict = Keypair.random();
  const dan = Keypair.random();
  const eur = new Asset('EUR', strict.publicKey());
  let eurSac: string;

  beforeAll(async () => {
    await classic(alice, [
      Operation.createAccount({ destination: strict.publicKey(), startingBalance: '100' }),
      Operation.createAccount({ destination: dan.publicKey(), startingBalance: '100' }),
    ]);
    // AUTH_REQUIRED | AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED.
    await classic(strict, [Operation.setOptions({ setFlags: (1 | 2 | 8) as never })]);
    await classic(dan, [Operation.changeTrust({ asset: eur })]);
    eurSac = await deploySac(t, dan, eur);
  });

  it('an unauthorized trustline refuses a mint; set_authorized lets it in, and `authorized` tells', async () => {
    const to = dan.publicKey();
    expect(await readSac(t, to, eurSac, 'authorized', [to])).toBe(false);
    expect(await simulationError(t, to, eurSac, 'mint', [to, 5_0000000n])).toMatch(
      contractError(ERR.Deauthorized),
    );
    await invokeSac(t, strict, eurSac, 'set_authorized', [to, true]);
    expect(await readSac(t, to, eurSac, 'authorized', [to])).toBe(true);
    await invokeSac(t, strict, eurSac, 'mint', [to, 5_0000000n]);
    expect(await entryBalance(t, eur, eurSac, to)).toBe(5_0000000n);
  });

  it('clawback by the issuer from a trustline made clawback-able', async () => {
    const from = dan.publicKey();
    await invokeSac(t, strict, eurSac, 'clawback', [from, 2_0000000n]);
    expect(await entryBalance(t, eur, eurSac, from)).toBe(3_0000000n);
    expect(await sacBalance(t, from, eurSac, from)).toBe(3_0000000n);
  });

  it('deauthorized again, the holder can no longer send', async () => {
    const from = dan.publicKey();
    await invokeSac(t, strict, eurSac, 'set_authorized', [from, false]);
    expect(await simulationError(t, from, eurSac, 'transfer', [from, strict.publicKey(), 1n])).toMatch(
      contractError(ERR.Deauthorized),
    );
  });
});

describe('the native asset', () => {
  it('has no admin to mint: the instance holds none (admin.rs read_administrator)', async () => {
    const error = await simulationError(t, alice.publicKey(), xlmSac, 'mint', [alice.publicKey(), 1n]);
    expect(error).toMatch(/^HostError: Error\(Storage, MissingValue\)/);
  });

  it('a G-address never seen on the ledger: AccountMissingError', async () => {
    const nobody = Keypair.random().publicKey();
    expect(await simulationError(t, alice.publicKey(), xlmSac, 'balance', [nobody])).toMatch(
      contractError(ERR.AccountMissing),
    );
  });
});
