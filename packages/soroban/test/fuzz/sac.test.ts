/**
 * 1,500 fuzzed calls of the Stellar Asset Contract through TestEnv, in-process: its functions with
 * arguments mostly of their declared types (holders that are accounts with and without
 * trustlines, contracts, the issuer, edge amounts), now and then of any type or arity, random
 * and reserved function names, and one call in ten enforcing authorization with no entries.
 * Every call must return within its budget or end in a HostError that is not the host's own
 * InternalError.
 */
import { describe, expect, it } from 'vitest';
import { testVolume } from '../../../../scripts/test-volume.mjs';
import {
  contractId,
  defaultSac,
  keypair,
  putAccount,
  putTrustline,
  sacEnv,
  scAddress,
} from '../builtin/sac/support.js';
import { fuzzSeed } from '../support/scval-fuzz.js';
import { randomCall, SAC_FUNCTIONS } from './calls.js';
import { describeCall, FuzzLog } from './support.js';

const CALLS = testVolume(1_500);

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
    const holders = [issuer, trusted, limited, untrusted, contractId(11), contractId(12), sac.id].map(
      scAddress,
    );
    for (let i = 0; i < CALLS; i++) {
      const { fn, args } = randomCall(r, SAC_FUNCTIONS, holders);
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
