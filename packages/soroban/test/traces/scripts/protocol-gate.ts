/** Drive scripts for soroban-env-host/src/test/protocol_gate.rs at v23.0.0 (native-mode calls). */
import { RECORDING, RECORDING_DEBUG, scriptsOf, sequence } from './build.js';

/** The XDR of `ScEnvMetaEntry::InterfaceVersion { protocol, pre_release: 0 }`. */
const interfaceVersion = (protocol: number) => `00000000${protocol.toString(16).padStart(8, '0')}00000000`;

/**
 * `wasm_module_calling_protocol_gated_host_fn(protocol)` (testutils.rs) as soroban-synth-wasm's
 * ModEmitter emits it: the env meta custom section, a `() -> i64` type, the import `t.0`
 * (protocol_gated_dummy), one function calling it, exported as `test`.
 */
function moduleCallingProtocolGatedHostFn(protocol: number): string {
  const name = Buffer.from('contractenvmetav0').toString('hex');
  return [
    '0061736d01000000',
    `001e11${name}${interfaceVersion(protocol)}`,
    '0105016000017e',
    '020701017401300000',
    '03020100',
    '070801047465737400' + '01',
    '0a0801060100' + '7e10000b',
  ].join('');
}

export default scriptsOf('protocol_gate', {
  // `protocol_gated_dummy` exists at protocol 19 only: called natively at 18 and 20 it is refused
  // before it is traced.
  test_native_mode_calling_protocol_gated_host_fn: {
    setup: { ...RECORDING, diagnostics: true },
    steps: sequence((s) => {
      for (const protocol of [18, 19, 20]) {
        s.ledgerInfo(protocol);
        s.call('protocol_gated_dummy');
      }
    }),
  },
  // A module built for protocol 23 uploaded while the ledger is at 22: refused.
  wasm_protocol_greater_than_ledger_protocol_should_fail: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      s.ledgerProtocol(22);
      s.register('synthesized', moduleCallingProtocolGatedHostFn(23));
    }),
  },
  // The ledger one protocol past the host's env protocol: the upload parses the module, then
  // refuses the ledger (Context, InternalError).
  ledger_protocol_greater_than_env_protocol_should_fail: {
    setup: RECORDING_DEBUG,
    steps: sequence((s) => {
      s.ledgerProtocol(24);
      s.register('synthesized', moduleCallingProtocolGatedHostFn(23));
    }),
  },
  // The dispatch's runtime guardrail, with the linker's check bypassed: at 18 and 20 the call is
  // refused before it is traced or charged; at 19 it runs, charged the fuel burned before it.
  test_additional_protocol_guardrail_during_invocation: {
    setup: { ...RECORDING, diagnostics: true },
    steps: sequence((s) => {
      for (const protocol of [18, 19, 20]) {
        s.ledgerInfo(protocol);
        s.bareVm(moduleCallingProtocolGatedHostFn(protocol));
      }
    }),
  },
});
