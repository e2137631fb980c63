/**
 * The records the suite makes itself for the endpoints that take the id of a claimable balance,
 * a liquidity pool or an offer (only with --allow-submit, on a provider whose root document links
 * a friendbot): three fresh accounts funded through that friendbot, and three transactions sent
 * through the provider's own `POST /transactions`, which answers once each is in a ledger:
 *
 * 1. set-up, from the issuer: the maker and the taker trust its assets BOOK and POOL, and the
 *    maker gets 1000 of each;
 * 2. make, from the maker: an offer selling 100 BOOK for lumens at 1, a claimable balance of 1
 *    lumen for the taker, trust in the constant-product pool of lumens and POOL, and a deposit of
 *    100 of each into it;
 * 3. take, from the taker: an offer selling 10 lumens for BOOK at 1, which crosses the maker's
 *    (a trade on it, which stays open with 90 BOOK), and a path payment of 10 lumens to POOL for
 *    the maker, through the pool (a trade and effects of the pool).
 *
 * BOOK has no pool and POOL no offers, so each exchange goes where it is meant to. The ids come
 * as Horizon.Server's callers get them: the offer's from the `result_xdr` of the answer, the
 * claimable balance's and the pool's computed from the transaction and the assets.
 */
import type { OperationId } from '@starspec/ledger-api';
import {
  Asset,
  Claimant,
  getLiquidityPoolId,
  Keypair,
  LiquidityPoolAsset,
  LiquidityPoolFeeV18,
  Operation,
  type Transaction,
  TransactionBuilder,
  xdr,
} from '@stellar/stellar-sdk/base';
import { fail } from '../../model.js';
import type { Recorder } from '../../runner.js';
import {
  fund,
  LANDING_TIMEOUT_MS,
  type Payer,
  poll,
  type Signed,
  signTransaction,
} from '../../stellar/live.js';
import { type Answer, call, isRecord, type LedgerApiState, recordsOf, submitForm } from './state.js';

/** What the suite made, and where to look for it. */
export interface Made {
  maker: string;
  taker: string;
  /** Hashes of the make and take transactions. */
  make: string;
  take: string;
  offer: string;
  claimableBalance: string;
  liquidityPool: string;
  /** The maker's data entry: its account and name. */
  dataAccount: string;
  dataKey: string;
}

/** The suite's own records, or why it made none. */
export type Traffic = { made: Made } | { none: string };

const NOT_ALLOWED = "with --allow-submit the suite makes its own through the provider's friendbot";
const NO_FRIENDBOT =
  'the provider has no friendbot (its root document links none) to fund accounts for the suite to make its own';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The data entry the maker sets. */
const DATA_KEY = 'starspec.conformance';
const DATA_VALUE = 'made';

function shown(answer: Answer): string {
  const body = isRecord(answer.body) ? answer.body : {};
  const extras = isRecord(body.extras) ? body.extras : {};
  const codes = isRecord(extras.result_codes) ? ` result_codes ${JSON.stringify(extras.result_codes)}` : '';
  return `${answer.status}${typeof body.title === 'string' ? ` ${body.title}` : ''}${codes}`;
}

/** The latest ledger's close time, unix seconds (the ledger's clock, which may run ahead). */
async function ledgerTime(state: LedgerApiState, r: Recorder): Promise<number> {
  const root = await call(state, r, 'getRoot', { path: '/' });
  const closed = isRecord(root.body) ? Date.parse(String(root.body.history_latest_ledger_closed_at)) : NaN;
  return Math.floor((Number.isFinite(closed) ? closed : Date.now()) / 1000);
}

/** A funded account once the provider serves it, with its sequence number. */
async function account(state: LedgerApiState, r: Recorder, keypair: Keypair): Promise<Payer> {
  const path = `/accounts/${keypair.publicKey()}`;
  let last: Answer | undefined;
  const sequence = await poll(async () => {
    last = await call(state, r, 'getAccount', { path });
    const found = last.status === 200 && isRecord(last.body) ? text(last.body.sequence) : undefined;
    return found !== undefined && /^\d+$/.test(found) ? BigInt(found) : undefined;
  });
  if (sequence === undefined) {
    fail(
      `the account ${keypair.publicKey()} the friendbot funded never showed in GET ${path}`,
      last?.exchange,
      `200 with the account and its sequence within ${LANDING_TIMEOUT_MS / 1000} s of the friendbot's answer`,
      last ? shown(last) : 'no answer',
    );
  }
  return { keypair, sequence };
}

class SubmissionDisabled extends Error {}

/**
 * Sends a signed transaction with `POST /transactions` and answers the transaction it applied.
 * A 504 (the provider stopped waiting) is followed by `GET /transactions/{hash}` until it lands.
 */
async function submit(
  state: LedgerApiState,
  r: Recorder,
  name: string,
  signed: Signed,
): Promise<Record<string, unknown>> {
  let answer = await call(state, r, 'submitTransaction', {
    path: '/transactions',
    ...submitForm(signed.envelope),
  });
  if (answer.status === 403) throw new SubmissionDisabled();
  if (answer.status === 504) {
    const path = `/transactions/${signed.hash}`;
    answer =
      (await poll(async () => {
        const found = await call(state, r, 'getTransaction', { path });
        return found.status === 404 ? undefined : found;
      })) ?? answer;
  }
  const body = isRecord(answer.body) ? answer.body : {};
  if (answer.status !== 200 || body.hash !== signed.hash || body.successful !== true) {
    fail(
      `the suite's ${name} transaction was not applied`,
      answer.exchange,
      `200 with the transaction ${signed.hash}, successful, once it is in a ledger`,
      shown(answer),
    );
  }
  return body;
}

/** The id of the offer the first operation made, read from the transaction's `result_xdr`. */
function offerIdOf(resultXdr: unknown): string | undefined {
  try {
    const result = xdr.TransactionResult.fromXdr(String(resultXdr), 'base64').result;
    const op = result.type === 'txSuccess' ? result.results[0] : undefined;
    const offer =
      op?.type === 'opInner' && op.tr.type === 'manageSellOffer' ? op.tr.manageSellOfferResult : undefined;
    if (offer?.type !== 'manageSellOfferSuccess' || offer.success.offer.type === 'manageOfferDeleted')
      return undefined;
    return offer.success.offer.offer.offerId.toString();
  } catch {
    return undefined;
  }
}

async function make(state: LedgerApiState, r: Recorder): Promise<Traffic> {
  const root = await call(state, r, 'getRoot', { path: '/' });
  const body = isRecord(root.body) ? root.body : {};
  const link = isRecord(body._links) ? body._links.friendbot : undefined;
  const friendbot = isRecord(link) ? text(link.href) : undefined;
  if (!friendbot) return { none: NO_FRIENDBOT };
  const passphrase = text(body.network_passphrase);
  if (passphrase === undefined) {
    fail('the root document has no network_passphrase', root.exchange, 'the network passphrase to sign with');
  }

  const keys = [Keypair.random(), Keypair.random(), Keypair.random()];
  await Promise.all(keys.map((key) => fund(state.http, friendbot, key.publicKey())));
  const [issuer, maker, taker] = (await Promise.all(keys.map((key) => account(state, r, key)))) as [
    Payer,
    Payer,
    Payer,
  ];
  const [makerId, takerId] = [maker.keypair.publicKey(), taker.keypair.publicKey()];
  const book = new Asset('BOOK', issuer.keypair.publicKey());
  const pooled = new Asset('POOL', issuer.keypair.publicKey());
  const pool = { assetA: Asset.native(), assetB: pooled, fee: LiquidityPoolFeeV18 };
  const liquidityPool = Buffer.from(getLiquidityPoolId('constant_product', pool)).toString('hex');

  const send = async (
    name: string,
    source: Payer,
    operations: xdr.Operation[],
    cosigners: Keypair[] = [],
  ) => {
    const signed = signTransaction({
      source,
      passphrase,
      ledgerTime: await ledgerTime(state, r),
      operations,
      cosigners,
    });
    const applied = await submit(state, r, name, signed);
    source.sequence += 1n;
    return { signed, applied };
  };

  try {
    await send(
      'set-up',
      issuer,
      [
        ...[maker, taker].flatMap(({ keypair }) =>
          [book, pooled].map((asset) => Operation.changeTrust({ asset, source: keypair.publicKey() })),
        ),
        ...[book, pooled].map((asset) => Operation.payment({ destination: makerId, asset, amount: '1000' })),
      ],
      [maker.keypair, taker.keypair],
    );
    const made = await send('make', maker, [
      Operation.manageSellOffer({ selling: book, buying: Asset.native(), amount: '100', price: '1' }),
      Operation.createClaimableBalance({
        asset: Asset.native(),
        amount: '1',
        claimants: [new Claimant(takerId, Claimant.predicateUnconditional())],
      }),
      Operation.changeTrust({ asset: new LiquidityPoolAsset(pool.assetA, pool.assetB, pool.fee) }),
      Operation.liquidityPoolDeposit({
        liquidityPoolId: liquidityPool,
        maxAmountA: '100',
        maxAmountB: '100',
        minPrice: '0.9',
        maxPrice: '1.1',
      }),
      Operation.manageData({ name: DATA_KEY, value: DATA_VALUE }),
    ]);
    const offer = offerIdOf(made.applied.result_xdr);
    if (offer === undefined) {
      fail(
        "the answer to the suite's make transaction carries no offer id",
        undefined,
        'a result_xdr whose first operation result is a manageSellOfferSuccess with the offer created',
        `result_xdr ${JSON.stringify(made.applied.result_xdr)}`,
      );
    }
    const taken = await send('take', taker, [
      Operation.manageSellOffer({ selling: Asset.native(), buying: book, amount: '10', price: '1' }),
      Operation.pathPaymentStrictSend({
        sendAsset: Asset.native(),
        sendAmount: '10',
        destination: makerId,
        destAsset: pooled,
        destMin: '1',
        path: [],
      }),
    ]);
    const tx = TransactionBuilder.fromXDR(made.signed.envelope, passphrase) as Transaction;
    return {
      made: {
        maker: makerId,
        taker: takerId,
        make: made.signed.hash,
        take: taken.signed.hash,
        offer,
        claimableBalance: tx.getClaimableBalanceId(1),
        liquidityPool,
        dataAccount: makerId,
        dataKey: DATA_KEY,
      },
    };
  } catch (error) {
    if (error instanceof SubmissionDisabled)
      return { none: 'the provider has transaction submission disabled (403) for the suite to make its own' };
    throw error;
  }
}

/** The suite's own records, made once per run; why none, without --allow-submit or a friendbot. */
export function traffic(state: LedgerApiState, t: Recorder): Promise<Traffic> {
  if (!state.allowSubmit) return Promise.resolve({ none: NOT_ALLOWED });
  return state.probes.use(t, 'traffic', (r) => make(state, r));
}

type Rule = (made: Made, body: Record<string, unknown>) => { expected: string; found: string } | undefined;

const recordsIn = (body: unknown) => recordsOf(body) ?? [];
const listed = (body: unknown, field: string) =>
  recordsIn(body)
    .map((r) => String(r[field]))
    .join(', ') || 'no records';

/** One record with this id: the single endpoints. */
const isRecordWith =
  (key: 'offer' | 'claimableBalance' | 'liquidityPool', what: string): Rule =>
  (made, body) =>
    body.id === made[key]
      ? undefined
      : { expected: `the ${what} ${made[key]} the suite made`, found: `id ${JSON.stringify(body.id)}` };

/** A page holding records that `match`, one each. */
const holds =
  (
    field: string,
    wanted: (made: Made) => { what: string; match: (r: Record<string, unknown>) => boolean }[],
  ): Rule =>
  (made, body) => {
    const missing = wanted(made).filter((w) => !recordsIn(body).some(w.match));
    if (missing.length === 0) return undefined;
    return {
      expected: `the records the suite made: ${missing.map((m) => m.what).join('; ')}`,
      found: `${field} ${listed(body, field)}`,
    };
  };

const transactionsOf = (...names: ('make' | 'take')[]) =>
  holds('hash', (made) =>
    names.map((name) => ({
      what: `its ${name} transaction ${made[name]}`,
      match: (r) => r.hash === made[name],
    })),
  );

const operationOf = (type: string, name: 'make' | 'take') => (made: Made) => ({
  what: `the ${type} operation of its ${name} transaction`,
  match: (r: Record<string, unknown>) => r.type === type && r.transaction_hash === made[name],
});

/**
 * What each endpoint that takes an id answers for the suite's own records, beyond its schema: the
 * record asked for, and the history the suite made (Horizon lists the operations and transactions
 * that changed a pool's or a balance's ledger entry, and the effects of those operations).
 */
export const MADE_RULES: Partial<Record<OperationId, Rule>> = {
  getOffer: (made, body) => {
    const want = { id: made.offer, seller: made.maker, amount: '90.0000000' };
    const found = { id: body.id, seller: body.seller, amount: body.amount };
    return JSON.stringify(found) === JSON.stringify(want)
      ? undefined
      : {
          expected: `the offer the suite made, with 90 of its 100 BOOK left after the taker's offer crossed it: ${JSON.stringify(want)}`,
          found: JSON.stringify(found),
        };
  },
  listOfferTrades: holds('id', (made) => [
    {
      what: `the trade of the taker's offer crossing offer ${made.offer} (base_offer_id or counter_offer_id)`,
      match: (r) => r.base_offer_id === made.offer || r.counter_offer_id === made.offer,
    },
  ]),
  getAccountData: (made, body) => {
    const value = Buffer.from(DATA_VALUE).toString('base64');
    return body.value === value
      ? undefined
      : {
          expected: `the value of the data entry ${made.dataKey} the suite's maker set: ${JSON.stringify(value)}`,
          found: `value ${JSON.stringify(body.value)}`,
        };
  },
  getClaimableBalance: isRecordWith('claimableBalance', 'claimable balance'),
  listClaimableBalanceTransactions: transactionsOf('make'),
  listClaimableBalanceOperations: holds('type', (made) => [
    operationOf('create_claimable_balance', 'make')(made),
  ]),
  getLiquidityPool: isRecordWith('liquidityPool', 'liquidity pool'),
  listLiquidityPoolTransactions: transactionsOf('make', 'take'),
  listLiquidityPoolOperations: holds('type', (made) => [
    operationOf('liquidity_pool_deposit', 'make')(made),
    operationOf('path_payment_strict_send', 'take')(made),
  ]),
  listLiquidityPoolEffects: holds('type', () =>
    ['liquidity_pool_deposited', 'liquidity_pool_trade'].map((type) => ({
      what: `a ${type} effect`,
      match: (r) => r.type === type,
    })),
  ),
  listLiquidityPoolTrades: holds('trade_type', (made) => [
    {
      what: `the path payment's trade with pool ${made.liquidityPool} (trade_type liquidity_pool)`,
      match: (r) =>
        r.trade_type === 'liquidity_pool' &&
        (r.base_liquidity_pool_id === made.liquidityPool ||
          r.counter_liquidity_pool_id === made.liquidityPool),
    },
  ]),
};
