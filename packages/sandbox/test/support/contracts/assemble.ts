/**
 * Assembles a contract from WAT with wabt: the host functions it names are imported by their
 * short module/export names from the host's interface table, and the module gets the custom
 * sections a contract built by the Rust SDK carries (`contractenvmetav0`, `contractspecv0`).
 */
import { envMetaSection, specSection } from '@starspec/soroban';
import wabtInit from 'wabt';
import { type ContractSpec, specEntries } from './spec.js';

export { hostImports } from '@starspec/soroban';

const wabt = await wabtInit();

/** The protocol the contracts declare in their env meta (the sandbox's). */
export const CONTRACT_PROTOCOL = 23;

/** The contract's WASM: the assembled module, then its env meta and interface sections. */
export function assemble(
  name: string,
  wat: string,
  spec: ContractSpec,
  protocol = CONTRACT_PROTOCOL,
): Buffer {
  const module = wabt.parseWat(`${name}.wat`, wat, { mutable_globals: true, sign_extension: true });
  try {
    module.validate();
    return Buffer.concat([
      Buffer.from(module.toBinary({}).buffer),
      envMetaSection(protocol),
      specSection(specEntries(spec)),
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
