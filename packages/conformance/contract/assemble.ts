/**
 * Assembles the probe contract from WAT with wabt: host functions imported by their one-letter
 * module and export names from the host interface table (`soroban-env-common/env.json`, as
 * @starspec/soroban carries it), and the `contractenvmetav0` section every contract carries.
 */
import { envMetaSection } from '@starspec/soroban';
import wabtInit from 'wabt';

export { hostImports } from '@starspec/soroban';

/**
 * The protocol the contract declares: 20, the first with Soroban. It imports only functions of
 * protocol 20, so a network of any later protocol runs it (`env-meta`: an older contract is
 * accepted when its pre-release number is 0).
 */
const CONTRACT_PROTOCOL = 20;

/** The module's bytes, then its env meta section. */
export async function assemble(name: string, wat: string): Promise<Buffer> {
  const wabt = await wabtInit();
  const module = wabt.parseWat(`${name}.wat`, wat);
  try {
    module.validate();
    return Buffer.concat([Buffer.from(module.toBinary({}).buffer), envMetaSection(CONTRACT_PROTOCOL)]);
  } finally {
    module.destroy();
  }
}
