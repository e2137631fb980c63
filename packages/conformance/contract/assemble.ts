/**
 * Assembles the probe contract from WAT with wabt: host functions imported by their one-letter
 * module and export names from the host interface table (`soroban-env-common/env.json`, as
 * @starspec/soroban carries it), and the `contractenvmetav0` section every contract carries.
 */
import { hostFunctionByName } from '@starspec/soroban';
import { xdr } from '@stellar/stellar-sdk';
import wabtInit from 'wabt';

/**
 * The protocol the contract declares: 20, the first with Soroban. It imports only functions of
 * protocol 20, so a network of any later protocol runs it (`env-meta`: an older contract is
 * accepted when its pre-release number is 0).
 */
const CONTRACT_PROTOCOL = 20;

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

/** The module's bytes, then its env meta section. */
export async function assemble(name: string, wat: string): Promise<Buffer> {
  const wabt = await wabtInit();
  const module = wabt.parseWat(`${name}.wat`, wat);
  try {
    module.validate();
    const meta = xdr.ScEnvMetaEntry.scEnvMetaKindInterfaceVersion(
      new xdr.ScEnvMetaEntryInterfaceVersion({ protocol: CONTRACT_PROTOCOL, preRelease: 0 }),
    ).toXDR();
    return Buffer.concat([Buffer.from(module.toBinary({}).buffer), customSection('contractenvmetav0', meta)]);
  } finally {
    module.destroy();
  }
}
