// The types of rest-mix.mjs, for the test that checks it (test/bench/rest-mix.test.ts).
import type { ClosedLedger } from '../src/meta/closed-ledger.js';

export function walletMix(account: string): string[];
export function accountsLeft(ledger: ClosedLedger): Map<string, boolean | null>;
export function walletAccount(ledgers: readonly ClosedLedger[]): { account: string; ledger: number };
