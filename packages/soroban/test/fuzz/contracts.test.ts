/**
 * 3,000 fuzzed calls of the Rust host's test contracts (`../shared/soroban/wasm`) through TestEnv,
 * in-process: the contracts' own functions with arguments mostly of their declared types (edge
 * values, addresses of the contracts and the asset contract deployed beside them), now and then
 * of any type, any arity, huge or nested past the depth limit, and random or reserved function
 * names (`__check_auth`, `__constructor`). Every call must return within its budget or end in a
 * HostError that is not the host's own InternalError; the outcomes are printed.
 */
import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { Spec } from '@stellar/stellar-sdk/contract';
import { describe, expect, it } from 'vitest';
import { testVolume } from '../../../../scripts/test-volume.mjs';
import { TestEnv } from '../../src/testing/test-env.js';
import { fuzzSeed } from '../support/scval-fuzz.js';
import { NO_SOROBAN_DATA, readSoroban, sorobanData } from '../support/shared.js';
import { type FunctionShape, functionsOf, randomCall } from './calls.js';
import { describeCall, FuzzLog } from './support.js';

const CALLS = testVolume(3_000);
/**
 * A tenth of the host's test budget: a call that runs to the end of its budget shows the same
 * outcome (Budget, ExceededLimit) at a tenth of the wall time, and most calls end far below it.
 */
const LIMITS = { cpuInstructions: 10_000_000n, memoryBytes: 40n * 1024n * 1024n };

/** A representative set: arithmetic, storage, containers, errors, memory, calls, auth, accounts, the SAC. */
const CONTRACTS = [
  '22/example_add_i32',
  '22/test_contract_data_val',
  '22/test_custom_account_context',
  '23/contract_sac_transfer',
  '23/invoker_auth_test_contract',
  '23/test_check_auth_instance_storage',
  '20/auth_test_contract',
  '20/example_alloc',
  '20/example_complex',
  '20/example_contract_data',
  '20/example_err',
  '20/example_fib',
  '20/example_hostile',
  '20/example_invoke_contract',
  '20/example_linear_memory',
  '20/example_simple_account',
  '20/example_sum_i32',
  '20/example_updateable_contract',
  '20/example_vec',
  '20/hostile_large_val',
  '20/loadgen',
  '20/recursive_account',
  '20/sac_reentry_account',
  '20/test_try_call_sac',
];

interface Target {
  name: string;
  id: string;
  functions: FunctionShape[];
}

function deploy(env: TestEnv): { targets: Target[]; addresses: xdr.ScAddress[] } {
  const issuer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
  const asset = xdr.Asset.assetTypeCreditAlphanum4(
    new xdr.AlphaNum4({ assetCode: Buffer.from('FUZZ'), issuer: issuer.xdrAccountId() }),
  );
  const sac = env.registerStellarAsset(asset);
  const targets = CONTRACTS.map((name) => {
    const wasm = readSoroban(`wasm/${name}.wasm`);
    return { name, id: env.register(wasm), functions: functionsOf(Spec.fromWasm(wasm)) };
  });
  const addresses = [
    ...[sac, ...targets.map((t) => t.id)].map((id) => Address.fromString(id).toScAddress()),
    new Address(issuer.publicKey()).toScAddress(),
    new Address(Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey()).toScAddress(),
    Address.contract(Buffer.alloc(32, 9)).toScAddress(),
  ];
  return { targets, addresses };
}

describe.skipIf(!sorobanData)(
  `fuzzed calls of the host's test contracts (${sorobanData ? 'present' : NO_SOROBAN_DATA})`,
  () => {
    it(`${CALLS} calls end in a result or a HostError, within budget`, () => {
      const log = new FuzzLog(fuzzSeed(0xc0de), LIMITS);
      const { r } = log;
      const env = new TestEnv({ budget: LIMITS });
      const { targets, addresses } = deploy(env);
      for (let i = 0; i < CALLS; i++) {
        const target = r.pick(targets);
        const { fn, args } = randomCall(r, target.functions, addresses);
        log.call(
          () => `call ${i}: ${describeCall(target.name, fn, args)}`,
          () => env.invoke(target.id, fn, args),
        );
      }
      console.log(log.report(`${CALLS} fuzzed calls of ${targets.length} test contracts`));
      expect(log.failures).toEqual([]);
    }, 1_200_000);
  },
);
