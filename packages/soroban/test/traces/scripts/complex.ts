/**
 * Drive scripts for soroban-env-host/src/test/complex.rs at v23.0.0: `run_complex` records a
 * footprint on a recording host ("preflight"), then runs again on an enforcing host with only
 * that footprint and an empty storage map, where the contract may only write.
 */
import type { DriveScript } from '../script-types.js';
import { RECORDING, repeatByte, scriptsOf, sequence, sym, TEST_HOST, vec } from './build.js';

const COMPLEX = 'wasm/20/example_complex.wasm';
const LEDGER = { sequenceNumber: 1234, timestamp: 1234n, networkId: repeatByte(7, 32), baseReserve: 1 };

/** Register example_complex.wasm and call `go`: it reads the ledger info, emits an event and puts data. */
const registerAndGo = sequence((s) => {
  const id = s.register(COMPLEX);
  s.call('call', id, sym('go'), s.object(vec()));
});

const [runComplex1] = scriptsOf('complex', {
  run_complex_1: { setup: { ...RECORDING, ledger: LEDGER }, steps: registerAndGo },
}) as [DriveScript];

export default [
  runComplex1,
  ...scriptsOf('complex', {
    run_complex_2: { setup: { ...TEST_HOST, ledger: LEDGER, preflight: runComplex1 }, steps: registerAndGo },
  }),
].map((script) => ({ ...script, rust: 'complex.rs::run_complex' }));
