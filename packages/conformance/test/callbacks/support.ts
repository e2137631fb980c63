// Runs the callbacks suite against a test server, with the options most tests share.
import type { CallbacksOptions, Report, RunOptions } from '../../src/index.js';
import { runSuite } from '../../src/index.js';
import { HANG_MS } from '../support/hang.js';
import {
  API_KEY,
  ASSETS,
  JWT_SECRET,
  KNOWN_CLIENT,
  type ServerAuth,
  startCallbacksServer,
} from './server.js';

export type AuthKind = 'jwt' | 'api-key' | 'none';

export function serverAuth(kind: AuthKind, jwtHeader?: string): ServerAuth | undefined {
  if (kind === 'jwt') return { kind: 'jwt', secret: JWT_SECRET, ...(jwtHeader ? { header: jwtHeader } : {}) };
  if (kind === 'api-key') return { kind: 'api-key', key: API_KEY };
  return undefined;
}

export function clientAuth(kind: AuthKind): Pick<CallbacksOptions, 'jwtSecret' | 'apiKey'> {
  if (kind === 'jwt') return { jwtSecret: JWT_SECRET };
  if (kind === 'api-key') return { apiKey: API_KEY };
  return {};
}

/** Starts the test server (with breaks), runs the suite against it, stops the server. */
export async function runAgainstServer(
  options: {
    auth?: AuthKind;
    /** The header in which the server reads the JWT. */
    jwtHeader?: string;
    breaks?: readonly string[];
    suite?: Partial<RunOptions & CallbacksOptions>;
  } = {},
): Promise<Report> {
  const auth = serverAuth(options.auth ?? 'jwt', options.jwtHeader);
  const server = await startCallbacksServer({
    ...(auth ? { auth } : {}),
    breaks: options.breaks ?? [],
  });
  try {
    return await runSuite('callbacks', {
      baseUrl: server.url,
      assets: ASSETS,
      clientId: KNOWN_CLIENT,
      timeoutMs: HANG_MS,
      ...clientAuth(options.auth ?? 'jwt'),
      ...options.suite,
    });
  } finally {
    await server.close();
  }
}

/** `id: status (message)` per check, for readable assertion failures. */
export function outcomes(report: Report): Record<string, string> {
  return Object.fromEntries(
    report.checks.map((c) => [c.id, c.message ? `${c.status} (${c.message})` : c.status]),
  );
}

export function failures(report: Report): Record<string, string> {
  return Object.fromEntries(
    report.checks.filter((c) => c.status === 'fail').map((c) => [c.id, c.message ?? '']),
  );
}
