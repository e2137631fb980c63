// CI runs the test command on Node 20 and again on Node 24. The second run must run every test
// again (their hashes take the Node major), while builds and lints, whose output does not depend
// on the Node that made it, come from the cache.
import { expect, test } from 'vitest';
import { pnpmOutput, turboEnv } from '../../../scripts/toolchain.mjs';

interface DryTask {
  taskId: string;
  task: string;
  hash: string;
}

function hashes(nodeMajor: string): Map<string, DryTask> {
  const env = { ...turboEnv(), STARSPEC_NODE_MAJOR: nodeMajor };
  const dry = pnpmOutput(['exec', 'turbo', 'run', 'lint', 'test', '--dry=json'], { env });
  return new Map((JSON.parse(dry).tasks as DryTask[]).map((t) => [t.taskId, t]));
}

test('a run on another Node major reruns every test task and reuses every build and lint', () => {
  const on20 = hashes('20');
  const on24 = hashes('24');
  const changed = (kind: string) =>
    [...on20.values()]
      .filter((t) => t.task === kind)
      .map((t) => ({ task: t.taskId, rerun: on24.get(t.taskId)?.hash !== t.hash }));
  for (const kind of ['build', 'lint', 'generate']) {
    expect(changed(kind).filter((t) => t.rerun)).toEqual([]);
  }
  const tests = changed('test');
  expect(tests.length).toBeGreaterThan(10);
  expect(tests.filter((t) => !t.rerun)).toEqual([]);
});
