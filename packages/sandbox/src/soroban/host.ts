/**
 * The Soroban host, loaded on the first Soroban transaction or simulation rather than at start:
 * the sandbox starts in well under a second without it, and a network that never runs a contract
 * never loads it. Submission starts the load (a dynamic import); a ledger applies Soroban transactions
 * once it is done, leaving them queued until then.
 */
/** The whole package: apply for the core, simulate for the JSON-RPC face. */
export type SorobanHost = typeof import('@starspec/soroban');

let loading: Promise<SorobanHost> | undefined;

/** Starts loading the host (once; again after a failed load) and resolves with it. */
export function loadSorobanHost(): Promise<SorobanHost> {
  loading ??= import('@starspec/soroban').then(
    (module) => module,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
