// A ledger provider checking both of its public APIs before a release: the Horizon-compatible REST
// API and the Stellar-RPC-compatible JSON-RPC endpoint, with its own credential, each suite run
// once in full and reduced to one line per problem a client would meet.
import {
  evidenceText,
  listChecks,
  type Report,
  type RunOptions,
  runSuite,
  type SuiteName,
} from '@starspec/conformance';

const headers = { authorization: `Bearer ${process.env.PROVIDER_TOKEN ?? ''}` };
const targets: { suite: SuiteName; options: RunOptions }[] = [
  { suite: 'ledger-api', options: { baseUrl: process.env.REST_URL ?? 'http://127.0.0.1:8000', headers } },
  { suite: 'ledger-rpc', options: { baseUrl: process.env.RPC_URL ?? 'http://127.0.0.1:8001/', headers } },
];

/** The checks that failed or warned, each with the first line of its evidence. */
function problems(report: Report): string[] {
  return report.checks
    .filter((check) => check.status === 'fail' || check.status === 'warn')
    .map((check) => {
      const evidence = evidenceText(check.evidence).split('\n')[0] ?? '';
      return `${check.status.toUpperCase()} [${check.level}] ${check.id}: ${check.message ?? ''}\n    ${evidence}`;
    });
}

let ok = true;
for (const { suite, options } of targets) {
  // allowSubmit stays off: a release check sends no transaction, not even one that cannot apply.
  const report = await runSuite(suite, { ...options, allowSubmit: false });
  const { total, passed, warned, failed, skipped } = report.summary;
  console.log(
    `${suite} (${listChecks(suite).length} checks): ${passed}/${total} passed, ${warned} warned, ${failed} failed, ${skipped} skipped`,
  );
  for (const line of problems(report)) console.log(`  ${line}`);
  ok &&= report.ok;
}
process.exitCode = ok ? 0 : 1;
