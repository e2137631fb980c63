/**
 * Matching an authorized function against another (auth.rs `Compare<AuthorizedFunction>`): two
 * contract creations compare as one fixed-size `CreateContractArgsV2` (a MemCmp of its declared
 * 144 bytes); a creation against a contract call is unequal for free.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { type AuthorizedFunction, sameFunction } from '../../src/host/auth/invocation.js';
import { fromU32 } from '../../src/values/index.js';
import { defaultSac, sacEnv } from '../builtin/sac/support.js';
import { tracedHost } from '../builtin/sac/traced-host.js';
import { chargesOf } from '../support/charges.js';

const creation = (salt: number): AuthorizedFunction => ({
  kind: 'create',
  args: new xdr.CreateContractArgsV2({
    contractIdPreimage: xdr.ContractIdPreimage.contractIdPreimageFromAddress(
      new xdr.ContractIdPreimageFromAddress({
        address: xdr.ScAddress.scAddressTypeContract(new xdr.ContractId(Buffer.alloc(32, 7))),
        salt: Buffer.alloc(32, salt),
      }),
    ),
    executable: xdr.ContractExecutable.contractExecutableWasm(Buffer.alloc(32, 1)),
    constructorArgs: [],
  }),
});

describe('matching an authorized function', () => {
  const env = sacEnv();
  defaultSac(env);
  const { host } = tracedHost(env);
  const call: AuthorizedFunction = { kind: 'contract', contract: fromU32(1), fnName: fromU32(2), args: [] };
  it.each([
    { given: 'the same creation', a: creation(1), b: creation(1), same: true, charges: [['MemCmp', 144n]] },
    { given: 'another creation', a: creation(1), b: creation(2), same: false, charges: [['MemCmp', 144n]] },
    { given: 'a creation and a contract call', a: creation(1), b: call, same: false, charges: [] },
  ])('$given', ({ a, b, same, charges }) => {
    let result: boolean | undefined;
    expect(chargesOf(host, () => (result = sameFunction(host, a, b)))).toEqual(charges);
    expect(result).toBe(same);
  });
});
