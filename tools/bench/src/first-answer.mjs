// Process start to first answer: a command that prints a JSON line with `"ready": true` once it
// listens is started, asked once, and stopped; the two sides alternate in rounds.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { median } from './stats.mjs';

/**
 * Milliseconds from starting `command` to the end of the first answer to `ask(ready)`, where
 * `ready` is the command's ready line (it carries the URL of a server started on port 0).
 */
export async function timeFirstAnswer({ command, cwd, ask }) {
  const started = performance.now();
  const [file, ...args] = command;
  const child = spawn(file, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const ready = await new Promise((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`${command.join(' ')} exited with ${code} before ready`)),
      );
      createInterface({ input: child.stdout }).on('line', (line) => {
        try {
          const event = JSON.parse(line);
          if (event.ready === true) resolve(event);
        } catch {
          // Not a JSON line: not the ready one.
        }
      });
    });
    await ask(ready);
    return performance.now() - started;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * A `time` row: `subject` and `baseline` are `{ label, command, ask }` (see `timeFirstAnswer`),
 * started one after the other in each round, each round starting with the other side.
 * `goal` is an absolute one of the subject, e.g. `{ below: 1000 }` milliseconds.
 */
export async function compareFirstAnswer({ id, title, subject, baseline, cwd, rounds, goal }) {
  const results = [];
  for (let round = 0; round < rounds; round++) {
    const sides = round % 2 === 0 ? [baseline, subject] : [subject, baseline];
    const ms = new Map();
    for (const side of sides) ms.set(side, await timeFirstAnswer({ ...side, cwd }));
    results.push({ subjectMs: ms.get(subject), baselineMs: ms.get(baseline) });
    console.error(
      `  ${id} round ${round + 1}: ${subject.label} ${ms.get(subject).toFixed(1)} ms, ` +
        `${baseline.label} ${ms.get(baseline).toFixed(1)} ms`,
    );
  }
  const ratios = results.map((r) => r.subjectMs / r.baselineMs);
  return {
    kind: 'time',
    id,
    title,
    unit: 'ms',
    subject: { name: subject.label, time: Number(median(results.map((r) => r.subjectMs)).toFixed(1)) },
    baseline: { name: baseline.label, time: Number(median(results.map((r) => r.baselineMs)).toFixed(1)) },
    ratio: Number(median(ratios).toFixed(3)),
    rounds: ratios.map((r) => Number(r.toFixed(3))),
    ...(goal === undefined ? {} : { goal }),
  };
}
