/**
 * The JUnit XML reporter, for CI systems that show test reports: one <testsuite> per suite run,
 * one <testcase> per check (name = check id), <failure> with the evidence, <skipped> with the
 * reason. JUnit has no warning: a warning is a <skipped message="warning: …"> whose evidence is in
 * <system-out>, so that CI shows it without failing the build.
 */
import type { Report } from '../model.js';
import { evidenceText } from './text.js';

// Characters XML 1.0 does not allow at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

/** Content text keeps its line breaks. */
function escapeText(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

export function formatJunit(report: Report): string {
  const { summary } = report;
  const attrs = (values: Record<string, string | number>) =>
    Object.entries(values)
      .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
      .join('');
  const counts = {
    tests: summary.total,
    failures: summary.failed,
    errors: 0,
    skipped: summary.skipped + summary.warned,
    time: seconds(report.durationMs),
  };
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs({ name: 'starspec-conformance', ...counts })}>`,
    `  <testsuite${attrs({ name: report.suite, ...counts, timestamp: report.startedAt })}>`,
    '    <properties>',
    `      <property${attrs({ name: 'target', value: report.target })}/>`,
    `      <property${attrs({ name: 'tool', value: `${report.tool.name} ${report.tool.version}` })}/>`,
    '    </properties>',
  ];
  for (const check of report.checks) {
    const open = `    <testcase${attrs({ classname: `${report.suite}`, name: check.id, time: seconds(check.durationMs) })}>`;
    lines.push(open);
    if (check.status === 'fail') {
      lines.push(
        `      <failure${attrs({ message: check.message ?? 'failed', type: 'conformance' })}>${escapeText(evidenceText(check.evidence))}</failure>`,
      );
    } else if (check.status === 'skip') {
      lines.push(`      <skipped${attrs({ message: check.message ?? 'skipped' })}/>`);
    } else if (check.status === 'warn') {
      lines.push(
        `      <skipped${attrs({ message: `warning: ${check.message ?? 'a should-level problem'}` })}/>`,
      );
    }
    const out =
      check.status === 'warn'
        ? `${check.title}\nwarning (level should): ${check.message ?? ''}\n\n${evidenceText(check.evidence)}`
        : check.status === 'pass' && check.message
          ? `${check.title}\n${check.message}`
          : check.title;
    lines.push(`      <system-out>${escapeText(out)}</system-out>`);
    lines.push('    </testcase>');
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
