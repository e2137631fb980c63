/**
 * What a person should try when a run went wrong in one obvious way: every answer refused the
 * credential (or the lack of one).
 */
import type { Report, SuiteName } from './model.js';

/** Fewer answers than this say too little to blame the credential. */
const ENOUGH_ANSWERS = 3;

/** Every HTTP status the report's evidence shows. */
function statuses(report: Report): number[] {
  return report.checks.flatMap((check) =>
    check.evidence.flatMap((e) => (e.response?.status === undefined ? [] : [e.response.status])),
  );
}

export interface CredentialFlags {
  jwtSecret?: unknown;
  apiKey?: unknown;
  headers?: Record<string, string>;
}

/** A hint when every answer was 401 or 403, naming the flag to add or check; else undefined. */
export function credentialHint(suite: SuiteName, report: Report, given: CredentialFlags): string | undefined {
  const seen = statuses(report);
  if (seen.length < ENOUGH_ANSWERS || !seen.every((s) => s === 401 || s === 403)) return undefined;
  const status = seen.every((s) => s === 403) ? 403 : 401;
  const prefix = `every answer was ${status}`;
  if (suite === 'callbacks') {
    if (given.jwtSecret === undefined && given.apiKey === undefined) {
      return `${prefix}: the anchor asks for the platform's credential. Pass --jwt-secret (callback_api.auth type jwt) or --api-key (type api_key).`;
    }
    return `${prefix} with the credential given: check the ${given.jwtSecret !== undefined ? '--jwt-secret (and --jwt-header)' : '--api-key'} against the anchor's configuration.`;
  }
  if (given.headers === undefined || Object.keys(given.headers).length === 0) {
    return `${prefix}: the provider asks for a credential. Pass it with --header, e.g. --header 'Authorization: Bearer <token>'.`;
  }
  return `${prefix} with the headers given: check the --header values against the provider's.`;
}
