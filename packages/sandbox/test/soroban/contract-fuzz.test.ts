// 500 fuzzed calls of the Rust host's test contracts and a Stellar Asset Contract through the
// sandbox's JSON-RPC (the in-process share of the 5,000 is packages/soroban/test/fuzz): the
// contracts' functions with typed, wrong, huge and deep ScVal arguments and random or reserved
// function names, each simulated, and about one in eight sent too (assembled from its
// simulation, or unsimulated with resources by hand when the simulation failed, so it fails at
// apply). Every answer must be HTTP 200 with a JSON-RPC result or error, a failed simulation an
// `error` string, every sent call final (SUCCESS or FAILED), nothing the server had to report,
// and the sandbox healthy afterwards. SOROBAN_FUZZ_SEED changes the seed; failures name it.
import { random } from '@starspec/http-fuzz';
import {
  Address,
  Asset,
  Keypair,
  Operation,
  rpc,
  SorobanDataBuilder,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk';
import { Spec } from '@stellar/stellar-sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testVolume } from '../../../../scripts/test-volume.mjs';
import {
  type FunctionShape,
  functionsOf,
  randomCall,
  SAC_FUNCTIONS,
} from '../../../soroban/test/fuzz/calls.js';
import { fuzzSeed } from '../../../soroban/test/support/scval-fuzz.js';
import { callFootprint, deployThroughRpc, simulateAndSubmit, unsigned } from '../support/rpc-contract.js';
import { call, fund, type TestSandbox, testSandbox } from '../support/sandbox.js';
import { hasSorobanData, NO_SOROBAN_DATA, sorobanWasm } from '../support/soroban-data.js';

const CALLS = testVolume(500);
const CONTRACTS = [
  '22/example_add_i32',
  '20/example_contract_data',
  '20/example_vec',
  '20/example_err',
  '20/example_alloc',
  '20/example_invoke_contract',
  '20/auth_test_contract',
  '20/example_hostile',
  '20/hostile_large_val',
  '23/contract_sac_transfer',
  '23/invoker_auth_test_contract',
  '20/test_try_call_sac',
];

interface Target {
  name: string;
  id: string;
  functions: readonly FunctionShape[];
  /** The read-only footprint an unsimulated call declares (none for the SAC: it fails at apply). */
  footprint: xdr.LedgerKey[];
}

let t: TestSandbox;
const source = Keypair.random();
const targets: Target[] = [];

beforeAll(async () => {
  if (!hasSorobanData) return;
  t = await testSandbox({ closeEvery: 'manual' });
  await fund(t, source);
  for (const name of CONTRACTS) {
    const wasm = sorobanWasm(`wasm/${name}.wasm`);
    const id = await deployThroughRpc(t, source, wasm);
    targets.push({
      name,
      id,
      functions: functionsOf(Spec.fromWasm(wasm)),
      footprint: callFootprint(id, wasm),
    });
  }
  const created = await simulateAndSubmit(
    t,
    source,
    Operation.createStellarAssetContract({ asset: new Asset('FUZZ', source.publicKey()) }),
  );
  if (created.status !== 'SUCCESS' || !created.returnValue) throw new Error(`SAC create ${created.status}`);
  const sac = Address.fromScVal(created.returnValue).toString();
  targets.push({ name: 'SAC', id: sac, functions: SAC_FUNCTIONS, footprint: [] });
}, 300_000);
afterAll(async () => {
  await t?.net.stop();
});

/**
 * The call as an operation, built from the XDR: the SDK's Operation.invokeContractFunction refuses
 * claimable-balance and pool addresses among the arguments, which the host must refuse itself.
 */
function invoke(contract: string, functionName: string, args: xdr.ScVal[]): xdr.Operation {
  const hostFunction = xdr.HostFunction.hostFunctionTypeInvokeContract(
    new xdr.InvokeContractArgs({ contractAddress: new Address(contract).toScAddress(), functionName, args }),
  );
  return new xdr.Operation({
    sourceAccount: null,
    body: xdr.OperationBody.invokeHostFunction(new xdr.InvokeHostFunctionOp({ hostFunction, auth: [] })),
  });
}

/** Sends a signed transaction raw and, when it was accepted, closes a ledger and reads its final status. */
async function send(tx: { toXDR(): string }): Promise<{ status: number; outcome: string }> {
  const sent = await call(t.net, 'sendTransaction', { transaction: tx.toXDR() });
  if (sent.error || sent.result?.status !== 'PENDING')
    return { status: sent.status, outcome: `send ${sent.error?.code ?? sent.result?.status}` };
  t.net.closeLedger();
  const final = await t.server.pollTransaction(String(sent.result.hash), {
    attempts: 100,
    sleepStrategy: () => 50,
  });
  return { status: sent.status, outcome: `applied ${final.status}` };
}

describe.skipIf(!hasSorobanData)(
  `fuzzed contract calls through the RPC (${hasSorobanData ? 'present' : NO_SOROBAN_DATA})`,
  () => {
    it(`${CALLS} calls: HTTP 200, a result or a host error, every sent call final`, async () => {
      const seed = fuzzSeed(0x5a4d);
      const r = random(seed);
      const addresses = [
        ...targets.map((target) => new Address(target.id).toScAddress()),
        new Address(source.publicKey()).toScAddress(),
        new Address(Keypair.random().publicKey()).toScAddress(),
      ];
      const counts: Record<string, number> = {};
      const failures: string[] = [];
      const count = (name: string) => {
        counts[name] = (counts[name] ?? 0) + 1;
      };
      for (let i = 0; i < CALLS; i++) {
        const target = r.pick(targets);
        const { fn, args } = randomCall(r, target.functions, addresses);
        const where = `seed ${seed}, call ${i}: ${target.name}.${fn}(${args.map((a) => a.type).join(', ')})`;
        const sendToo = r.chance(0.12);
        try {
          const tx = await unsigned(t, source, invoke(target.id, fn, args));
          const sim = await call(t.net, 'simulateTransaction', { transaction: tx.toXDR() });
          const error = sim.result?.error;
          if (
            sim.status !== 200 ||
            (!sim.result && !sim.error) ||
            (error !== undefined && typeof error !== 'string')
          )
            failures.push(`${where}: simulate answered ${sim.status} ${JSON.stringify(sim).slice(0, 300)}`);
          count(
            sim.error
              ? `simulate error ${sim.error.code}`
              : error
                ? `simulate ${/^HostError: (Error\([^)]*\))/.exec(String(error))?.[1] ?? 'error'}`
                : 'simulate ok',
          );
          if (!sendToo || sim.error) continue;
          const parsed = await t.server.simulateTransaction(tx);
          const built = rpc.Api.isSimulationSuccess(parsed)
            ? rpc.assembleTransaction(tx, parsed).build()
            : TransactionBuilder.cloneFrom(tx, {
                fee: '10000000',
                sorobanData: new SorobanDataBuilder()
                  .setReadOnly(target.footprint)
                  .setResources(50_000_000, 0, 0)
                  .setResourceFee(20_000_000n)
                  .build(),
              }).build();
          built.sign(source);
          const sent = await send(built);
          if (sent.status !== 200) failures.push(`${where}: sendTransaction answered ${sent.status}`);
          if (sent.outcome === 'applied NOT_FOUND') failures.push(`${where}: the sent call never landed`);
          count(sent.outcome);
        } catch (e) {
          failures.push(`${where}: ${(e as Error).stack ?? e}`);
        }
      }
      console.log(
        `${CALLS} fuzzed contract calls through the RPC (seed ${seed}):\n${Object.entries(counts)
          .sort(([, a], [, b]) => b - a)
          .map(([name, n]) => `${String(n).padStart(6)}  ${name}`)
          .join('\n')}`,
      );
      expect(failures).toEqual([]);
      expect(t.errors).toEqual([]);
      expect((await t.server.getHealth()).status).toBe('healthy');
    }, 900_000);
  },
);
