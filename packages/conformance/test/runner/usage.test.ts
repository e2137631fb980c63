// Invalid options name the library's option in the library, the flag in the CLI.
import { describe, expect, it } from 'vitest';
import { flagOf } from '../../src/cli.js';
import { runSuite, UsageError } from '../../src/index.js';

const cases = [
  {
    given: { baseUrl: 'not a url' },
    library: "baseUrl: 'not a url' is not a URL",
    cli: "--base-url: 'not a url' is not a URL",
  },
  {
    given: { baseUrl: 'http://x', timeoutMs: 0 },
    library: 'timeoutMs: expected',
    cli: '--timeout: expected',
  },
  {
    given: { baseUrl: 'http://x', jwtHeader: 'X' },
    library: 'jwtHeader goes with jwtSecret',
    cli: '--jwt-header goes with --jwt-secret',
  },
  {
    given: { baseUrl: 'http://x', clientId: 'nobody' },
    library: "clientId: 'nobody'",
    cli: "--client-id: 'nobody'",
  },
  {
    given: { baseUrl: 'http://x', only: ['nope'] },
    library: '(list them with list)',
    cli: '(list them with --list)',
  },
];

describe('usage errors', () => {
  it.each(cases)('$library', async ({ given, library, cli }) => {
    const error = await runSuite('callbacks', given).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain(library);
    expect((error as UsageError).message).not.toContain('--');
    expect((error as UsageError).render(flagOf)).toContain(cli);
  });
});
