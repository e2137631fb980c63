/**
 * The operations the sandbox applies, by operation type (the Soroban ones from src/soroban). The
 * others (inflation) are refused as stellar-core refuses an operation its protocol does not
 * support: opNOT_SUPPORTED, so the transaction is rejected with txFAILED when submitted.
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { extendFootprintTtl, restoreFootprint } from '../../soroban/footprint-operations.js';
import { invokeHostFunction } from '../../soroban/invoke-operation.js';
import { accountMerge } from './account-merge.js';
import { allowTrust } from './allow-trust.js';
import { bumpSequence } from './bump-sequence.js';
import { changeTrust } from './change-trust.js';
import { claimClaimableBalance } from './claim-claimable-balance.js';
import { clawback } from './clawback.js';
import { clawbackClaimableBalance } from './clawback-claimable-balance.js';
import { createAccount } from './create-account.js';
import { createClaimableBalance } from './create-claimable-balance.js';
import { liquidityPoolDeposit } from './liquidity-pool-deposit.js';
import { liquidityPoolWithdraw } from './liquidity-pool-withdraw.js';
import { manageBuyOffer } from './manage-buy-offer.js';
import { manageData } from './manage-data.js';
import { createPassiveSellOffer, manageSellOffer } from './manage-sell-offer.js';
import type { OperationHandler } from './operation.js';
import { pathPaymentStrictReceive } from './path-payment-strict-receive.js';
import { pathPaymentStrictSend } from './path-payment-strict-send.js';
import { payment } from './payment.js';
import { revokeSponsorship } from './revoke-sponsorship.js';
import { setOptions } from './set-options.js';
import { setTrustLineFlags } from './set-trust-line-flags.js';
import { beginSponsoringFutureReserves, endSponsoringFutureReserves } from './sponsoring-future-reserves.js';

type OperationName = xdr.OperationBody['type'];

// biome-ignore lint/suspicious/noExplicitAny: each handler takes its own operation body
const HANDLERS: Partial<Record<OperationName, OperationHandler<any>>> = {
  createAccount,
  payment,
  changeTrust,
  allowTrust,
  setTrustLineFlags,
  manageData,
  setOptions,
  bumpSequence,
  accountMerge,
  beginSponsoringFutureReserves,
  endSponsoringFutureReserves,
  revokeSponsorship,
  manageSellOffer,
  manageBuyOffer,
  createPassiveSellOffer,
  pathPaymentStrictReceive,
  pathPaymentStrictSend,
  createClaimableBalance,
  claimClaimableBalance,
  clawback,
  clawbackClaimableBalance,
  liquidityPoolDeposit,
  liquidityPoolWithdraw,
  invokeHostFunction,
  extendFootprintTtl,
  restoreFootprint,
};

/** The handler of an operation type, or undefined when the sandbox does not apply it. */
export function handlerFor(type: OperationName): OperationHandler<unknown> | undefined {
  return HANDLERS[type];
}

/** The operation's body, as its handler takes it. */
export function bodyOf(op: xdr.Operation): unknown {
  return (op.body as { value: unknown }).value;
}

export const SUPPORTED_OPERATIONS = Object.keys(HANDLERS) as OperationName[];
