// The reporters' output: the JSON report against its published schema, JUnit XML well-formed
// and faithful, and the pretty reporter's lines, evidence and summary.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatJson, formatJunit, PrettyReporter, type Report } from '../../src/index.js';
import { validateReport } from '../support/report-schema.js';
import { HOSTILE, hostileReport, mixedReport } from './sample.js';

let mixed: Report;
beforeAll(async () => {
  mixed = await mixedReport();
});

describe('the JSON reporter', () => {
  it('writes a report that its schema accepts: passes, warnings and failures with evidence, skips with reasons', () => {
    const json = JSON.parse(formatJson(mixed));
    expect(validateReport(json), JSON.stringify(validateReport.errors)).toBe(true);
    expect(json.summary).toMatchObject({ warned: 1, failed: 2, skipped: 2 });
    expect(json).toMatchObject({ ok: false, strict: false });
    expect(json.checks.map((c: { status: string }) => c.status)).toContain('pass');
    // Every check and every piece of evidence says its level.
    const warned = json.checks.find((c: { id: string }) => c.id === 'bad-request.rate.both-delivery-methods');
    expect(warned).toMatchObject({ level: 'should', status: 'warn' });
    expect(warned.evidence.map((e: { level: string }) => e.level)).toEqual(['should']);
    const failed = json.checks.find((c: { id: string }) => c.id === 'rate.firm.has-id');
    expect(failed).toMatchObject({ level: 'must', status: 'fail' });
    expect(failed.evidence.every((e: { level: string }) => e.level === 'must')).toBe(true);
  });

  it('round-trips hostile text', () => {
    const json = JSON.parse(formatJson(hostileReport()));
    expect(validateReport(json), JSON.stringify(validateReport.errors)).toBe(true);
    expect(json.checks[1].evidence[0].found).toBe(HOSTILE);
  });

  it('has a schema that refuses a failure without evidence, a skip without reason, an unknown status', () => {
    const report = hostileReport();
    const broken = (change: (r: Report) => void) => {
      const copy = structuredClone(report);
      change(copy);
      return validateReport(JSON.parse(formatJson(copy)));
    };
    expect(broken((r) => Object.assign(r.checks[1] as object, { evidence: [] }))).toBe(false);
    expect(broken((r) => delete (r.checks[3] as { message?: string }).message)).toBe(false);
    expect(broken((r) => Object.assign(r.checks[2] as object, { evidence: [] }))).toBe(false);
    expect(broken((r) => Object.assign(r.checks[0] as object, { level: 'may' }))).toBe(false);
    expect(broken((r) => Object.assign(r.checks[0] as object, { status: 'passed' }))).toBe(false);
    expect(broken((r) => Object.assign(r, { extra: 1 }))).toBe(false);
  });
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'testcase',
});

describe('the JUnit reporter', () => {
  it('writes well-formed XML with one testcase per check, failures and skips counted', () => {
    const xml = formatJunit(mixed);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml);
    const suite = doc.testsuites.testsuite;
    // JUnit has no warnings: a warning is counted and shown as skipped, with its evidence.
    expect(doc.testsuites).toMatchObject({ tests: String(mixed.summary.total), failures: '2', skipped: '3' });
    expect(suite.name).toBe('callbacks');
    expect(suite.testcase.map((t: { name: string }) => t.name)).toEqual(mixed.checks.map((c) => c.id));
    const failed = suite.testcase.filter((t: { failure?: unknown }) => t.failure !== undefined);
    expect(failed.map((t: { name: string }) => t.name).sort()).toEqual([
      'auth.missing-credential',
      'rate.firm.has-id',
    ]);
    // The failure text carries the evidence: what was expected, the request and the response.
    const text = failed.find((t: { name: string }) => t.name === 'rate.firm.has-id').failure['#text'];
    expect(text).toContain('expected:');
    expect(text).toMatch(/request: +GET http:\/\/127\.0\.0\.1:\d+\/rate\?type=firm/);
    expect(text).toMatch(/response: +200/);
    const skipped = suite.testcase.find((t: { name: string }) => t.name === 'auth.expired-credential');
    expect(skipped.skipped.message).toBe('an API key does not expire');
    const warned = suite.testcase.find(
      (t: { name: string }) => t.name === 'bad-request.rate.both-delivery-methods',
    );
    expect(warned.skipped.message).toMatch(/^warning: a request outside the contract was answered 200/);
    expect(warned['system-out']).toMatch(/warning \(level should\)/);
    expect(warned['system-out']).toMatch(/expected: +400 with \{"error": "\.\.\."\}/);
  });

  it('stays well-formed with markup, quotes and control characters in every field', () => {
    const xml = formatJunit(hostileReport());
    expect(XMLValidator.validate(xml)).toBe(true);
    const suite = parser.parse(xml).testsuites.testsuite;
    expect(suite.testcase[1].failure.message).toContain('a <b>&amp;</b> "quoted"');
    expect(suite.testcase[2].skipped.message).toMatch(/^warning: a <b>/);
    expect(suite.testcase[3].skipped.message).toContain('😀');
  });
});

describe('the pretty reporter', () => {
  const capture = () => {
    const chunks: string[] = [];
    return { chunks, output: { write: (t: string) => chunks.push(t), isTTY: true } };
  };

  it('writes a line per check as it ends, the evidence of failures, and a summary', async () => {
    const out = capture();
    const err = capture();
    const pretty = new PrettyReporter({ out: out.output, err: err.output, color: false });
    const report = await mixedReport().then((r) => {
      // Replay the run's events as the runner sends them.
      pretty.onProgress({ type: 'suite-start', suite: r.suite, target: r.target, total: r.summary.total });
      r.checks.forEach((result, index) => {
        pretty.onProgress({
          type: 'check-start',
          index,
          total: r.summary.total,
          id: result.id,
          title: result.title,
        });
        pretty.onProgress({ type: 'check-end', index, total: r.summary.total, result });
      });
      return r;
    });
    pretty.finish(report);
    const text = out.chunks.join('');
    expect(text).toMatch(/^callbacks: \d+ checks against http:\/\/127\.0\.0\.1:\d+\n/);
    expect(text).toMatch(/\n {2}PASS customer\.registration-fields {2}GET \/customer without parameters/);
    expect(text).toMatch(/\n {2}SKIP auth\.expired-credential .*\(an API key does not expire\)\n/);
    expect(text).toMatch(/\n {2}WARN bad-request\.rate\.both-delivery-methods .* — a request outside/);
    expect(text).toMatch(/\nWarnings \(.*--strict.*\)\n\n {2}WARN bad-request\.rate\.both-delivery-methods/);
    expect(text).toMatch(/\nFailures\n\n {2}FAIL rate\.firm\.has-id/);
    expect(text).toContain('    expected: For type=firm, `rate.id` is present: a non-empty string');
    expect(text).toContain('    level:    must (the real caller would fail or misbehave)\n');
    expect(text).toContain('    level:    should (the contract asks for it; the real caller tolerates it)\n');
    expect(text).toMatch(
      /\nFAILED callbacks: \d+ checks, \d+ passed, 1 warned, 2 failed, 2 skipped \(\d+\.\d s\)\n$/,
    );
    // Progress on a terminal: a transient line per running check, cleared afterwards.
    expect(err.chunks.join('')).toContain(
      `\r\u001b[2K[1/${report.summary.total}] customer.registration-fields …`,
    );
  });

  it('keeps stderr clean when it is not a terminal', () => {
    const out = capture();
    const err = {
      chunks: [] as string[],
      output: { write: (t: string) => err.chunks.push(t), isTTY: false },
    };
    const pretty = new PrettyReporter({ out: out.output, err: err.output, color: false });
    pretty.onProgress({ type: 'check-start', index: 0, total: 1, id: 'x.pass', title: 't' });
    pretty.finish(hostileReport());
    expect(err.chunks).toEqual([]);
  });
});
