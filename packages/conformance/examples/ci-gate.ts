// An anchor's CI step, judging the back-end the pipeline deployed to staging.
// Progress and the evidence of every problem go to the log, a JUnit file to the CI's test tab and
// the JSON report to the build artefacts; the exit code gates the deploy (2 when the target or the
// options are wrong, so a broken pipeline is not read as a broken back-end).
import { readFileSync, writeFileSync } from 'node:fs';
import {
  formatJson,
  formatJunit,
  PrettyReporter,
  runSuite,
  TargetUnreachableError,
  UsageError,
} from '@starspec/conformance';
import { parse } from 'yaml';

const reporter = new PrettyReporter({ out: process.stdout, err: process.stderr });

try {
  const report = await runSuite('callbacks', {
    baseUrl: process.env.ANCHOR_URL ?? 'http://127.0.0.1:8081',
    jwtSecret: process.env.SECRET_CALLBACK_API_AUTH_SECRET,
    assets: parse(readFileSync(process.env.ASSETS_FILE ?? 'assets.yaml', 'utf8')),
    clientId: process.env.CLIENT_ID,
    // Warnings fail the gate on the main branch only: feature branches may merge with them.
    strict: process.env.CI_BRANCH === 'main',
    timeoutMs: 15_000,
    onProgress: reporter.onProgress,
  });
  reporter.finish(report);
  writeFileSync('conformance-junit.xml', formatJunit(report));
  writeFileSync('conformance-report.json', formatJson(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  if (!(error instanceof TargetUnreachableError || error instanceof UsageError)) throw error;
  console.error(`conformance: ${error.message}`);
  process.exitCode = 2;
}
