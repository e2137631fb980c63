// The root README shows the form of `npm test`'s summary line, as scripts/test.mjs prints it, and
// no count: the number of tests grows with every change.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const script = readFileSync(join(root, 'scripts', 'test.mjs'), 'utf8');

describe("npm test's summary line in the README", () => {
  it('pins no count', () => {
    expect(readme).not.toMatch(/tests: \d+ passed/);
  });

  it('has the form the script prints', () => {
    const shown = /`(tests: N passed, N failed, N skipped)`/.exec(readme)?.[1];
    const printed = /`(tests: \$\{[^`]*skipped)/.exec(script)?.[1]?.replace(/\$\{[^}]+\}/g, 'N');
    expect(shown).toBeDefined();
    expect(shown).toBe(printed);
  });
});
