/**
 * The CPU and memory budget of one invocation (budget.rs, `Budget` / `BudgetImpl`): every charge
 * evaluates the cost type's linear model in both dimensions, adds it to the totals and fails with
 * `(Budget, ExceededLimit)` once a total passes its limit. CPU is charged and checked before memory,
 * so a charge that breaks the CPU limit leaves memory untouched, and a failed charge still counts.
 *
 * Shadow mode (`withShadowMode`) sends charges to separate shadow totals with their own limits, for
 * work that must not change the observable budget (diagnostics, footprint-only ledger changes).
 */
import { HostError, internalError } from '../errors/host-error.js';
import { type CostType, costTypeIndex, costTypeTakesInput } from './cost-types.js';
import {
  DEFAULT_COST_PARAMS,
  DEFAULT_CPU_INSN_LIMIT,
  DEFAULT_HOST_DEPTH_LIMIT,
  DEFAULT_MEM_BYTES_LIMIT,
} from './default-params.js';
import { BudgetDimension } from './dimension.js';
import {
  type CostParams,
  LIN_TERM_SCALE_BITS,
  type LinearModel,
  saturatingAddU64,
  saturatingMulU64,
  U64_MAX,
} from './model.js';
import type { NetworkSettings } from './settings.js';

export interface BudgetLimits {
  readonly cpu: bigint;
  readonly mem: bigint;
  /** Shadow limits; each defaults to its dimension's limit, as the host's constructors set it. */
  readonly shadowCpu?: bigint;
  readonly shadowMem?: bigint;
}

/** What one cost type has been charged, as the host's `CostTracker` keeps it. */
export interface CostTally {
  readonly iterations: bigint;
  /** The sum of inputs x iterations; undefined for a type charged without input. */
  readonly input: bigint | undefined;
  readonly cpu: bigint;
  readonly mem: bigint;
}

export interface FromSettingsOptions {
  /** The instruction limit; the network's txMaxInstructions by default. */
  readonly instructions?: bigint;
  /** Shadow limit = limit x factor, per dimension; 1 by default. */
  readonly shadowFactors?: { readonly cpu: bigint; readonly mem: bigint };
}

/** The shadow limits stellar-rpc's simulation gives (soroban-simulation network_config.rs). */
export const SIMULATION_SHADOW_FACTORS = { cpu: 10n, mem: 2n } as const;

interface MutableTally {
  iterations: bigint;
  input: bigint | undefined;
  cpu: bigint;
  mem: bigint;
}

const ZERO_MODEL: LinearModel = { constTerm: 0n, linTerm: 0n };

function emptyTallies(count: number): MutableTally[] {
  return Array.from({ length: count }, (_, index) => ({
    iterations: 0n,
    input: costTypeTakesInput(index) ? 0n : undefined,
    cpu: 0n,
    mem: 0n,
  }));
}

function checkU64(value: bigint, what: string): bigint {
  if (value < 0n || value > U64_MAX) throw internalError(`budget ${what} out of u64 range: ${value}`);
  return value;
}

export class Budget {
  private cpu: BudgetDimension;
  private mem: BudgetDimension;
  private tallies: MutableTally[];
  private shadow = false;
  /** Recursion levels left (`depth_limit`). */
  private depthLeft = DEFAULT_HOST_DEPTH_LIMIT;
  private charges = 0;

  constructor(params: CostParams, limits: BudgetLimits) {
    this.cpu = new BudgetDimension(params.cpu, checkU64(limits.cpu, 'cpu limit'), limits.shadowCpu);
    this.mem = new BudgetDimension(params.mem, checkU64(limits.mem, 'memory limit'), limits.shadowMem);
    this.tallies = emptyTallies(this.cpu.models.length);
  }

  /** testutils `Budget::reset_default`: the default budget again, in place (hosts keep this object). */
  resetDefault(): void {
    const fresh = Budget.default();
    this.cpu = fresh.cpu;
    this.mem = fresh.mem;
    this.tallies = fresh.tallies;
    this.shadow = false;
    this.depthLeft = DEFAULT_HOST_DEPTH_LIMIT;
    this.charges = 0;
  }

  /** testutils `reset_limits` (and `reset_unlimited` with u64::MAX): new limits, counts and tallies zeroed. */
  resetLimits(cpu: bigint, mem: bigint): void {
    this.cpu.reset(checkU64(cpu, 'cpu limit'));
    this.mem.reset(checkU64(mem, 'memory limit'));
    this.tallies = emptyTallies(this.cpu.models.length);
    this.charges = 0;
  }

  /** testutils `reset_unlimited_cpu` (budget/util.rs): the cpu count zeroed under no limit, memory kept. */
  resetUnlimitedCpu(): void {
    this.cpu.reset(U64_MAX);
    this.tallies = emptyTallies(this.cpu.models.length);
    this.charges = 0;
  }

  /** testutils `Budget::reset` (budget/util.rs): counts and tallies zeroed, limits and models kept. */
  reset(): void {
    this.cpu.resetCount();
    this.mem.resetCount();
    this.tallies = emptyTallies(this.cpu.models.length);
    this.charges = 0;
  }

  /** testutils `reset_models`: every cost model zero, so that a test can enable only the ones it wants. */
  resetModels(): void {
    for (let index = 0; index < this.cpu.models.length; index++) {
      this.cpu.setModel(index, ZERO_MODEL);
      this.mem.setModel(index, ZERO_MODEL);
    }
  }

  /** testutils `enable_model` (`override_model_with_unscaled_params`): linear terms given unscaled. */
  overrideModel(type: CostType | string, cpu: LinearModel, mem: LinearModel): void {
    const index = this.indexOf(type);
    const scaled = (m: LinearModel) => ({
      constTerm: checkU64(m.constTerm, 'constant term'),
      linTerm: (checkU64(m.linTerm, 'linear term') << LIN_TERM_SCALE_BITS) & U64_MAX,
    });
    this.cpu.setModel(index, scaled(cpu));
    this.mem.setModel(index, scaled(mem));
  }

  /** The host's test budget: its default parameters, 100M instructions and 40 MiB. */
  static default(): Budget {
    return new Budget(DEFAULT_COST_PARAMS, { cpu: DEFAULT_CPU_INSN_LIMIT, mem: DEFAULT_MEM_BYTES_LIMIT });
  }

  /**
   * A transaction's budget from the network settings: the ledger's cost parameters, the
   * per-transaction memory limit and an instruction limit. stellar-core's apply gives the
   * transaction's declared instructions (`instructions`) and shadow limits equal to the limits
   * (soroban_proto_any.rs, `Budget::try_from_configs`); simulation gives the network's
   * txMaxInstructions (the default) and `SIMULATION_SHADOW_FACTORS`.
   */
  static fromSettings(
    settings: Pick<NetworkSettings, 'compute' | 'costParams'>,
    options: FromSettingsOptions = {},
  ): Budget {
    const cpu = options.instructions ?? settings.compute.txMaxInstructions;
    const mem = BigInt(settings.compute.txMemoryLimit);
    const factors = options.shadowFactors ?? { cpu: 1n, mem: 1n };
    return new Budget(settings.costParams, {
      cpu,
      mem,
      shadowCpu: saturatingMulU64(cpu, factors.cpu),
      shadowMem: saturatingMulU64(mem, factors.mem),
    });
  }

  /**
   * One charge of a cost type (its XDR name, e.g. 'ComputeSha256Hash'; an unknown name is the host's
   * `(Budget, InternalError)`), with its input for a linear type, none for a constant one.
   */
  charge(type: CostType | string, input?: bigint): void {
    this.chargeBulk(type, 1n, input);
  }

  /** `iterations` identical charges at once (`bulk_charge`): e.g. wasmi fuel, HMAC's two hashes. */
  chargeBulk(type: CostType | string, iterations: bigint, input?: bigint): void {
    const index = this.indexOf(type);
    checkU64(iterations, 'iterations');
    if (input !== undefined) checkU64(input, 'input');
    const tally = this.tallies[index] as MutableTally;
    if (!this.shadow) {
      this.charges += 1;
      tally.iterations = saturatingAddU64(tally.iterations, iterations);
      if ((tally.input === undefined) !== (input === undefined)) {
        throw new HostError(
          'Budget',
          'InternalError',
          `${type} charged ${input === undefined ? 'without' : 'with'} an input`,
        );
      }
      if (tally.input !== undefined && input !== undefined) {
        tally.input = saturatingAddU64(tally.input, saturatingMulU64(input, iterations));
      }
    }
    const cpuCharged = this.cpu.charge(index, iterations, input, this.shadow);
    if (!this.shadow) tally.cpu = saturatingAddU64(tally.cpu, cpuCharged);
    this.cpu.checkLimit(this.shadow);
    const memCharged = this.mem.charge(index, iterations, input, this.shadow);
    if (!this.shadow) tally.mem = saturatingAddU64(tally.mem, memCharged);
    this.mem.checkLimit(this.shadow);
  }

  /** What one charge would cost in memory, without charging it (`get_memory_cost`). */
  memoryCost(type: CostType, input?: bigint): bigint {
    return this.mem.cost(this.indexOf(type), 1n, input);
  }

  /** The CPU and memory models of a cost type. */
  model(type: CostType): { readonly cpu: LinearModel; readonly mem: LinearModel } {
    const index = this.indexOf(type);
    return { cpu: this.cpu.model(index), mem: this.mem.model(index) };
  }

  tally(type: CostType): CostTally {
    return { ...(this.tallies[this.indexOf(type)] as MutableTally) };
  }

  get cpuUsed(): bigint {
    return this.cpu.total;
  }
  get memUsed(): bigint {
    return this.mem.total;
  }
  get cpuLimit(): bigint {
    return this.cpu.limit;
  }
  get memLimit(): bigint {
    return this.mem.limit;
  }
  get cpuRemaining(): bigint {
    return this.cpu.remaining;
  }
  get memRemaining(): bigint {
    return this.mem.remaining;
  }
  get shadowCpuUsed(): bigint {
    return this.cpu.shadowTotal;
  }
  get shadowMemUsed(): bigint {
    return this.mem.shadowTotal;
  }
  /** How many charges were made outside shadow mode (the host's `meter_count`). */
  get meterCount(): number {
    return this.charges;
  }
  get inShadowMode(): boolean {
    return this.shadow;
  }

  /**
   * Runs `work` with its charges going to the shadow budget, swallowing any error it raises (its
   * effects must not be observable), and skips it when the shadow budget is already spent.
   */
  withShadowMode(work: () => void): void {
    try {
      this.withObservableShadowMode(work);
    } catch {
      // Unobservable by design: the host drops errors of shadow-mode work.
    }
  }

  /**
   * Shadow mode that returns `work`'s result and lets its errors (and a spent shadow budget)
   * through: the host's test/recording-only `with_observable_shadow_mode`.
   */
  withObservableShadowMode<T>(work: () => T): T {
    const previous = this.shadow;
    this.shadow = true;
    try {
      this.cpu.checkLimit(true);
      this.mem.checkLimit(true);
      return work();
    } finally {
      this.shadow = previous;
    }
  }

  /**
   * Runs one level of a recursion the host bounds (conversions, comparisons, clones of nested
   * values): `(Context, ExceededLimit)` past DEFAULT_HOST_DEPTH_LIMIT levels (budget/limits.rs,
   * `DepthLimiter::with_limited_depth`).
   */
  withLimitedDepth<T>(work: () => T): T {
    if (this.depthLeft === 0) throw new HostError('Context', 'ExceededLimit', 'host depth limit');
    this.depthLeft -= 1;
    try {
      return work();
    } finally {
      this.depthLeft += 1;
    }
  }

  private indexOf(type: string): number {
    const index = costTypeIndex(type);
    if (index === undefined) throw new HostError('Budget', 'InternalError', `unknown cost type ${type}`);
    return index;
  }
}
