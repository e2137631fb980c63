/**
 * The differential test's workload on a sandbox's network: the derive, effects and state
 * workloads (every operation type, each succeeding and failing), then phases of transactions
 * from two dozen traders over payments, the order book, pools, claimable balances and accounts,
 * failures of many kinds among them. Every ledger is closed by hand.
 */
import type { Network } from '@starspec/sandbox';
import { deriveLedger } from '../../derive/harness.js';
import { runWorkload as deriveWorkload } from '../../derive/workload.js';
import { runWorkload as effectsWorkload } from '../effects-workload.js';
import { testLedger } from '../ledger.js';
import { stateWorkload } from '../state-workload.js';
import { accountPhases } from './accounts.js';
import { balancePhases } from './balances.js';
import { type Context, runPhase, setUp } from './context.js';
import { paymentPhases } from './payments.js';
import { poolPhases } from './pools.js';
import { tradingPhases } from './trading.js';

export const PHASES = [
  ...paymentPhases,
  ...tradingPhases,
  ...poolPhases,
  ...balancePhases,
  ...accountPhases,
  // Payments again, between accounts the phases before changed.
  ...paymentPhases,
];

/** Runs the workload; answers the traders' context and the hashes of the phases' transactions. */
export async function differentialWorkload(network: Network): Promise<{ ctx: Context; hashes: string[] }> {
  const t = await testLedger({ network });
  await deriveWorkload(await deriveLedger(t));
  await effectsWorkload(t);
  await stateWorkload(t);
  const ctx = await setUp(t);
  const hashes: string[] = [];
  for (const phase of PHASES) hashes.push(...(await runPhase(ctx, phase)));
  return { ctx, hashes };
}
