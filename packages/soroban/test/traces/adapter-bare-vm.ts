/**
 * `register_and_invoke_custom_vm_no_linker_check` (protocol_gate.rs at v23.0.0): a module run in a
 * bare wasmi store whose data is the host, outside the host's VM machinery. wasmi parses and
 * instantiates it uncharged with its default fuel costs (`Config::default()`, not the host's
 * calibrated ones), the store holds 10,000,000 fuel of its own, and the import `t.0` is
 * protocol_gated_dummy's dispatch with no protocol check at link time. Only that dispatch touches
 * the host: its protocol guardrail first (refused before it is traced), the trace, the fuel burned
 * so far charged as WasmInsnExec, DispatchHostFunction, then the budget's remaining fuel supplied.
 * Nothing is charged when the call returns or traps: the test never hands the fuel back.
 */
import { chargeWasmiFuel, wasmiFuelRemaining } from '../../src/budget/index.js';
import { HostError } from '../../src/errors/host-error.js';
import { dispatch } from '../../src/host/dispatch.js';
import { HOST_MODULES } from '../../src/host/functions/index.js';
import type { Host } from '../../src/host/host.js';
import { UNMETERED } from '../../src/host/meter.js';
import { tracedFunction } from '../../src/host/tracing.js';
import { dispatchProtocolError, hostFunction } from '../../src/interface/index.js';
import { instantiate, parseContract, type VmBudget, WASMI_DEFAULT_FUEL_COSTS } from '../../src/vm/index.js';
import { Unsupported } from './adapter-values.js';

/** `store.add_fuel(10000000)`. */
const BARE_STORE_FUEL = 10_000_000n;

/**
 * The budget as the bare store meets it: untouched by wasmi's own parse, instantiation, call and
 * return; the host's from a host call's start until the dispatch supplies fuel back.
 */
class BareStoreBudget implements VmBudget {
  live = false;
  constructor(private readonly host: Host) {}
  charge(costType: string, input?: bigint): void {
    if (this.live) this.host.budget.charge(costType, input);
  }
  chargeWasmInsnExec(fuel: bigint): void {
    if (this.live) chargeWasmiFuel(this.host.budget, fuel);
  }
  wasmiFuelRemaining(): bigint {
    if (!this.live) return BARE_STORE_FUEL;
    // `add_fuel_to_vm` is the dispatch's last step: the VM runs on its own again.
    this.live = false;
    return wasmiFuelRemaining(this.host.budget);
  }
  memBytesRemaining(): bigint {
    return this.host.budget.memRemaining;
  }
}

/** Runs the module's export `test` as the Rust helper does; a trap is the test's expected result. */
export function invokeBareVm(host: Host, wasm: Uint8Array): void {
  const gated = hostFunction('t', '0');
  const implementation = HOST_MODULES.test?.protocol_gated_dummy;
  if (!gated || !implementation) throw new Unsupported('protocol_gated_dummy is not in the interface');
  const ledgerProtocol = host.ledger.protocolVersion;
  const budget = new BareStoreBudget(host);
  const parsed = parseContract(wasm, {
    ledgerProtocol,
    meter: UNMETERED,
    fuelCosts: WASMI_DEFAULT_FUEL_COSTS,
  });
  const tracer = host.tracer;
  const run = tracer ? tracedFunction(tracer, gated.name, implementation) : implementation;
  const imports = {
    t: { '0': (...words: bigint[]) => dispatch(host.context(), gated, run, ledgerProtocol, words) },
  };
  const vm = instantiate(parsed, imports, {
    budget,
    ledgerProtocol,
    isImportKnown: () => true,
    onHostCall: (_module, _name, words) => {
      const outside = dispatchProtocolError(gated, ledgerProtocol);
      if (outside) throw outside;
      tracer?.call(gated.name, words);
      budget.live = true;
    },
  });
  try {
    vm.call('test', []);
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
  }
}
