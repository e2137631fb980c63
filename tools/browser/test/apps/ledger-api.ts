// A browser app on the ledger API client: one call to GET /ledgers/{sequence}, read as `mode` says.
import { createClient, ResponseValidationError } from '@starspec/ledger-api/client';
import { type Mode, outcomeOf } from './outcome.js';

export function call(baseUrl: string, mode: Mode) {
  const client = createClient({ baseUrl, validateResponses: mode === 'tolerant', strict: mode === 'strict' });
  const params = { path: { sequence: 7 } };
  return outcomeOf(
    async () => (await client.GET('/ledgers/{sequence}', { params })).data,
    ResponseValidationError,
  );
}
