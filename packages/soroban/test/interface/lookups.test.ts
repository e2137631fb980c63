import { describe, expect, it } from 'vitest';
import {
  dispatchProtocolError,
  hostFunction,
  hostFunctionByName,
  importError,
  isImportKnown,
} from '../../src/interface/index.js';

describe('host interface lookups', () => {
  it('finds a function by its import name and by its name', () => {
    const fn = hostFunction('i', '_');
    expect(fn).toMatchObject({ module: 'int', name: 'obj_from_u64', returns: 'U64Object' });
    expect(fn?.args).toEqual([{ name: 'v', type: 'u64' }]);
    expect(hostFunctionByName('verify_sig_ecdsa_secp256r1')).toMatchObject({
      moduleLetter: 'c',
      export: '3',
      minProtocol: 21,
    });
    expect(hostFunctionByName('obj_from_i256_pieces')?.args.map((arg) => arg.type)).toEqual([
      'i64',
      'u64',
      'u64',
      'u64',
    ]);
    expect(hostFunction('i', 'zz')).toBeUndefined();
    expect(hostFunctionByName('nope')).toBeUndefined();
  });

  const imports = [
    { module: 'i', name: '_', protocol: 20, want: true },
    { module: 'c', name: '3', protocol: 20, want: false },
    { module: 'c', name: '3', protocol: 21, want: true },
    { module: 'b', name: 'n', protocol: 22, want: false },
    { module: 'b', name: 'n', protocol: 23, want: true },
    { module: 't', name: '_', protocol: 20, want: true },
    { module: 't', name: '0', protocol: 23, want: false },
    { module: 'i', name: 'H', protocol: 23, want: false },
    { module: 'q', name: '_', protocol: 23, want: false },
  ];
  it.each(imports)(
    'knows import ($module, $name) at protocol $protocol: $want',
    ({ module, name, protocol, want }) => {
      expect(isImportKnown(module, name, protocol)).toBe(want);
    },
  );

  const instantiation = [
    { module: 'i', name: '_', ledger: 20, contract: 20, want: undefined },
    { module: 'c', name: '3', ledger: 21, contract: 21, want: undefined },
    { module: 'c', name: '3', ledger: 21, contract: 20, want: 'Error(WasmVm, InvalidAction)' },
    { module: 'c', name: '3', ledger: 20, contract: 21, want: 'Error(WasmVm, InvalidAction)' },
    { module: 't', name: '0', ledger: 20, contract: 20, want: 'Error(WasmVm, InvalidAction)' },
    { module: 'i', name: 'H', ledger: 23, contract: 23, want: 'Error(WasmVm, InvalidAction)' },
  ];
  it.each(instantiation)(
    'instantiates an import of ($module, $name) at ledger $ledger, contract $contract: $want',
    ({ module, name, ledger, contract, want }) => {
      expect(importError(module, name, ledger, contract)?.short).toBe(want);
    },
  );

  const dispatch = [
    { name: 'bls12_381_g1_add', ledger: 21, want: 'Error(Context, IndexBounds)' },
    { name: 'bls12_381_g1_add', ledger: 22, want: undefined },
    { name: 'protocol_gated_dummy', ledger: 20, want: 'Error(Context, IndexBounds)' },
    { name: 'obj_cmp', ledger: 20, want: undefined },
  ];
  it.each(dispatch)('dispatches $name at ledger $ledger: $want', ({ name, ledger, want }) => {
    const fn = hostFunctionByName(name);
    if (!fn) throw new Error(`no ${name}`);
    expect(dispatchProtocolError(fn, ledger)?.short).toBe(want);
  });
});
