/**
 * The contract the suite deploys to judge simulation and Soroban calls (with --allow-submit): its
 * WASM (`probe-wasm.ts`, generated from `contract/probe.ts` by `test/ledger-rpc/probe-wasm.test.ts`)
 * and the names its source and the checks share.
 *
 *   hello(to: Symbol) -> Vec<Symbol>   ["Hello", to]: a read call
 *   inc(by: Address) -> u32            by.require_auth(); COUNT + 1 in persistent storage, with an
 *                                      event of topics ["count", by] and the new count as data
 *
 * It exports nothing else: calling `absent` is the failing call.
 */
export const PROBE = {
  readFunction: 'hello',
  greeting: 'Hello',
  writeFunction: 'inc',
  /** The persistent key the count is stored under. */
  countKey: 'COUNT',
  /** The first topic of the event `inc` publishes. */
  eventTopic: 'count',
  missingFunction: 'absent',
} as const;

export { PROBE_WASM_BASE64 } from './probe-wasm.js';
