/**
 * Accounts: options, signers and data, trust line limits and authorization (a revocation that
 * redeems pool shares into claimable balances), sponsorships begun, revoked and left open, bumped
 * sequence numbers and merges. Failing ones: a missing data entry, an inflation destination that
 * does not exist, limits below the balance, an issuer that does not exist, sponsorship left open
 * (txBAD_SPONSORSHIP), revoking what the source does not sponsor, a bump rolled back with its
 * transaction, merges into no account and of an account with subentries.
 */
import { Account, Asset, Keypair, MuxedAccount, Operation } from '@stellar/stellar-sdk';
import { after, eachTrader, type Phase, sequenceOf, xlm } from './context.js';

const nobody = () => Keypair.random().publicKey();

const options: Phase = {
  name: 'options and data',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      if (i % 7 === 6) return { fails: true, ops: [Operation.manageData({ name: 'missing', value: null })] };
      if (i % 7 === 3) return { fails: true, ops: [Operation.setOptions({ inflationDest: nobody() })] };
      const data = Operation.manageData({ name: `k${i}`, value: i % 2 ? `v${i}` : Buffer.from([i, 0, 255]) });
      if (i % 3 === 0)
        return {
          ops: [
            Operation.setOptions({
              homeDomain: `t${i}.example`,
              signer: { ed25519PublicKey: (ctx.spare[4] as Keypair).publicKey(), weight: 1 },
            }),
            data,
          ],
        };
      if (i % 3 === 1)
        return {
          ops: [
            Operation.setOptions({
              lowThreshold: 1,
              medThreshold: 1,
              highThreshold: 1,
              inflationDest: after(ctx, i).publicKey(),
            }),
            data,
          ],
        };
      return { ops: [data] };
    }),
};

const changes: Phase = {
  name: 'options and data changed',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      if (i % 7 === 6 || i % 7 === 3) return undefined;
      if (i % 3 === 0)
        return {
          ops: [
            Operation.setOptions({
              signer: { ed25519PublicKey: (ctx.spare[4] as Keypair).publicKey(), weight: 0 },
            }),
            Operation.manageData({ name: `k${i}`, value: null }),
          ],
        };
      return { ops: [Operation.manageData({ name: `k${i}`, value: `changed ${i}` })] };
    }),
};

/** The issuer revokes and limits authorization; traders change their limits. */
const trust = (restore: boolean): Phase => ({
  name: restore ? 'authorization restored' : 'trust lines changed',
  txs: (ctx) => [
    {
      source: ctx.issuer,
      ops: restore
        ? [
            Operation.setTrustLineFlags({
              trustor: (ctx.traders[22] as Keypair).publicKey(),
              asset: ctx.usd,
              flags: { authorized: true },
            }),
            Operation.allowTrust({
              trustor: (ctx.traders[21] as Keypair).publicKey(),
              assetCode: 'EUR',
              authorize: 1,
            }),
          ]
        : [
            // Trader 22 holds EUR/USD pool shares: they are redeemed into claimable balances.
            Operation.setTrustLineFlags({
              trustor: (ctx.traders[22] as Keypair).publicKey(),
              asset: ctx.usd,
              flags: { authorized: false },
            }),
            Operation.allowTrust({
              trustor: (ctx.traders[21] as Keypair).publicKey(),
              assetCode: 'EUR',
              authorize: 2,
            }),
            Operation.setTrustLineFlags({
              trustor: (ctx.traders[20] as Keypair).publicKey(),
              asset: ctx.eur,
              flags: { clawbackEnabled: false },
            }),
          ],
    },
    ...eachTrader(ctx, (i) => {
      if (restore)
        return i % 4 === 3 ? { ops: [Operation.changeTrust({ asset: ctx.nope, limit: '0' })] } : undefined;
      switch (i % 4) {
        case 0:
          return { ops: [Operation.changeTrust({ asset: ctx.usd, limit: '50000' })] };
        case 1:
          return { fails: true, ops: [Operation.changeTrust({ asset: ctx.eur, limit: '1' })] };
        case 2:
          return { fails: true, ops: [Operation.changeTrust({ asset: new Asset('GONE', nobody()) })] };
        default:
          return { ops: [Operation.changeTrust({ asset: ctx.nope, limit: '1000' })] };
      }
    }),
  ],
});

const sponsorships: Phase = {
  name: 'sponsorships',
  txs: (ctx) =>
    eachTrader(ctx, (i, source) => {
      const next = after(ctx, i);
      switch (i % 4) {
        case 0: {
          const made = Keypair.random();
          ctx.sponsored.set(i, made);
          return {
            signers: [made],
            ops: [
              Operation.beginSponsoringFutureReserves({ sponsoredId: made.publicKey() }),
              Operation.createAccount({ destination: made.publicKey(), startingBalance: '20' }),
              Operation.manageData({
                name: 'sponsored by',
                value: source.publicKey(),
                source: made.publicKey(),
              }),
              Operation.endSponsoringFutureReserves({ source: made.publicKey() }),
            ],
          };
        }
        case 1:
          return {
            signers: [next],
            ops: [
              Operation.beginSponsoringFutureReserves({ sponsoredId: next.publicKey() }),
              Operation.manageData({ name: `s${i}`, value: 'sponsored', source: next.publicKey() }),
              Operation.endSponsoringFutureReserves({ source: next.publicKey() }),
            ],
          };
        case 2:
          return {
            fails: true,
            ops: [Operation.beginSponsoringFutureReserves({ sponsoredId: after(ctx, i, 5).publicKey() })],
          };
        default:
          return {
            fails: true,
            ops: [Operation.revokeDataSponsorship({ account: next.publicKey(), name: `k${i + 1}` })],
          };
      }
    }),
};

const revocations: Phase = {
  name: 'sponsorships revoked',
  txs: (ctx) =>
    eachTrader(ctx, (i) => {
      const made = ctx.sponsored.get(i);
      if (made)
        return {
          ops: [
            Operation.revokeAccountSponsorship({ account: made.publicKey() }),
            Operation.revokeDataSponsorship({ account: made.publicKey(), name: 'sponsored by' }),
          ],
        };
      if (i % 4 === 1)
        return {
          ops: [Operation.revokeDataSponsorship({ account: after(ctx, i).publicKey(), name: `s${i}` })],
        };
      return undefined;
    }),
};

const bumps: Phase = {
  name: 'sequence bumps',
  txs: (ctx) =>
    eachTrader(ctx, (i, source) => {
      const sequence = sequenceOf(ctx, source);
      if (i % 3 === 0) return { ops: [Operation.bumpSequence({ bumpTo: String(sequence + 100n) })] };
      // Lower than the account's: nothing changes, and the operation succeeds.
      if (i % 3 === 1) return { ops: [Operation.bumpSequence({ bumpTo: '1' })] };
      return {
        fails: true,
        ops: [
          Operation.bumpSequence({ bumpTo: String(sequence + 5n) }),
          Operation.payment({ destination: nobody(), asset: xlm, amount: '1' }),
        ],
      };
    }),
};

const merges: Phase = {
  name: 'merges',
  txs: (ctx) => {
    const muxed = (kp: Keypair) => new MuxedAccount(new Account(kp.publicKey(), '0'), '99').accountId();
    const [, , , spare3, spare4, spare5] = ctx.spare as [
      Keypair,
      Keypair,
      Keypair,
      Keypair,
      Keypair,
      Keypair,
    ];
    return [
      ...[...ctx.sponsored].map(([i, made]) => ({
        source: made,
        ops: [
          Operation.manageData({ name: 'sponsored by', value: null }),
          Operation.accountMerge({ destination: (ctx.traders[i] as Keypair).publicKey() }),
        ],
      })),
      { source: spare3, ops: [Operation.accountMerge({ destination: muxed(ctx.traders[1] as Keypair) })] },
      { source: spare4, fails: true, ops: [Operation.accountMerge({ destination: nobody() })] },
      {
        source: spare5,
        ops: [Operation.accountMerge({ destination: (ctx.traders[2] as Keypair).publicKey() })],
      },
      {
        source: ctx.traders[1] as Keypair,
        fails: true,
        ops: [Operation.accountMerge({ destination: (ctx.traders[3] as Keypair).publicKey() })],
      },
    ];
  },
};

export const accountPhases: Phase[] = [
  options,
  changes,
  trust(false),
  trust(true),
  sponsorships,
  revocations,
  bumps,
  merges,
];
