/**
 * The SAC's events by protocol (event.rs at v23.0.0, CAP-67, against v22.1.4's): from 23 mint,
 * clawback and set_authorized name no admin and a transfer from or to the issuer is a mint or a
 * burn; at 22 the admin is named and a transfer is a transfer. And an allowance's entry lives
 * until its ledger (one ledger longer at 22).
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import {
  addr,
  bool,
  defaultHolders,
  defaultSac,
  eventsOf,
  i128,
  keypair,
  sacEnv,
  scAddress,
  u32,
} from './support.js';

function setup(protocolVersion: number) {
  const env = sacEnv({ protocolVersion });
  const { sac, issuer, asset } = defaultSac(env);
  const user = keypair(2);
  defaultHolders(env, asset, [user]);
  return { env, sac, issuer, user, name: sac.call('name') as string };
}

describe('SAC events by protocol', () => {
  for (const protocol of [22, 23])
    it(`protocol ${protocol}: mint, clawback, set_authorized and a transfer from the issuer`, () => {
      const { sac, issuer, user, name } = setup(protocol);
      const [g, admin] = [user.publicKey(), issuer.publicKey()];
      const named = protocol < 23 ? [admin] : [];
      expect(eventsOf(sac.invoke('mint', addr(user), i128(10n)))).toEqual([
        [['mint', ...named, g, name], 10n],
      ]);
      expect(eventsOf(sac.invoke('clawback', addr(user), i128(1n)))).toEqual([
        [['clawback', ...named, g, name], 1n],
      ]);
      expect(eventsOf(sac.invoke('set_authorized', addr(user), bool(true)))).toEqual([
        [['set_authorized', ...named, g, name], true],
      ]);
      expect(eventsOf(sac.invoke('transfer', addr(issuer), addr(user), i128(5n)))).toEqual([
        protocol < 23 ? [['transfer', admin, g, name], 5n] : [['mint', g, name], 5n],
      ]);
      expect(eventsOf(sac.invoke('transfer', addr(user), addr(issuer), i128(5n)))).toEqual([
        protocol < 23 ? [['transfer', g, admin, name], 5n] : [['burn', g, name], 5n],
      ]);
      expect(eventsOf(sac.invoke('set_admin', addr(user)))).toEqual([[['set_admin', admin, name], g]]);
      expect(eventsOf(sac.invoke('approve', addr(user), addr(issuer), i128(7n), u32(200)))).toEqual([
        [
          ['approve', g, admin, name],
          [7n, 200],
        ],
      ]);
    });

  for (const [protocol, liveUntil] of [
    [22, 201],
    [23, 200],
  ] as const)
    it(`protocol ${protocol}: an allowance until ledger 200 lives until ${liveUntil}`, () => {
      const { env, sac, issuer, user } = setup(protocol);
      sac.call('approve', addr(user), addr(issuer), i128(7n), u32(200));
      const key = xdr.LedgerKey.contractData(
        new xdr.LedgerKeyContractData({
          contract: scAddress(sac.id),
          key: xdr.ScVal.scvVec([
            xdr.ScVal.scvSymbol('Allowance'),
            xdr.ScVal.scvMap([
              new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('from'), val: addr(user) }),
              new xdr.ScMapEntry({ key: xdr.ScVal.scvSymbol('spender'), val: addr(issuer) }),
            ]),
          ]),
          durability: xdr.ContractDataDurability.temporary,
        }),
      );
      expect(env.snapshot.get(key)?.liveUntil).toBe(liveUntil);
    });
});
