/**
 * simulateTransaction (stellar-rpc `methods/simulate_transaction.go`, its preflight in
 * `lib/preflight/src/shared.rs`): the envelope's one Soroban operation simulated by
 * @starspec/soroban against the latest closed ledger. The host is loaded on the first request
 * that gets as far as simulating, so a sandbox that never simulates never loads it. Failures are
 * the result's `error`, as the server answers them; only params the contract refuses are
 * JSON-RPC errors.
 */
import { randomBytes } from 'node:crypto';
import type { SimulateTransactionParams, SimulateTransactionResult } from '@starspec/ledger-rpc';
import type { RecordingAuthMode } from '@starspec/soroban';
import { loadSorobanHost, type SorobanHost } from '../soroban/host.js';
import { formatError, internalError, ledgerRange, type RpcContext } from './common.js';
import { hostErrorText } from './host-error-text.js';
import { type SimulationOutcome, simulationAnswer } from './simulate-answer.js';
import { readSimulationRequest, type SimulationRequest } from './simulate-request.js';
import { ledgerSnapshot, networkSettings, simulationLedger } from './soroban-state.js';
import { inXdrFormat } from './xdr-json.js';

/** The host, loaded once for the whole sandbox; a load that fails is tried again on the next request. */
function loadHost(): Promise<SorobanHost> {
  return loadSorobanHost().catch((error: unknown) => {
    throw internalError(`contract execution is not available: ${(error as Error).message ?? error}`);
  });
}

const U32_MAX = 0xffff_ffff;

/** preflight_invoke_hf_op: the leeway raises the instructions' additive margin, never lowers it. */
function adjustmentWith(soroban: SorobanHost, leeway: number) {
  const { DEFAULT_ADJUSTMENT } = soroban;
  const additive = Math.max(DEFAULT_ADJUSTMENT.instructions.additive, leeway);
  return { ...DEFAULT_ADJUSTMENT, instructions: { ...DEFAULT_ADJUSTMENT.instructions, additive } };
}

function recordingMode(request: Extract<SimulationRequest, { type: 'invoke' }>): RecordingAuthMode {
  if (request.authMode === 'enforce') return { mode: 'enforce', entries: request.op.auth };
  return { mode: 'record', disableNonRootAuth: request.authMode === 'record' };
}

function simulate(
  soroban: SorobanHost,
  context: RpcContext,
  request: SimulationRequest,
  params: SimulateTransactionParams,
): { latestLedger: number; outcome: SimulationOutcome } {
  const { network } = context;
  const { latest } = ledgerRange(context);
  const latestLedger = latest.sequence;
  const settings = networkSettings(network);
  const ledger = simulationLedger(network, latest, settings);
  const base = {
    ledger,
    settings,
    snapshot: ledgerSnapshot(network),
    modules: network.ledger.sorobanModules(soroban),
  };
  if (request.type === 'extend' || request.type === 'restore') {
    const result =
      request.type === 'extend'
        ? soroban.simulateExtendTtl({ ...base, keys: request.keys, extendTo: request.extendTo })
        : soroban.simulateRestore({ ...base, keys: request.keys });
    return { latestLedger, outcome: result.ok ? result : { error: result.error } };
  }
  const leeway = params.resourceConfig?.instructionLeeway ?? 0;
  // u32::try_from(instruction_leeway) in the preflight, written as Rust prints its error.
  if (leeway > U32_MAX)
    return { latestLedger, outcome: { error: 'out of range integral type conversion attempted' } };
  const result = soroban.simulateHostFunction({
    ...base,
    hostFunction: request.op.hostFunction,
    sourceAccount: request.sourceAccount,
    authMode: recordingMode(request),
    adjustment: adjustmentWith(soroban, leeway),
    // stellar-rpc seeds each simulation's PRNG with fresh random bytes.
    prngSeed: randomBytes(32),
  });
  if (!result.ok) {
    return {
      latestLedger,
      outcome: { error: hostErrorText(result.error.short, result.events), events: result.events },
    };
  }
  return { latestLedger, outcome: result };
}

export async function simulateTransaction(
  context: RpcContext,
  params: SimulateTransactionParams,
): Promise<SimulateTransactionResult> {
  // A bad format is the first error, in the result; json changes nothing in an error answer.
  const formatProblem = formatError(params.xdrFormat);
  if (formatProblem) return { latestLedger: 0, error: formatProblem };
  const request = readSimulationRequest(params);
  if ('error' in request) return { latestLedger: 0, error: request.error };
  const soroban = await loadHost();
  // Everything after the loads runs synchronously: one closed ledger's state, whatever closes next.
  return inXdrFormat(params.xdrFormat, (toJson) => {
    const { latestLedger, outcome } = simulate(soroban, context, request, params);
    return simulationAnswer(outcome, latestLedger, toJson);
  });
}
