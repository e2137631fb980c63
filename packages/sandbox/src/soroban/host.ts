/**
 * The Soroban host, loaded on the first Soroban transaction rather than at start: the sandbox
 * starts in well under a second without it, and a network that never runs a contract never
 * loads it. Submission starts the load (a dynamic import); a ledger applies Soroban transactions
 * once it is done, leaving them queued until then.
 */
type SorobanModule = typeof import('@starspec/soroban');

export type SorobanHost = Pick<SorobanModule, 'applyHostFunction' | 'applyExtendTtl' | 'applyRestore'>;

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
