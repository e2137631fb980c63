/**
 * The size rent is charged on (e2e_invoke.rs `entry_size_for_rent`): an entry's XDR size, plus,
 * for contract code, the memory its parsed module takes (parsed_module.rs
 * `wasm_module_memory_cost`: the memory model of each parse cost input, or of VmInstantiation
 * over the code's length for code stored without cost inputs).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Budget, CostType } from '../budget/index.js';
import type { EntrySizeForRent } from '../storage/index.js';
import { PARSE_CHARGES } from '../vm/charges.js';

const U32_MAX = 0xffff_ffffn;

export function moduleMemoryCost(budget: Budget, code: xdr.ContractCodeEntry): bigint {
  if (code.ext.type !== 'v1') return budget.memoryCost('VmInstantiation', BigInt(code.code.length));
  const inputs = code.ext.v1.costInputs;
  let total = 0n;
  for (const [type, field] of PARSE_CHARGES)
    total += budget.memoryCost(type as CostType, BigInt(inputs[field]));
  return total;
}

/** `entry_size_for_rent` with this budget's memory models. */
export function entrySizeForRent(budget: Budget): EntrySizeForRent {
  return (entry, xdrSize) => {
    if (entry.data.type !== 'contractCode') return xdrSize;
    const memory = moduleMemoryCost(budget, entry.data.contractCode);
    return Math.min(xdrSize + Number(memory < U32_MAX ? memory : U32_MAX), 0xffff_ffff);
  };
}
