/**
 * Assembles a contract from WAT with wabt: the host functions it names are imported by their
 * short module/export names from the host's interface table, and the module gets the custom
 * sections a contract built by the Rust SDK carries (`contractenvmetav0`, `contractspecv0`).
 */
import { hostFunctionByName } from '@starspec/soroban';
import { xdr } from '@stellar/stellar-sdk';
import wabtInit from 'wabt';
import { type ContractSpec, specSection } from './spec.js';

const wabt = await wabtInit();

/** The protocol the contracts declare in their env meta (the sandbox's). */
export const CONTRACT_PROTOCOL = 23;

/** `(import "l" "_" (func $put_contract_data (param i64 i64 i64) (result i64)))`, one per name. */
export function hostImports(names: readonly string[]): string {
  return names
    .map((name) => {
      const fn = hostFunctionByName(name);
      if (!fn) throw new Error(`no host function ${name}`);
      const params = fn.args.map(() => ' i64').join('');
      return `(import "${fn.moduleLetter}" "${fn.export}" (func $${name} (param${params}) (result i64)))`;
    })
    .join('\n  ');
}

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function customSection(name: string, data: Uint8Array): Buffer {
  const nameBytes = Buffer.from(name);
  const content = Buffer.concat([Buffer.from(uleb(nameBytes.length)), nameBytes, data]);
  return Buffer.concat([Buffer.from([0, ...uleb(content.length)]), content]);
}

function envMeta(): Uint8Array {
  return xdr.ScEnvMetaEntry.scEnvMetaKindInterfaceVersion(
    new xdr.ScEnvMetaEntryInterfaceVersion({ protocol: CONTRACT_PROTOCOL, preRelease: 0 }),
  ).toXDR();
}

/** The contract's WASM: the assembled module, then its env meta and interface sections. */
export function assemble(name: string, wat: string, spec: ContractSpec): Buffer {
  const module = wabt.parseWat(`${name}.wat`, wat, { mutable_globals: true, sign_extension: true });
  try {
    module.validate();
    return Buffer.concat([
      Buffer.from(module.toBinary({}).buffer),
      customSection('contractenvmetav0', envMeta()),
      customSection('contractspecv0', specSection(spec)),
    ]);
  } finally {
    module.destroy();
  }
}

/** A contract's bytes, assembled once on first use. */
export function memoized(build: () => Buffer): () => Buffer {
  let wasm: Buffer | undefined;
  return () => {
    wasm ??= build();
    return wasm;
  };
}
