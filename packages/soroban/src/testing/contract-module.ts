/**
 * What a contract written by hand (in WAT, for a test) needs besides its code: host functions
 * imported by the one-letter module and export names of the host interface, and the custom
 * sections a contract built by the Rust SDK carries (`contractenvmetav0`, `contractspecv0`).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { hostFunctionByName } from '../interface/index.js';

/** `(import "l" "_" (func $put_contract_data (param i64 i64 i64) (result i64)))`, one per host function named. */
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

/** A WASM custom section (id 0): its name, then its bytes. */
export function customSection(name: string, data: Uint8Array): Uint8Array {
  const nameBytes = Buffer.from(name);
  const content = Buffer.concat([Buffer.from(uleb(nameBytes.length)), nameBytes, data]);
  return Buffer.concat([Buffer.from([0, ...uleb(content.length)]), content]);
}

/** The `contractenvmetav0` section: the protocol the contract was built for. */
export function envMetaSection(protocol: number, preRelease = 0): Uint8Array {
  const entry = xdr.ScEnvMetaEntry.scEnvMetaKindInterfaceVersion(
    new xdr.ScEnvMetaEntryInterfaceVersion({ protocol, preRelease }),
  );
  return customSection('contractenvmetav0', entry.toXDR());
}

/** The `contractspecv0` section: the contract's interface, as the SDK's `contract.Spec` reads it. */
export function specSection(entries: readonly xdr.ScSpecEntry[]): Uint8Array {
  return customSection('contractspecv0', Buffer.concat(entries.map((entry) => entry.toXDR())));
}
