// A schedule that charges nothing: the fee is left out, or answered as 0 without details when the
// schedule says `show_zero_fee: true`; both pass the platform's rules and the contract.
import { validate, validateRateResponse } from '@starspec/callbacks';
import { describe, expect, it } from 'vitest';
import { ASSETS_YAML, send, startAnchor } from '../support/anchor.js';

/** The reference asset file with its default schedule replaced by one that charges nothing. */
function freeAssets(showZeroFee: boolean): string {
  const free = `    free:\n      fee_asset: sell\n      show_zero_fee: ${showZeroFee}\n      components: []\n`;
  return ASSETS_YAML.replace('default_fee_schedule: standard', 'default_fee_schedule: free').replace(
    '  fee_schedules:\n',
    `  fee_schedules:\n${free}`,
  );
}

const QUERY =
  'type=indicative&sell_asset=iso4217:USD&buy_asset=stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN&sell_amount=100';

describe('a schedule that charges nothing', () => {
  it.each([
    [false, undefined],
    [true, { total: '0', asset: 'iso4217:USD' }],
  ])('show_zero_fee: %s answers fee %j', async (showZeroFee, fee) => {
    const t = await startAnchor({ assets: freeAssets(showZeroFee) });
    try {
      const answer = await send(t.base, `/rate?${QUERY}`);
      expect(answer.status).toBe(200);
      expect(answer.body.rate.fee).toEqual(fee);
      expect(validate.response('getRate', 200, answer.body).ok).toBe(true);
      const request = Object.fromEntries(new URLSearchParams(QUERY));
      const verdict = validateRateResponse({
        request: request as never,
        response: answer.body,
        assets: t.anchor.rates.platform,
      });
      expect(verdict.violations).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
