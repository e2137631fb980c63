// No balance created or destroyed outside mint, burn and clawback, through the sandbox: random
// SAC operations (transfer, transfer_from, approve, mint, burn, burn_from, clawback,
// set_authorized) among accounts with trustlines (one with a low limit, one with none) and
// contracts, each simulated, signed by the party that authorizes it and sent; one whose
// simulation failed is sent anyway, unsimulated, so it fails at apply. After each, the sum of the
// balances (as `balance` simulates) + burned − minted − clawed back is what it was, and a call
// that did not apply left every stored balance as it found it. The in-process twin, with many
// more operations, is packages/soroban/test/fuzz/sac-conservation.test.ts.
import { random } from '@starspec/http-fuzz';
import {
  Address,
  Asset,
  Keypair,
  Operation,
  rpc,
  SorobanDataBuilder,
  scValToNative,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzSeed, type Random } from '../../../soroban/test/support/scval-fuzz.js';
import { simulateAndSubmit, unsigned } from '../support/rpc-contract.js';
import { fund, signed, submit, type TestSandbox, testSandbox } from '../support/sandbox.js';

const OPERATIONS = 60;
const I128_MAX = (1n << 127n) - 1n;

let t: TestSandbox;
let sac: string;
const issuer = Keypair.random();
const [trusted, other, limited, untrusted] = [
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
  Keypair.random(),
];
const accounts = [trusted, other, limited, untrusted];
const contracts = [1, 2].map((n) => Address.contract(Buffer.alloc(32, n)).toString());
const holders = [...accounts.map((k) => k.publicKey()), ...contracts];
const asset = new Asset('CONS', issuer.publicKey());

const address = (who: string) => new Address(who).toScVal();
const i128 = (n: bigint) =>
  xdr.ScVal.scvI128(new xdr.Int128Parts({ hi: BigInt.asIntN(64, n >> 64n), lo: BigInt.asUintN(64, n) }));

const invoke = (fn: string, args: xdr.ScVal[]) =>
  Operation.invokeContractFunction({ contract: sac, function: fn, args });

beforeAll(async () => {
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, issuer, ...accounts);
  // AUTH_REVOCABLE | AUTH_CLAWBACK_ENABLED before the trustlines, so they can be clawed back.
  await submit(t, await signed(t, issuer, [Operation.setOptions({ setFlags: 10 as never })]));
  for (const holder of [trusted, other])
    await submit(t, await signed(t, holder, [Operation.changeTrust({ asset })]));
  await submit(t, await signed(t, limited, [Operation.changeTrust({ asset, limit: '0.0010000' })]));
  const created = await simulateAndSubmit(t, issuer, Operation.createStellarAssetContract({ asset }));
  if (created.status !== 'SUCCESS' || !created.returnValue) throw new Error(`SAC create ${created.status}`);
  sac = Address.fromScVal(created.returnValue).toString();
  // Balances to move from the start.
  for (const holder of [trusted, other, limited].map((k) => k.publicKey()).concat(contracts[0] as string))
    await simulateAndSubmit(t, issuer, invoke('mint', [address(holder), i128(10_000n)]));
}, 300_000);
afterAll(async () => {
  await t.net.stop();
});

interface SacOperation {
  fn: string;
  args: xdr.ScVal[];
  /** Who authorizes it (and so sends it). */
  signer: Keypair;
  /** What it mints (+) or destroys (−) when it applies. */
  minted: bigint;
}

function amount(r: Random): bigint {
  if (r.chance(0.7)) return BigInt(1 + r.int(5_000));
  return r.pick([0n, (1n << 63n) - 1n, I128_MAX, -1n]);
}

function operation(r: Random, ledger: number): SacOperation {
  const [from, spender] = [r.pick(accounts), r.pick(accounts)];
  const to = r.pick(holders);
  const n = amount(r);
  switch (r.int(8)) {
    case 0:
      return {
        fn: 'transfer',
        args: [address(from.publicKey()), address(to), i128(n)],
        signer: from,
        minted: 0n,
      };
    case 1:
      return {
        fn: 'approve',
        args: [
          address(from.publicKey()),
          address(spender.publicKey()),
          i128(n),
          xdr.ScVal.scvU32(ledger + 1_000),
        ],
        signer: from,
        minted: 0n,
      };
    case 2:
      return {
        fn: 'transfer_from',
        args: [address(spender.publicKey()), address(from.publicKey()), address(to), i128(n)],
        signer: spender,
        minted: 0n,
      };
    case 3:
      return { fn: 'burn', args: [address(from.publicKey()), i128(n)], signer: from, minted: -n };
    case 4:
      return {
        fn: 'burn_from',
        args: [address(spender.publicKey()), address(from.publicKey()), i128(n)],
        signer: spender,
        minted: -n,
      };
    case 5:
      return { fn: 'mint', args: [address(to), i128(n)], signer: issuer, minted: n };
    case 6:
      return { fn: 'clawback', args: [address(to), i128(n)], signer: issuer, minted: -n };
    default:
      return {
        fn: 'set_authorized',
        args: [address(to), xdr.ScVal.scvBool(r.chance(0.6))],
        signer: issuer,
        minted: 0n,
      };
  }
}

/** Where each holder's balance is stored: its trustline, or the SAC's Balance entry for a contract. */
function balanceKeys(): xdr.LedgerKey[] {
  return holders.map((holder) =>
    holder.startsWith('G')
      ? xdr.LedgerKey.trustline(
          new xdr.LedgerKeyTrustLine({
            accountId: Keypair.fromPublicKey(holder).xdrAccountId(),
            asset: asset.toTrustLineXDRObject(),
          }),
        )
      : xdr.LedgerKey.contractData(
          new xdr.LedgerKeyContractData({
            contract: new Address(sac).toScAddress(),
            key: xdr.ScVal.scvVec([xdr.ScVal.scvSymbol('Balance'), address(holder)]),
            durability: xdr.ContractDataDurability.persistent,
          }),
        ),
  );
}

/** The sum of the balances `balance` simulates (none without a trustline), and the stored entries. */
async function state(): Promise<{ total: bigint; stored: string }> {
  let total = 0n;
  for (const holder of holders) {
    const sim = await t.server.simulateTransaction(
      await unsigned(t, issuer, invoke('balance', [address(holder)])),
    );
    if (rpc.Api.isSimulationSuccess(sim) && sim.result) total += scValToNative(sim.result.retval) as bigint;
  }
  const { entries } = await t.server.getLedgerEntries(...balanceKeys());
  const stored = entries.map((e) => `${e.key.toXDR('base64')}=${e.val.toXDR('base64')}`).sort();
  return { total, stored: stored.join(',') };
}

describe('SAC conservation of balances through the sandbox', () => {
  it(`${OPERATIONS} random operations sent: balances + burned − minted stay constant, failures change nothing`, async () => {
    const seed = fuzzSeed(0xc045);
    const r = random(seed);
    let minted = 0n;
    let before = await state();
    const initial = before.total;
    const counts: Record<string, number> = {};
    for (let i = 0; i < OPERATIONS; i++) {
      const op = operation(r, (await t.server.getLatestLedger()).sequence);
      const tx = await unsigned(t, op.signer, invoke(op.fn, op.args));
      const sim = await t.server.simulateTransaction(tx);
      const built = rpc.Api.isSimulationSuccess(sim)
        ? rpc.assembleTransaction(tx, sim).build()
        : TransactionBuilder.cloneFrom(tx, {
            fee: '10000000',
            sorobanData: new SorobanDataBuilder()
              .setResources(10_000_000, 0, 0)
              .setResourceFee(20_000_000n)
              .build(),
          }).build();
      built.sign(op.signer);
      const final = await submit(t, built);
      if (final.status === 'SUCCESS') minted += op.minted;
      const after = await state();
      const where = `seed ${seed} (SOROBAN_FUZZ_SEED), operation ${i}: ${op.fn} ${final.status}`;
      expect(after.total - minted, where).toBe(initial);
      if (final.status !== 'SUCCESS') expect(after.stored, where).toBe(before.stored);
      before = after;
      const name = `${op.fn} ${rpc.Api.isSimulationSuccess(sim) ? 'simulated' : 'unsimulated'} ${final.status}`;
      counts[name] = (counts[name] ?? 0) + 1;
    }
    console.log(
      `SAC conservation through the sandbox (seed ${seed}):\n${Object.entries(counts)
        .sort()
        .map(([k, n]) => `${String(n).padStart(5)}  ${k}`)
        .join('\n')}`,
    );
    expect(t.errors).toEqual([]);
  }, 600_000);
});
