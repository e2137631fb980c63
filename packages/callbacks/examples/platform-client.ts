// The platform's side of the callbacks, from a test harness or a staging job: register a customer
// with an anchor back-end (SEP-12), ask it for a firm quote (SEP-38), and judge the quote the way
// the Anchor Platform would before handing it to a wallet.
import {
  createClient,
  parseAssetConfig,
  type RateRequest,
  ResponseValidationError,
  rateErrorMessage,
  validateRateResponse,
} from '@starspec/callbacks';
import { credentialsMiddleware } from '@starspec/runtime';

const secret = process.env.SECRET_CALLBACK_API_AUTH_SECRET;
if (secret === undefined) throw new Error('set SECRET_CALLBACK_API_AUTH_SECRET');

const anchor = createClient({ baseUrl: process.env.ANCHOR_URL ?? 'http://127.0.0.1:8081', strict: true });
// Every request carries a fresh HS256 JWT, minted as the platform mints it.
anchor.use(credentialsMiddleware({ jwtSecret: secret }));

const account = 'GBLRB4TAZSOK3BTA4K7SLXSRQTCIAFNCE4H3OQ33X6MIQ4FYAXPKAFMC';
const clientId = 'GCOZK5QF6A7FICFZSFRM57DS37YOAZQ3RN5VMCUHUEF3NXQR2TD5LCCZ';

try {
  // 1. What does the anchor need from a new receiver?
  const fields = await anchor.GET('/customer', { params: { query: { account, type: 'sep31-receiver' } } });
  if (fields.error) throw new Error(`GET /customer: ${fields.response.status} ${fields.error.error}`);
  console.log('required:', Object.keys(fields.data.fields ?? {}));

  // 2. Give it, then read the customer back.
  const saved = await anchor.PUT('/customer', {
    body: {
      account,
      type: 'sep31-receiver',
      first_name: 'Ada',
      last_name: 'Lovelace',
      bank_account_number: '000123456789',
    },
  });
  if (saved.error) throw new Error(`PUT /customer: ${saved.response.status} ${saved.error.error}`);
  const customer = await anchor.GET('/customer', { params: { query: { id: saved.data.id } } });
  console.log(`customer ${saved.data.id}: ${customer.data?.status}`);

  // 3. A firm quote for 250 USD, and the two verdicts on it.
  const request: RateRequest = {
    type: 'firm',
    client_id: clientId,
    sell_asset: 'iso4217:USD',
    buy_asset: 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
    sell_amount: '250',
  };
  const quote = await anchor.GET('/rate', { params: { query: request }, parseAs: 'text' });
  const assets = parseAssetConfig({
    items: [
      { id: 'iso4217:USD', significant_decimals: 2 },
      {
        id: 'stellar:USDC:GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN',
        significant_decimals: 7,
      },
    ],
  });
  // The body as sent: the platform reads numbers as written and tolerates lenient JSON.
  const verdict = validateRateResponse({ request, body: quote.data ?? '', assets, checkExpiry: true });
  if (verdict.platform.outcome !== 'accept') {
    console.log(
      `the platform would answer ${verdict.platform.outcome}: ${rateErrorMessage(verdict.violations)}`,
    );
  } else {
    const { answer } = verdict.platform;
    console.log(`quote ${answer?.id}: total price ${answer?.total_price}, until ${answer?.expires_at}`);
    // Accepted by the platform, yet outside the contract (e.g. a price sent as a JSON number).
    for (const violation of verdict.contract.violations)
      console.log(`  ${violation.rule}: ${violation.message}`);
  }
} catch (error) {
  // strict: an answer with a member the contract does not declare is refused, with its location.
  if (!(error instanceof ResponseValidationError)) throw error;
  console.log(`${error.operationId} answered ${error.status} outside the contract:`);
  for (const problem of error.errors) console.log(`  ${problem.path} ${problem.message}`);
  process.exitCode = 1;
}
