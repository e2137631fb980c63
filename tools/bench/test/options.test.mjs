import { describe, expect, it } from 'vitest';
import { benchOptions } from '../src/results.mjs';

describe('benchOptions', () => {
  it.each([
    [[], { rounds: 15, durationMs: 2000, warmupMs: 2000, connections: 16, threads: 2, write: true }],
    [['--rounds', '21', '--threads', '1'], { rounds: 21, threads: 1, write: true }],
    // pnpm hands a `--` separator through to the script.
    [['--', '--quick'], { rounds: 1, durationMs: 1000, write: false }],
    [['--', '--duration', '4'], { durationMs: 4000, write: true }],
    // The rows measured alone, the others kept from the last whole run.
    [['--', '--only', 'start-up,payments'], { only: ['start-up', 'payments'], write: true }],
    [[], { only: undefined }],
  ])('reads %j', (argv, want) => {
    expect(benchOptions(argv)).toMatchObject(want);
  });

  it('refuses an unknown option', () => {
    expect(() => benchOptions(['--fast'])).toThrow();
  });
});
