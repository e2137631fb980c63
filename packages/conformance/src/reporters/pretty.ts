/**
 * The pretty reporter, for people: one line per check as it ends, the evidence of every
 * warning and failure, and a summary. While a check runs, a progress line is kept on stderr when stderr is
 * a terminal.
 */
import type { CheckResult, Report } from '../model.js';
import type { ProgressEvent } from '../runner.js';
import { evidenceLines } from './text.js';

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface PrettyOptions {
  out: Output;
  /** Gets the transient progress line when it is a terminal. */
  err?: Output;
  /** Colours (default: when `out` is a terminal and NO_COLOR is not set). */
  color?: boolean;
}

const MARK: Record<CheckResult['status'], string> = {
  pass: 'PASS',
  warn: 'WARN',
  fail: 'FAIL',
  skip: 'SKIP',
};
const COLOR: Record<CheckResult['status'], string> = { pass: '32', warn: '35', fail: '31', skip: '33' };

export class PrettyReporter {
  private readonly out: Output;
  private readonly err: Output | undefined;
  private readonly color: boolean;
  private progressShown = false;

  constructor(options: PrettyOptions) {
    this.out = options.out;
    this.err = options.err;
    this.color = options.color ?? (options.out.isTTY === true && !process.env.NO_COLOR);
  }

  private paint(code: string, text: string): string {
    return this.color ? `\x1b[${code}m${text}\x1b[0m` : text;
  }

  private clearProgress(): void {
    if (this.progressShown) {
      this.err?.write('\r\x1b[2K');
      this.progressShown = false;
    }
  }

  /** Pass to `runSuite` as `onProgress`. */
  readonly onProgress = (event: ProgressEvent): void => {
    if (event.type === 'suite-start') {
      this.out.write(`${event.suite}: ${event.total} checks against ${event.target}\n`);
    } else if (event.type === 'check-start') {
      if (this.err?.isTTY) {
        this.err.write(`\r\x1b[2K[${event.index + 1}/${event.total}] ${event.id} …`);
        this.progressShown = true;
      }
    } else {
      this.clearProgress();
      const r = event.result;
      const mark = this.paint(COLOR[r.status], MARK[r.status]);
      const tail = !r.message ? '' : r.status === 'skip' ? ` (${r.message})` : ` — ${r.message}`;
      this.out.write(`  ${mark} ${r.id}  ${r.title} [${r.durationMs} ms]${tail}\n`);
    }
  };

  /** Writes the evidence of each warning and failure, and the summary. */
  finish(report: Report): void {
    this.clearProgress();
    this.section(report, 'warn', 'Warnings (the real caller tolerates these; --strict fails them)');
    this.section(report, 'fail', 'Failures');
    const { summary: s } = report;
    const verdict = report.ok ? this.paint('32', 'OK') : this.paint('31', 'FAILED');
    const strict = report.strict ? ', strict' : '';
    this.out.write(
      `\n${verdict} ${report.suite}: ${s.total} checks, ${s.passed} passed, ${s.warned} warned, ${s.failed} failed, ${s.skipped} skipped (${(report.durationMs / 1000).toFixed(1)} s${strict})\n`,
    );
  }

  private section(report: Report, status: 'warn' | 'fail', heading: string): void {
    const checks = report.checks.filter((c) => c.status === status);
    if (checks.length === 0) return;
    this.out.write(`\n${this.paint('1', heading)}\n`);
    for (const check of checks) {
      this.out.write(`\n  ${this.paint(COLOR[status], MARK[status])} ${check.id}  ${check.title}\n`);
      if (check.message) this.out.write(`    ${check.message}\n`);
      for (const evidence of check.evidence) {
        this.out.write('\n');
        for (const line of evidenceLines(evidence)) this.out.write(`    ${line}\n`);
      }
    }
  }
}
