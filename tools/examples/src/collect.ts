import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface Example {
  /** The document, relative to the repository root. */
  file: string;
  /** The line of the opening fence. */
  line: number;
  code: string;
  /** Marked ```ts run: it runs against the local stack (a person can run it after `npm start`). */
  run: boolean;
}

const FENCE = /^```(?:ts|typescript)(\s+run)?\s*$/;

/** The TypeScript code blocks of a Markdown document, in order. */
export function collectExamples(path: string, root: string): Example[] {
  const lines = readFileSync(path, 'utf8').split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i] ?? '');
    if (!fence) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i] ?? ''); i++) body.push(lines[i] ?? '');
    examples.push({
      file: relative(root, path),
      line: start + 1,
      code: `${body.join('\n')}\n`,
      run: fence[1] !== undefined,
    });
  }
  return examples;
}

/** A file name for an example that says where it comes from, e.g. `README.md-62.ts`. */
export const exampleFileName = (example: Example) =>
  `${example.file.replaceAll('/', '__')}-${example.line}.ts`;
