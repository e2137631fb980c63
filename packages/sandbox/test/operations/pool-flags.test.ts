// The header flags a `flags` upgrade sets switch pool operations off, as stellar-core's
// isOpSupported (isPoolDepositDisabled, isPoolWithdrawalDisabled) and exchangeWithPool
// (isPoolTradingDisabled) read them: a disabled deposit or withdrawal is opNOT_SUPPORTED, and a
// path payment trades with the order book only.
import { xdr } from '@stellar/stellar-sdk/base';
import { beforeEach, describe, expect, it } from 'vitest';
import { Asset, Harness, Keypair, Operation } from '../harness.js';
import { deposit, poolOf, withdraw } from './pools.js';

const [alice, issuer] = [Keypair.random(), Keypair.random()];
const xlm = Asset.native();
const usd = new Asset('USD', issuer.publicKey());
const pool = poolOf(xlm, usd);
let h: Harness;

function setFlags(flags: number): void {
  h.ledger.upgrade([{ upgrade: xdr.LedgerUpgrade.ledgerUpgradeFlags(flags) }]);
  h.close();
}

beforeEach(() => {
  h = Harness.funded('1000', alice, issuer);
  h.outcome(
    h.tx(alice, [Operation.changeTrust({ asset: usd }), Operation.changeTrust({ asset: pool.share })]),
  );
  h.outcome(h.tx(issuer, [Operation.payment({ destination: alice.publicKey(), asset: usd, amount: '500' })]));
  expect(deposit(h, alice, pool, '100', '400').code).toBe('txSuccess');
});

describe('pool flags', () => {
  it('deposits disabled (2): opNOT_SUPPORTED; withdrawals still work', () => {
    setFlags(2);
    expect(deposit(h, alice, pool, '1', '4').ops).toEqual(['opNotSupported']);
    expect(withdraw(h, alice, pool, '1').code).toBe('txSuccess');
  });

  it('withdrawals disabled (4): opNOT_SUPPORTED', () => {
    setFlags(4);
    expect(withdraw(h, alice, pool, '1').ops).toEqual(['opNotSupported']);
    setFlags(0);
    expect(withdraw(h, alice, pool, '1').code).toBe('txSuccess');
  });

  it('trading disabled (1): a path payment with only the pool to trade with finds no offers', () => {
    const pay = () =>
      h.outcome(
        h.tx(alice, [
          Operation.pathPaymentStrictSend({
            sendAsset: xlm,
            sendAmount: '1',
            destination: alice.publicKey(),
            destAsset: usd,
            destMin: '0.0000001',
          }),
        ]),
      );
    expect(pay().code).toBe('txSuccess');
    setFlags(1);
    expect(pay().ops).toEqual(['pathPaymentStrictSendTooFewOffers']);
  });
});
