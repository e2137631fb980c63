// Reads the vitest.json report each package's vitest writes (restored by turbo on a cache hit) and
// sums them for `npm test`'s summary line. A file whose hooks or imports fail runs no test: its
// tests count as skipped, the file as failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export function readReports(root) {
  const totals = { passed: 0, failed: 0, skipped: 0, failedFiles: 0 };
  // Each failure is named again next to the summary line: a long log is often read from its end only.
  const failures = [];
  for (const group of ['packages', 'apps', 'tools']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name, 'test-results', 'vitest.json');
      if (!existsSync(file)) continue;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
      for (const result of report.testResults) {
        const where = `${group}/${name}/${relative(join(dir, name), result.name)}`;
        const failed = result.assertionResults.filter((test) => test.status === 'failed');
        for (const test of failed) {
          failures.push(`${where} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
        }
        if (result.status === 'failed' && failed.length === 0) {
          totals.failedFiles += 1;
          failures.push(`${where}: ${firstLine([result.message])}`);
        }
      }
    }
  }
  return { totals, failures };
}

function firstLine(messages) {
  const text = String(messages?.find((message) => message) ?? 'no message');
  const line = text.split('\n').find((candidate) => candidate.trim() !== '') ?? text;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
