/**
 * After RestRateIntegration: Sep38Service computes total_price for every rate, and saves a firm
 * quote in the exchange_quote table (platform/src/main/resources/db/migration/V1__master.sql:
 * id, price, total_price and the amounts VARCHAR(255), fee VARCHAR(1023), as PostgreSQL and H2
 * enforce them).
 */
import { JavaArithmeticError, type JavaDecimal } from '../java-decimal.js';
import { feeColumn, feeOf, sep38Answer, totalPrice } from '../sep38-answer.js';
import { AP, defineRule } from '../types.js';

export const QUOTE_ID_MAX_LENGTH = 255;
const COLUMN_LENGTH = 255;
const FEE_COLUMN_LENGTH = 1023;

export const totalPriceComputable = defineRule({
  id: 'rate.total-price.computable',
  path: '/rate/buy_amount',
  description:
    '`rate.buy_amount` is at least 0.00000000005, so that it does not round to zero at 10 decimals, the precision of total_price.',
  appliesWhen: 'the body has a rate',
  applies: (f) => f.rate,
  platform: {
    outcome: '500',
    stage: 'price',
    source: `${AP}: Sep38Service.getTotalPrice divides by buy_amount set to scale 10 (ArithmeticException: Division by zero)`,
  },
  contract: null,
  checkPlatform: ({ rate, decimal }) => {
    try {
      totalPrice(decimal(rate.sellAmount) as JavaDecimal, decimal(rate.buyAmount) as JavaDecimal);
      return undefined;
    } catch (error) {
      if (!(error instanceof JavaArithmeticError) || error.message !== 'Division by zero') throw error;
      return `rate.buy_amount ${rate.buyAmount} rounds to 0 at 10 decimals, so total_price = sell_amount / buy_amount cannot be computed`;
    }
  },
});

export const firmIdLength = defineRule({
  id: 'rate.firm.id-length',
  path: '/rate/id',
  description: `For type=firm, \`rate.id\` has at most ${QUOTE_ID_MAX_LENGTH} characters.`,
  appliesWhen: 'the request was type=firm and `rate.id` is a string',
  applies: (f) => f.firm,
  platform: {
    outcome: '500',
    stage: 'store',
    source: `${AP}: JdbcSep38QuoteStore.save into exchange_quote.id VARCHAR(${QUOTE_ID_MAX_LENGTH})`,
  },
  contract: `platform contract: Quote.id has at most ${QUOTE_ID_MAX_LENGTH} characters`,
  checkPlatform: ({ firm, rate }) =>
    firm && rate.id !== null && rate.id.length > QUOTE_ID_MAX_LENGTH
      ? `rate.id has ${rate.id.length} characters; a quote id has at most ${QUOTE_ID_MAX_LENGTH}`
      : undefined,
  checkContract: ({ firm, rate }) =>
    firm && typeof rate.id === 'string' && rate.id.length > QUOTE_ID_MAX_LENGTH
      ? [
          {
            message: `rate.id has ${rate.id.length} characters; a quote id has at most ${QUOTE_ID_MAX_LENGTH}`,
            path: '/rate/id',
          },
        ]
      : [],
});

export const firmQuoteStorable = defineRule({
  id: 'rate.firm.quote-storable',
  description: `For type=firm, the quote fits its table: price, total_price and the rounded amounts in ${COLUMN_LENGTH} characters, the fee as JSON in ${FEE_COLUMN_LENGTH}.`,
  appliesWhen: 'the request was type=firm',
  applies: (f) => f.firm,
  platform: {
    outcome: '500',
    stage: 'store',
    source: `${AP}: JdbcSep38QuoteStore.save into exchange_quote (VARCHAR(${COLUMN_LENGTH}), fee VARCHAR(${FEE_COLUMN_LENGTH}))`,
  },
  contract: null,
  checkPlatform: (context) => {
    if (!context.firm) return undefined;
    const answer = sep38Answer(context);
    const columns: [string, string][] = [
      ['price', answer.price],
      ['total_price', answer.total_price],
      ['sell_amount', answer.sell_amount],
      ['buy_amount', answer.buy_amount],
    ];
    for (const [column, value] of columns) {
      if (value.length > COLUMN_LENGTH) {
        return `the quote's ${column} has ${value.length} characters; its column holds ${COLUMN_LENGTH}`;
      }
    }
    const fee = feeColumn(feeOf(context.rate, context.request.sell_asset));
    return fee.length > FEE_COLUMN_LENGTH
      ? `the quote's fee is ${fee.length} characters of JSON; its column holds ${FEE_COLUMN_LENGTH}`
      : undefined;
  },
});
