/**
 * What the integer functions charge through: the budget's `charge` (built in src/budget/), taken as
 * an argument so this layer stays free of it. `costType` is an xdr.ContractCostType member name;
 * `input` is absent where the Rust host charges with `None` (a constant cost).
 */
export interface Meter {
  charge(costType: string, input?: bigint): void;
}

/** An operand given as a value, or as a reader the host calls only after the charge (see arith256.ts). */
export type Operand = bigint | (() => bigint);

export function readOperand(operand: Operand): bigint {
  return typeof operand === 'function' ? operand() : operand;
}
