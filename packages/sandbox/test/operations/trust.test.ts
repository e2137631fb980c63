// change_trust (assets and pool shares), set_trust_line_flags and allow_trust: result codes,
// the flags a new line starts with, and the reserve a line takes.
import { Asset, Keypair, LiquidityPoolAsset, Operation, type xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { poolIdOf, readLiquidityPool } from '../../src/core/entries/liquidity-pool.js';
import { liquidityPoolKey } from '../../src/core/keys.js';
import { Harness, type Outcome } from '../harness.js';

const [alice, issuer] = [Keypair.random(), Keypair.random()];
const usd = new Asset('USD', issuer.publicKey());
let h: Harness;

beforeEach(() => {
  h = Harness.funded('100', alice, issuer);
});

const trust = (who: Keypair, asset: Asset | LiquidityPoolAsset, limit?: string) =>
  h.outcome(h.tx(who, [Operation.changeTrust({ asset, limit })]));
const issuerSets = (flags: number) =>
  h.outcome(h.tx(issuer, [Operation.setOptions({ setFlags: flags as 1 })]));

describe('change_trust', () => {
  it('a new line takes a reserve and starts authorized unless the issuer requires authorization', () => {
    expect(trust(alice, usd).ops).toEqual(['changeTrustSuccess']);
    const line = h.trustLine(alice, usd);
    expect([line?.flags, line?.limit, h.account(alice)?.numSubEntries]).toEqual([1, 0x7fffffffffffffffn, 1]);
    issuerSets(0xa); // revocable + clawback enabled
    const eur = new Asset('EUR', issuer.publicKey());
    trust(alice, eur);
    expect(h.trustLine(alice, eur)?.flags).toBe(1 | 4);
  });

  it('changes the limit, and removes the line with limit 0', () => {
    trust(alice, usd);
    expect(trust(alice, usd, '500').ops).toEqual(['changeTrustSuccess']);
    expect(h.trustLine(alice, usd)?.limit).toBe(5_000_000_000n);
    expect(trust(alice, usd, '0').ops).toEqual(['changeTrustSuccess']);
    expect(h.trustLine(alice, usd)).toBeUndefined();
    expect(h.account(alice)?.numSubEntries).toBe(0);
  });

  const failures = [
    {
      name: 'limit 0 for a new line',
      run: () => trust(alice, usd, '0'),
      where: 'ledger',
      op: 'changeTrustInvalidLimit',
    },
    {
      name: 'a limit below the balance',
      run: () => {
        trust(alice, usd);
        h.outcome(
          h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '10' })]),
        );
        return trust(alice, usd, '5');
      },
      where: 'ledger',
      op: 'changeTrustInvalidLimit',
    },
    {
      name: 'an issuer that does not exist',
      run: () => trust(alice, new Asset('XYZ', Keypair.random().publicKey())),
      where: 'ledger',
      op: 'changeTrustNoIssuer',
    },
    {
      name: 'the issuer trusting its own asset',
      run: () => trust(issuer, usd),
      where: 'rejected',
      op: 'changeTrustMalformed',
    },
    {
      name: 'no reserve left for the line',
      run: () => {
        const poor = Keypair.random();
        h.fund('1', poor);
        return h.outcome(
          h.feeBump(issuer, h.tx(poor, [Operation.changeTrust({ asset: usd })], { fee: 100 }), 200),
        );
      },
      where: 'ledger',
      op: 'changeTrustLowReserve',
    },
  ] as const;

  it.each(failures)('$name: $op', (c) => {
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual([c.where, [c.op]]);
  });

  it('a pool-share line needs lines to both assets, creates the pool and counts its use', () => {
    const eur = new Asset('EUR', issuer.publicKey());
    const pool = new LiquidityPoolAsset(eur, usd, 30);
    expect(trust(alice, pool).ops).toEqual(['changeTrustTrustLineMissing']);
    trust(alice, usd);
    trust(alice, eur);
    expect(trust(alice, pool).ops).toEqual(['changeTrustSuccess']);
    const poolId = poolIdOf(pool.toXdrObject().value as xdr.LiquidityPoolParameters);
    const entry = h.ledger.entry(liquidityPoolKey(poolId));
    expect(entry && readLiquidityPool(entry).poolSharesTrustLineCount).toBe(1n);
    expect(h.trustLine(alice, usd)?.liquidityPoolUseCount).toBe(1);
    expect(h.account(alice)?.numSubEntries).toBe(4); // two asset lines, the share line counts twice
    expect(trust(alice, usd, '0').ops).toEqual(['changeTrustCannotDelete']);
    expect(h.outcome(h.tx(alice, [Operation.changeTrust({ asset: pool, limit: '0' })])).ops).toEqual([
      'changeTrustSuccess',
    ]);
    expect(h.ledger.entry(liquidityPoolKey(poolId))).toBeUndefined();
    expect(h.trustLine(alice, usd)?.liquidityPoolUseCount).toBe(0);
  });
});

describe('set_trust_line_flags and allow_trust', () => {
  const setFlags = (flags: Parameters<typeof Operation.setTrustLineFlags>[0]['flags'], trustor = alice) =>
    h.outcome(
      h.tx(issuer, [Operation.setTrustLineFlags({ trustor: trustor.publicKey(), asset: usd, flags })]),
    );
  const allow = (authorize: boolean | 0 | 1 | 2) =>
    h.outcome(
      h.tx(issuer, [Operation.allowTrust({ trustor: alice.publicKey(), assetCode: 'USD', authorize })]),
    );

  const cases: {
    name: string;
    issuerFlags?: number;
    line?: boolean;
    run: () => Outcome;
    op: string;
    flags?: number;
  }[] = [
    {
      name: 'authorizes a line',
      issuerFlags: 1,
      line: true,
      run: () => setFlags({ authorized: true }),
      op: 'setTrustLineFlagsSuccess',
      flags: 1,
    },
    {
      name: 'no line',
      issuerFlags: 3,
      run: () => setFlags({ authorized: true }),
      op: 'setTrustLineFlagsNoTrustLine',
    },
    {
      name: 'revoking without AUTH_REVOCABLE',
      line: true,
      run: () => setFlags({ authorized: false }),
      op: 'setTrustLineFlagsCantRevoke',
      flags: 1,
    },
    {
      name: 'both authorization flags at once',
      issuerFlags: 2,
      line: true,
      run: () => setFlags({ authorizedToMaintainLiabilities: true }),
      op: 'setTrustLineFlagsInvalidState',
      flags: 1,
    },
    {
      name: 'to maintain liabilities only',
      issuerFlags: 2,
      line: true,
      run: () => setFlags({ authorized: false, authorizedToMaintainLiabilities: true }),
      op: 'setTrustLineFlagsSuccess',
      flags: 2,
    },
    {
      name: 'allow_trust authorizes',
      issuerFlags: 1,
      line: true,
      run: () => allow(true),
      op: 'allowTrustSuccess',
      flags: 1,
    },
    {
      name: 'allow_trust cannot revoke without AUTH_REVOCABLE',
      line: true,
      run: () => allow(false),
      op: 'allowTrustCantRevoke',
      flags: 1,
    },
    {
      name: 'allow_trust with no line',
      issuerFlags: 3,
      run: () => allow(true),
      op: 'allowTrustNoTrustLine',
    },
  ];

  it.each(cases)('$name: $op', (c) => {
    if (c.issuerFlags) issuerSets(c.issuerFlags);
    if (c.line) trust(alice, usd);
    const outcome = c.run();
    expect([outcome.where, outcome.ops]).toEqual(['ledger', [c.op]]);
    if (c.flags !== undefined) expect(h.trustLine(alice, usd)?.flags).toBe(c.flags);
  });

  it('an operation from a non-issuer is malformed when submitted', () => {
    trust(alice, usd);
    const outcome = h.outcome(
      h.tx(alice, [
        Operation.setTrustLineFlags({ trustor: issuer.publicKey(), asset: usd, flags: { authorized: true } }),
      ]),
    );
    expect([outcome.where, outcome.code, outcome.ops]).toEqual([
      'rejected',
      'txFailed',
      ['setTrustLineFlagsMalformed'],
    ]);
  });
});
