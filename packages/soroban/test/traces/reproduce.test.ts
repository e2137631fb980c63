/**
 * Every drive script run on our host and held against the Rust host's golden trace: the same host
 * calls in the same order with equal results and error codes, and the budget after each line equal
 * (exact) or within 5% (within). The sets below are what our host reproduces today: a trace that
 * leaves them is a regression; one that joins them is to be added. The README's list of the traces
 * not reproduced is generated from the same run (`UPDATE_TRACE_README=1` rewrites it and the sets).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  computeTransactionResourceFee,
  feeConfiguration,
  localNetworkSettings,
} from '../../src/budget/index.js';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { REPRODUCED_EXACTLY, REPRODUCED_WITHIN } from './reproduce-expected.js';
import {
  expectedModule,
  type Outcome,
  REPORT_END,
  REPORT_START,
  report,
  reproduce,
} from './reproduce-run.js';
import { ALL_SCRIPTS } from './scripts/index.js';

const README = new URL('./README.md', import.meta.url);
const EXPECTED = new URL('./reproduce-expected.ts', import.meta.url);
const UPDATE = Boolean(process.env.UPDATE_TRACE_README);
/** Markdown tables without their column padding (a formatter may align the generated ones). */
const normalizedTables = (text: string) =>
  text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split(/(?<!\\)\|/)
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');

const names = (outcomes: Outcome[], verdict: Outcome['verdict']) =>
  outcomes
    .filter((o) => o.verdict === verdict)
    .map((o) => o.trace.replace(/\.json$/, ''))
    .sort();

describe.skipIf(!sorobanData)(
  `golden traces reproduced by our host (${sorobanData ? 'observations-23' : NO_SOROBAN_DATA})`,
  () => {
    const outcomes = sorobanData ? reproduce(sorobanData, ALL_SCRIPTS) : [];

    it.runIf(UPDATE)('rewrites the expected sets', () => {
      writeFileSync(EXPECTED, expectedModule(outcomes));
    });

    it('reproduces exactly the traces it did', () => {
      expect(names(outcomes, 'exact')).toEqual([...REPRODUCED_EXACTLY].sort());
    });

    it('reproduces within 5% the traces it did', () => {
      expect(names(outcomes, 'within')).toEqual([...REPRODUCED_WITHIN].sort());
    });

    it("gives each run of a test contract a resource fee within 10% of the Rust host's", () => {
      // The same transaction but for the instructions each host counted: a call of a small contract
      // (300-byte envelope, no disk reads or writes), on the local network's fee rates.
      const rates = feeConfiguration(localNetworkSettings());
      const fee = (cpu: number) => {
        const { nonRefundable, refundable } = computeTransactionResourceFee(
          {
            instructions: cpu,
            diskReadEntries: 0,
            writeEntries: 0,
            diskReadBytes: 0,
            writeBytes: 0,
            contractEventsSizeBytes: 0,
            transactionSizeBytes: 300,
          },
          rates,
        );
        return Number(nonRefundable + refundable);
      };
      const runs = outcomes.filter((o) => o.end.ranVm);
      const off = runs.map((o) => ({
        trace: o.trace,
        relative: Math.abs(fee(o.end.got.cpu) - fee(o.end.want.cpu)) / fee(o.end.want.cpu),
      }));
      expect(runs.length).toBeGreaterThanOrEqual(20);
      expect(off.filter((o) => o.relative > 0.1)).toEqual([]);
    });

    it('reproduces at least 60 traces', () => {
      expect(REPRODUCED_EXACTLY.length + REPRODUCED_WITHIN.length).toBeGreaterThanOrEqual(60);
    });

    it('lists in the README every trace tried and not reproduced, with its cause', () => {
      const text = readFileSync(README, 'utf8');
      const start = text.indexOf(REPORT_START);
      const end = text.indexOf(REPORT_END);
      const generated = report(outcomes);
      const current = start >= 0 && end > start ? text.slice(start, end + REPORT_END.length) : '';
      if (UPDATE && normalizedTables(current) !== normalizedTables(generated)) {
        const next = current ? text.replace(current, generated) : `${text.trimEnd()}\n\n${generated}\n`;
        writeFileSync(README, next);
        return;
      }
      expect(normalizedTables(current)).toBe(normalizedTables(generated));
    });
  },
);
