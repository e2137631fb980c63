/**
 * An endless loop applied as stellar-core applies it: the host stops it with (Budget,
 * ExceededLimit) once the fuel the declared instructions buy is spent, and the CPU it charged stays
 * within them (wasmi refuses the instruction it cannot pay for without spending it, vm.rs; the
 * remainder is less than one loop iteration's fuel plus the rounding of cpu to fuel, budget.rs
 * get_wasmi_fuel_remaining), so the result is INVOKE_HOST_FUNCTION_TRAPPED, not
 * RESOURCE_LIMIT_EXCEEDED (InvokeHostFunctionOpFrame.cpp: instructions < cpu_insns). The Rust
 * host's own run of hostile_iloop_traps ends at 99,999,996 of 100,000,000.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { localNetworkSettings } from '../../src/budget/index.js';
import { applyHostFunction } from '../../src/invoke/apply.js';
import { contractAddress } from '../../src/storage/index.js';
import { contract } from '../vm/wat.js';
import { accountId, createContractData, LEDGER, SEQ, snapshotOf, wasmEntry, wasmKey } from './fixtures.js';

const SPIN = contract('(module (func (export "spin") (result i64) (loop $again (br $again)) (i64.const 2)))');
/** One loop iteration's fuel (its counter: the entry of the loop and the br), in CPU. */
const ITERATION_CPU = 2n * 4n;

describe('an endless loop at apply', () => {
  it.each([2_000_000, 5_000_000, 20_000_000])(
    'with %i instructions: TRAPPED, all of them but less than an iteration charged',
    (instructions) => {
      const created = createContractData(1, SPIN);
      const applied = applyHostFunction({
        ledger: LEDGER,
        snapshot: snapshotOf([
          { entry: wasmEntry(SPIN), liveUntil: SEQ + 1000 },
          { entry: created.contractEntry, liveUntil: SEQ + 1000 },
        ]),
        settings: localNetworkSettings(),
        hostFunction: xdr.HostFunction.hostFunctionTypeInvokeContract(
          new xdr.InvokeContractArgs({
            contractAddress: contractAddress(created.contractId),
            functionName: 'spin',
            args: [],
          }),
        ),
        resources: new xdr.SorobanResources({
          footprint: new xdr.LedgerFootprint({
            readOnly: [wasmKey(SPIN), created.contractKey],
            readWrite: [],
          }),
          instructions,
          diskReadBytes: 0,
          writeBytes: 0,
        }),
        auth: [],
        sourceAccount: accountId(9),
      });
      expect(applied.code).toBe('invokeHostFunctionTrapped');
      expect(applied.code !== 'invokeHostFunctionSuccess' && applied.error?.short).toBe(
        'Error(Budget, ExceededLimit)',
      );
      expect(applied.cpuInstructions).toBeLessThanOrEqual(BigInt(instructions));
      expect(applied.cpuInstructions).toBeGreaterThan(BigInt(instructions) - ITERATION_CPU - 4n);
    },
  );
});
