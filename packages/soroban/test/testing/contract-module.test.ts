// The pieces of a hand-written contract: WebAssembly reads the custom sections back, and the
// imports name the host's one-letter modules and exports.
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  customSection,
  envMetaSection,
  hostImports,
  specSection,
} from '../../src/testing/contract-module.js';

/** The smallest module: the magic number and version 1. */
const EMPTY_MODULE = Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const sections = (module: Uint8Array, name: string) =>
  WebAssembly.Module.customSections(new WebAssembly.Module(new Uint8Array(module)), name).map((s) =>
    Buffer.from(s),
  );

describe('contract module pieces', () => {
  it.each([
    { given: 'a short name and no data', name: 'x', data: new Uint8Array(0) },
    {
      given: 'data longer than 127 bytes (a two-byte length)',
      name: 'contractspecv0',
      data: new Uint8Array(300).fill(7),
    },
  ])('customSection: $given reads back', ({ name, data }) => {
    const module = Buffer.concat([EMPTY_MODULE, customSection(name, data)]);
    expect(sections(module, name)).toEqual([Buffer.from(data)]);
  });

  it('envMetaSection carries the protocol as the XDR the host reads', () => {
    const [meta] = sections(Buffer.concat([EMPTY_MODULE, envMetaSection(22)]), 'contractenvmetav0');
    const entry = xdr.ScEnvMetaEntry.fromXDR(meta as Buffer);
    expect(entry.interfaceVersion.protocol).toBe(22);
    expect(entry.interfaceVersion.preRelease).toBe(0);
  });

  it('specSection holds the entries one after another', () => {
    const fn = xdr.ScSpecEntry.scSpecEntryFunctionV0(
      new xdr.ScSpecFunctionV0({
        doc: '',
        name: 'hello',
        inputs: [],
        outputs: [xdr.ScSpecTypeDef.scSpecTypeU32()],
      }),
    );
    const [spec] = sections(Buffer.concat([EMPTY_MODULE, specSection([fn, fn])]), 'contractspecv0');
    expect(spec).toEqual(Buffer.concat([fn.toXDR(), fn.toXDR()]));
  });

  it.each([
    {
      given: 'put_contract_data',
      want: '(import "l" "_" (func $put_contract_data (param i64 i64 i64) (result i64)))',
    },
    { given: 'vec_new', want: '(import "v" "_" (func $vec_new (param) (result i64)))' },
  ])('hostImports: $given', ({ given, want }) => {
    expect(hostImports([given])).toBe(want);
  });

  it('hostImports refuses a name the host does not have', () => {
    expect(() => hostImports(['no_such_function'])).toThrow('no host function no_such_function');
  });
});
