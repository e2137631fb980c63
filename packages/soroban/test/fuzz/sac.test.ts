/**
 * 1,500 fuzzed calls of the Stellar Asset Contract through TestEnv, in-process: its functions with
 * arguments mostly of their declared types (holders that are accounts with and without
 * trustlines, contracts, the issuer, edge amounts), now and then of any type or arity, random
 * and reserved function names, and one call in ten enforcing authorization with no entries.
 * Every call must return within its budget or end in a HostError that is not the host's own
 * InternalError.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { anyScVal } from '../support/scval-fuzz.js';
import { contractId, defaultSac, keypair, putAccount, putTrustline, sacEnv, scAddress } from '../builtin/sac/support.js';
import { describeCall, FuzzLog, fuzzSeed, ODD_FUNCTION_NAMES } from './support.js';
import { typedScVal } from './typed-values.js';

const CALLS = 1_500;

const T = {
  address: xdr.ScSpecTypeDef.scSpecTypeAddress(),
  i128: xdr.ScSpecTypeDef.scSpecTypeI128(),
  u32: xdr.ScSpecTypeDef.scSpecTypeU32(),
  bool: xdr.ScSpecTypeDef.scSpecTypeBool(),
  bytes: xdr.ScSpecTypeDef.scSpecTypeBytes(),
};

/** The SAC's functions and their argument types (soroban-env-host builtin_contracts/stellar_asset_contract/contract.rs). */
export const SAC_FUNCTIONS: Record<string, xdr.ScSpecTypeDef[]> = {
  init_asset: [T.bytes],
  allowance: [T.address, T.address],
  approve: [T.address, T.address, T.i128, T.u32],
  balance: [T.address],
  authorized: [T.address],
  transfer: [T.address, T.address, T.i128],
  transfer_from: [T.address, T.address, T.address, T.i128],
  burn: [T.address, T.i128],
  burn_from: [T.address, T.address, T.i128],
  clawback: [T.address, T.i128],
  set_authorized: [T.address, T.bool],
  mint: [T.address, T.i128],
  set_admin: [T.address],
  admin: [],
  decimals: [],
  name: [],
  symbol: [],
};

describe('fuzzed calls of the Stellar Asset Contract', () => {
  it(`${CALLS} calls end in a result or a HostError, within budget`, () => {
    const log = new FuzzLog(fuzzSeed(0x5ac));
    const { r } = log;
    const env = sacEnv();
    const { sac, asset, issuer } = defaultSac(env);
    const [trusted, limited, untrusted] = [keypair(2), keypair(3), keypair(4)];
    for (const holder of [trusted, limited, untrusted]) putAccount(env, holder, { balance: 100_000_000n });
    putTrustline(env, trusted, asset);
    putTrustline(env, limited, asset, { limit: 1_000n, flags: 0 });
    const holders = [issuer, trusted, limited, untrusted, contractId(11), contractId(12), sac.id].map(scAddress);
    const names = Object.keys(SAC_FUNCTIONS);
    for (let i = 0; i < CALLS; i++) {
      const fn = r.chance(0.9) ? r.pick(names) : r.pick(ODD_FUNCTION_NAMES);
      const types = SAC_FUNCTIONS[fn] ?? [];
      const arity = r.chance(0.85) ? types.length : r.int(types.length + 3);
      const args = Array.from({ length: arity }, (_, k) => {
        const type = types[k];
        return type && r.chance(0.95) ? typedScVal(r, type, holders) : anyScVal(r, r.int(4));
      });
      const auth = r.chance(0.1) ? [] : undefined;
      log.call(
        () => `call ${i}: ${describeCall('SAC', fn, args)}${auth ? ' enforcing, no auth' : ''}`,
        () => env.invoke(sac.id, fn, args, { auth }),
      );
    }
    console.log(log.report(`${CALLS} fuzzed calls of the Stellar Asset Contract`));
    expect(log.failures).toEqual([]);
  }, 1_200_000);
});
