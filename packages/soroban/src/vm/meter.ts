/**
 * What the VM layer needs of the budget (built in src/budget/): charging a cost type, and the two
 * budget readings the Rust host's wasmi glue uses (budget.rs `get_wasmi_fuel_remaining`,
 * `get_mem_bytes_remaining`).
 */

/** Charges `costType` (an xdr.ContractCostType member name) once, with an optional input. */
export interface VmMeter {
  charge(costType: string, input?: bigint): void;
}

export interface VmBudget extends VmMeter {
  /** Remaining CPU divided by WasmInsnExec's constant term: the fuel a VM may burn. */
  wasmiFuelRemaining(): bigint;
  /** `bulk_charge(WasmInsnExec, fuel, None)`: the fuel a VM burned, as CPU. */
  chargeWasmInsnExec(fuel: bigint): void;
  /** Memory bytes left in the budget: the ResourceLimiter's bound on memory growth. */
  memBytesRemaining(): bigint;
}
