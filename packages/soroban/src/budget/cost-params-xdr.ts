/**
 * Cost models to and from the ledger's `ContractCostParamEntry` lists (one entry per cost type, in
 * XDR order; the linear term is stored scaled by 2^7, as the models keep it). Negative terms are
 * refused with `(Context, InvalidInput)` as the host does (budget/model.rs, `MeteredCostComponent::try_from`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { HostError } from '../errors/host-error.js';
import type { LinearModel } from './model.js';

export function costModelsFromXdr(entries: readonly xdr.ContractCostParamEntry[]): LinearModel[] {
  return entries.map((entry) => {
    if (entry.constTerm < 0n || entry.linearTerm < 0n) {
      throw new HostError('Context', 'InvalidInput', 'negative cost parameter');
    }
    return { constTerm: entry.constTerm, linTerm: entry.linearTerm };
  });
}

export function costModelsToXdr(models: readonly LinearModel[]): xdr.ContractCostParamEntry[] {
  return models.map(
    (model) =>
      new xdr.ContractCostParamEntry({
        ext: xdr.ExtensionPoint.v0(),
        constTerm: model.constTerm,
        linearTerm: model.linTerm,
      }),
  );
}
