import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NO_SOROBAN_DATA, sorobanData } from '../support/shared.js';
import { buildCatalogue, rustTestOf, summarize } from './catalogue.js';
import { NOTES } from './catalogue-notes.js';
import { ALL_SCRIPTS } from './scripts/index.js';

describe('rustTestOf', () => {
  it.each([
    ['test__vec__vec_new.json', 'vec.rs::vec_new'],
    [
      'test__lifecycle__cap_68_executable_getter__get_account_executable.json',
      'lifecycle.rs::cap_68_executable_getter::get_account_executable',
    ],
    ['test_v_new_rewrite_call_fail.json', 'lifecycle.rs::test_v_new_rewrite_call'],
    ['test_v_new_module_cache_upload.json', 'lifecycle.rs::test_v_new_module_cache'],
  ])('%s is %s', (trace, want) => expect(rustTestOf(trace)).toBe(want));
});

describe.skipIf(!sorobanData)(`the catalogue (${sorobanData ? 'observations-23' : NO_SOROBAN_DATA})`, () => {
  const entries = sorobanData ? buildCatalogue(sorobanData, ALL_SCRIPTS) : [];
  const byTrace = new Map(entries.map((e) => [e.trace, e]));
  const summary = summarize(entries);

  // SOURCES.md says 228 / 48 / 215: it matched 8 hex digits only, but a trace prints a VM id
  // without its leading zeros (VM:885b188), so 13 traces that run a VM looked host-only to it.
  it('classifies the 491 traces, VM ids with leading zeros dropped included', () => {
    expect([summary.total, summary.hostOnly, summary.wasmAvailable, summary.wasmSynthesized]).toEqual([
      491, 215, 49, 227,
    ]);
    const reentry = byTrace.get('test__stellar_asset_contract__test_sac_reentry_is_not_allowed.json');
    expect(reentry?.vms).toEqual([{ id: '5f64dfc', file: 'wasm/20/sac_reentry_account.wasm' }]);
  });

  it('scripts and notes only candidates, and notes no scripted trace', () => {
    for (const script of ALL_SCRIPTS)
      expect(byTrace.get(script.trace)?.class, script.trace).not.toBe('wasm-synthesized');
    for (const trace of Object.keys(NOTES)) {
      expect(byTrace.get(trace), trace).toBeDefined();
      expect(byTrace.get(trace)?.class, trace).not.toBe('wasm-synthesized');
      expect(
        ALL_SCRIPTS.some((s) => s.trace === trace),
        trace,
      ).toBe(false);
    }
  });

  it('has at least 100 read candidates and 60 scripts that make host calls', () => {
    expect(summary.scripted + summary.drivable + summary.notRecoverableCandidates).toBeGreaterThanOrEqual(
      100,
    );
    expect(summary.scriptedWithCalls).toBeGreaterThanOrEqual(60);
  });

  it('ranks scripted first, then by ease', () => {
    const order = ['scripted', 'drivable', 'unread', 'not-recoverable'];
    const ranks = entries.map((e) => order.indexOf(e.status) * 10 + e.ease);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('matches the counts the README gives', () => {
    const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');
    const stated = (label: string) =>
      Number(new RegExp(`\\|\\s*${label}\\s*\\|\\s*(\\d+)\\s*\\|`).exec(readme)?.[1]);
    expect({
      hostOnly: stated('host-only'),
      wasmAvailable: stated('wasm-available'),
      wasmSynthesized: stated('wasm-synthesized'),
      scripted: stated('scripted'),
      scriptedWithCalls: stated('scripted, with host calls'),
      drivable: stated('drivable, not scripted'),
      notRecoverableCandidates: stated('candidates not recoverable'),
      unread: stated('candidates not read yet'),
    }).toEqual({
      hostOnly: summary.hostOnly,
      wasmAvailable: summary.wasmAvailable,
      wasmSynthesized: summary.wasmSynthesized,
      scripted: summary.scripted,
      scriptedWithCalls: summary.scriptedWithCalls,
      drivable: summary.drivable,
      notRecoverableCandidates: summary.notRecoverableCandidates,
      unread: summary.unread,
    });
  });
});
