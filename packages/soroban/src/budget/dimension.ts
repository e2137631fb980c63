/**
 * One dimension of the budget (CPU instructions or memory bytes): its models, its limit and what
 * has been charged, plus the shadow limit and count that diagnostics-only work is charged to
 * (budget/dimension.rs, `BudgetDimension`).
 */
import { HostError } from '../errors/host-error.js';
import { COST_TYPE_COUNT } from './cost-types.js';
import { evaluateModel, type LinearModel, saturatingAddU64, saturatingSubU64 } from './model.js';

const ZERO_MODEL: LinearModel = { constTerm: 0n, linTerm: 0n };

export class BudgetDimension {
  readonly models: LinearModel[];
  total = 0n;
  shadowTotal = 0n;

  constructor(
    models: readonly LinearModel[],
    public limit: bigint,
    public shadowLimit: bigint = limit,
  ) {
    // A parameter list longer than the cost types this protocol knows is the host's internal error;
    // a shorter one (an older protocol's) leaves the missing types free (`try_from_config`).
    if (models.length > COST_TYPE_COUNT) {
      throw new HostError(
        'Budget',
        'InternalError',
        `${models.length} cost models for ${COST_TYPE_COUNT} cost types`,
      );
    }
    for (const model of models) {
      if (model.constTerm < 0n || model.linTerm < 0n) {
        throw new HostError('Context', 'InvalidInput', 'negative cost parameter');
      }
    }
    this.models = Array.from({ length: COST_TYPE_COUNT }, (_, index) => models[index] ?? ZERO_MODEL);
  }

  model(index: number): LinearModel {
    return this.models[index] ?? ZERO_MODEL;
  }

  cost(index: number, iterations: bigint, input: bigint | undefined): bigint {
    return evaluateModel(this.model(index), iterations, input);
  }

  /** Adds the cost to the count (or to the shadow count) and returns it. */
  charge(index: number, iterations: bigint, input: bigint | undefined, shadow: boolean): bigint {
    const amount = this.cost(index, iterations, input);
    if (shadow) this.shadowTotal = saturatingAddU64(this.shadowTotal, amount);
    else this.total = saturatingAddU64(this.total, amount);
    return amount;
  }

  /** `reset(limit)` (budget/dimension.rs): a new limit, the shadow one too, and both counts zeroed. */
  reset(limit: bigint): void {
    this.limit = limit;
    this.shadowLimit = limit;
    this.resetCount();
  }

  /** `reset_count`: both counts zeroed, the limits kept. */
  resetCount(): void {
    this.total = 0n;
    this.shadowTotal = 0n;
  }

  /** Replaces one cost type's model (testutils `override_model_with_scaled_params`; `reset_models` zeroes each). */
  setModel(index: number, model: LinearModel): void {
    this.models[index] = model;
  }

  /** `(Budget, ExceededLimit)` once the count is over its limit (being at the limit is fine). */
  checkLimit(shadow: boolean): void {
    const over = shadow ? this.shadowTotal > this.shadowLimit : this.total > this.limit;
    if (over) throw new HostError('Budget', 'ExceededLimit');
  }

  get remaining(): bigint {
    return saturatingSubU64(this.limit, this.total);
  }
}
