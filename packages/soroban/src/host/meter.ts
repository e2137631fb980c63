/** What the host charges its work to: the budget (`src/budget/`), or nothing where a caller is not metered. */
export interface Meter {
  /** Charges one unit of a cost type (an xdr.ContractCostType member name) with its input size. */
  charge(costType: string, input?: bigint): void;
}

export const UNMETERED: Meter = { charge() {} };
