/**
 * A contract declaring a protocol newer than the ledger's is refused, as the Rust host's
 * vm/parsed_module.rs check_contract_interface_version refuses it; at a ledger of that protocol
 * (up to 28, the newest the host runs) it uploads and runs.
 */
import { Keypair, Operation, xdr } from '@stellar/stellar-sdk/base';
import { beforeAll, describe, expect, it } from 'vitest';
import { Harness } from '../harness.js';
import { counterWasm } from '../support/contracts/index.js';
import { deploy, invokeTx, simulate, sorobanTx, uploadFunction } from './support.js';

/** The counter with its env meta saying `protocol` (the 12 bytes of its ScEnvMetaEntry rewritten). */
function declaring(protocol: number): Buffer {
  const wasm = Buffer.from(counterWasm());
  const meta = (p: number) =>
    xdr.ScEnvMetaEntry.scEnvMetaKindInterfaceVersion(
      new xdr.ScEnvMetaEntryInterfaceVersion({ protocol: p, preRelease: 0 }),
    ).toXDR();
  const at = wasm.indexOf(meta(23));
  if (at < 0) throw new Error('no env meta entry');
  Buffer.from(meta(protocol)).copy(wasm, at);
  return wasm;
}

describe('the protocol a contract declares', () => {
  const alice = Keypair.random();
  let h27: Harness;
  let h28: Harness;

  beforeAll(async () => {
    h27 = Harness.funded('1000', alice);
    h28 = new Harness({ protocol: 28 });
    h28.fund('1000', alice);
    await Promise.all([h27.ledger.sorobanReady(), h28.ledger.sorobanReady()]);
  });

  it('may be the ledger’s or older', () => {
    expect(h27.ledger.latestHeader().header.ledgerVersion).toBe(27);
    expect(() => deploy(h27, alice, declaring(27))).not.toThrow();
    expect(() => deploy(h28, alice, declaring(28))).not.toThrow();
  });

  it('is refused when newer than the ledger’s, in simulation and at apply', () => {
    expect(() => simulate(h27, alice, uploadFunction(declaring(28)))).toThrow(
      /protocol number is newer than host/,
    );
    // The resources of the same upload declaring 26 (same size), the function swapped for 28's.
    const { simulated } = invokeTx(h27, alice, uploadFunction(declaring(26)));
    const op = Operation.invokeHostFunction({ func: uploadFunction(declaring(28)), auth: [] });
    const outcome = h27.outcome(sorobanTx(h27, alice, op, simulated.transactionData));
    expect(outcome.ops).toEqual(['invokeHostFunctionTrapped']);
  });
});
