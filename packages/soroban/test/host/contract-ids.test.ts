/**
 * Where the host takes a contract id, as rs-soroban-env v23.0.0 takes it:
 * - the running contract's (`get_current_contract_id_internal`, frame.rs) is a metered clone: a
 *   MemCpy of 32 bytes each time it is asked for, whichever host function asks;
 * - an address argument's (`contract_id_from_address`, data_helper.rs) is the address cloned (a
 *   MemCpy of the ScAddress, 48), then refused as `Error(Object, InvalidInput)` "not a contract
 *   address" when it names an account: `call`, `try_call` and the `extend_*_ttl` functions alike.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { HostError } from '../../src/errors/host-error.js';
import { call } from '../../src/host/functions/call.js';
import { context } from '../../src/host/functions/context.js';
import { ledger } from '../../src/host/functions/ledger.js';
import type { Host } from '../../src/host/host.js';
import { fromU32, type Val } from '../../src/values/val.js';
import { addr, defaultSac, keypair, sacEnv } from '../builtin/sac/support.js';
import { inContract, tracedHost } from '../builtin/sac/traced-host.js';
import { type Charge, chargesOf } from '../support/charges.js';

type Fn = (...args: unknown[]) => Val;

function inSac<T>(body: (host: Host) => T): T {
  const env = sacEnv();
  const { sac } = defaultSac(env);
  const { host } = tracedHost(env);
  return inContract(host, Uint8Array.from(StrKey.decodeContract(sac.id)), () => body(host));
}

const CLONE_ID: Charge = ['MemCpy', 32n];

describe("the running contract's id", () => {
  it.each([
    {
      given: 'get_current_contract_address',
      run: (host: Host) => (context.get_current_contract_address as Fn)(host.context()),
      want: [CLONE_ID],
    },
    {
      given: 'extend_current_contract_instance_and_code_ttl (then the instance key: id copied, Rc made)',
      run: (host: Host) =>
        (ledger.extend_current_contract_instance_and_code_ttl as Fn)(host.context(), fromU32(1), fromU32(2)),
      want: [CLONE_ID, CLONE_ID, ['MemAlloc', 120n]],
    },
  ])('$given charges its clone first', ({ run, want }) => {
    const charges = inSac((host) => chargesOf(host, () => run(host)));
    expect(charges.slice(0, want.length).filter(([type]) => type !== 'VisitObject')).toEqual(want);
  });

  it('is a metered clone each time it is asked for', () => {
    const charges = inSac((host) =>
      chargesOf(host, () => {
        host.currentContractId();
        host.currentContractId();
      }),
    );
    expect(charges).toEqual([CLONE_ID, CLONE_ID]);
  });

  it('outside a contract is the host internal error, and charges nothing', () => {
    const env = sacEnv();
    const { host } = tracedHost(env);
    const charges = chargesOf(host, () => expect(() => host.currentContractId()).toThrow(HostError));
    expect(charges).toEqual([]);
  });
});

describe('a contract id from an address argument', () => {
  const ACCOUNT = addr(keypair(3));
  const refusal = (run: (host: Host, account: Val) => unknown) =>
    inSac((host) => {
      const account = host.converter.toVal(ACCOUNT);
      const charges: Charge[] = [];
      let error: unknown;
      charges.push(
        ...chargesOf(host, () => {
          try {
            run(host, account);
          } catch (caught) {
            error = caught;
          }
        }),
      );
      return { error, charges };
    });
  const symbol = (host: Host) => host.converter.toVal(xdr.ScVal.scvSymbol('balance'));
  const noArgs = (host: Host) => host.objects.add({ kind: 'Vec', value: [] });

  it.each([
    { given: 'call', run: (h: Host, a: Val) => (call.call as Fn)(h.context(), a, symbol(h), noArgs(h)) },
    {
      given: 'try_call',
      run: (h: Host, a: Val) => (call.try_call as Fn)(h.context(), a, symbol(h), noArgs(h)),
    },
    {
      given: 'extend_contract_instance_ttl',
      run: (h: Host, a: Val) =>
        (ledger.extend_contract_instance_ttl as Fn)(h.context(), a, fromU32(1), fromU32(2)),
    },
    {
      given: 'extend_contract_code_ttl',
      run: (h: Host, a: Val) =>
        (ledger.extend_contract_code_ttl as Fn)(h.context(), a, fromU32(1), fromU32(2)),
    },
  ])('$given refuses an account address as Error(Object, InvalidInput), after cloning it', ({ run }) => {
    const { error, charges } = refusal(run);
    expect(error).toBeInstanceOf(HostError);
    expect((error as HostError).message).toBe('Error(Object, InvalidInput): not a contract address');
    expect(charges.at(-1)).toEqual(['MemCpy', 48n]);
  });
});
