/**
 * Soroban contracts written for the tests in WAT (no Rust toolchain, no shared test data), each
 * with the env meta and interface sections the SDK reads. `*Wasm()` answers the bytes (assembled
 * once); `*_SPEC` is the interface table the section is written from.
 */
export { AUTH_PAIR_SPEC, authPairWasm } from './auth-pair.js';
export { COUNTER_KEY, COUNTER_SPEC, counterWasm } from './counter.js';
export { DELEGATING_ACCOUNT_SPEC, DELEGATION_PROTOCOL, delegatingAccountWasm } from './delegating-account.js';
export { OWNED_SPEC, ownedWasm } from './owned.js';
export { MAX_TOKEN_AMOUNT, TOKEN_ERRORS, TOKEN_SPEC, tokenWasm } from './token.js';
