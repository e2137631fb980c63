// A browser app on the callbacks client: one call to GET /rate, its answer read as `mode` says.
import { createClient, ResponseValidationError } from '@starspec/callbacks/client';
import { type Mode, outcomeOf } from './outcome.js';

export function call(baseUrl: string, mode: Mode) {
  const client = createClient({ baseUrl, validateResponses: mode === 'tolerant', strict: mode === 'strict' });
  const query = {
    type: 'indicative',
    sell_asset: 'iso4217:USD',
    buy_asset: 'stellar:native',
    sell_amount: '100',
  } as const;
  return outcomeOf(
    async () => (await client.GET('/rate', { params: { query } })).data,
    ResponseValidationError,
  );
}
