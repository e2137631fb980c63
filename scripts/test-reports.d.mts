// Types of test-reports.mjs for the TypeScript tools that import it.
export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  failedFiles: number;
}

/** Sums the vitest.json reports under packages/, apps/ and tools/, and names each failure. */
export function readReports(root: string): { totals: TestTotals; failures: string[] };
