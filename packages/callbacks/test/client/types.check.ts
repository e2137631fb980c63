// Compile-time checks of the generated client: `pnpm lint` (tsc) fails if a wrong call compiles.
// Not run by vitest; every line below is type-checked only.
import { createClient } from '../../src/index.js';

const client = createClient({ baseUrl: 'http://127.0.0.1:4010' });
const USD = 'iso4217:USD';

export async function checks() {
  // A correct call compiles, and the answer is typed.
  const { data } = await client.GET('/rate', {
    params: { query: { type: 'firm', sell_asset: USD, buy_asset: USD, sell_amount: '1' } },
  });
  const price: string | undefined = data?.rate.price;

  // @ts-expect-error `type` is required
  await client.GET('/rate', { params: { query: { sell_asset: USD, buy_asset: USD } } });
  // @ts-expect-error `type` is indicative | firm
  await client.GET('/rate', { params: { query: { type: 'fixed', sell_asset: USD, buy_asset: USD } } });
  // @ts-expect-error no such path in the contract
  await client.GET('/quote');
  // @ts-expect-error DELETE needs the path id
  await client.DELETE('/customer/{id}', {});
  // @ts-expect-error memo_type is id | hash | text
  await client.GET('/customer', { params: { query: { memo_type: 'number' } } });
  // @ts-expect-error the body's first_name is a string
  await client.PUT('/customer', { body: { first_name: 7 } });

  const customer = await client.GET('/customer');
  // @ts-expect-error status is an enum, not any string
  const status: 'UNKNOWN' | undefined = customer.data?.status;
  return [price, status];
}
