/**
 * The JSON-RPC face's listener, in a module of its own so that it (the contract's validators,
 * about 200 kB of generated code, and the dispatcher) is loaded by `import()` when the sandbox
 * listens, not before: see lazy-rpc.ts.
 */
export { createRequestListener } from '@starspec/ledger-rpc';
