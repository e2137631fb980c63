// A deposit watcher for an exchange's hot wallet: it reads every payment the network makes from the
// moment it first starts, keeps those into the wallet, and saves the paging token of each page it
// has handled, so that a restart resumes exactly where it stopped (no deposit twice, none missed).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createClient, cursorAfterLedger, paginatePages } from '@starspec/ledger-api';

const wallet = process.env.WALLET_ACCOUNT ?? 'GAOHQTLLVK7FU7RC76PE6U5IYBKNKB5B2S45U2OUPQMRCAKNOKTO3JVF';
const cursorFile = process.env.CURSOR_FILE ?? 'deposits.cursor';
const horizon = createClient({
  baseUrl: process.env.HORIZON_URL ?? 'https://horizon-testnet.stellar.org',
  validateResponses: true, // tolerant: members a newer server adds are ignored
});

/** The saved cursor, or one just past the latest ledger on the first run. */
async function startingCursor(): Promise<string> {
  if (existsSync(cursorFile)) return readFileSync(cursorFile, 'utf8').trim();
  const { data, error, response } = await horizon.GET('/ledgers', {
    params: { query: { order: 'desc', limit: 1 } },
  });
  const latest = data?._embedded.records[0];
  if (!latest) throw new Error(`no latest ledger: ${response.status} ${error?.title ?? ''}`);
  return cursorAfterLedger(latest.sequence);
}

function credit(hash: string, from: string, amount: string, asset: string) {
  // Book the deposit here, idempotently by transaction hash.
  console.log(`${hash}: ${amount} ${asset} from ${from}`);
}

let cursor = await startingCursor();
for (;;) {
  // Up to 10 pages per round, in ledger order; the walk ends at the first empty page.
  const pages = paginatePages(horizon, '/payments', {
    params: { query: { cursor, order: 'asc', limit: 200 } },
    maxPages: 10,
  });
  for await (const page of pages) {
    for (const payment of page._embedded.records) {
      if (payment.type === 'payment' && payment.to === wallet) {
        const asset =
          payment.asset_type === 'native' ? 'XLM' : `${payment.asset_code}:${payment.asset_issuer}`;
        credit(payment.transaction_hash, payment.from, payment.amount, asset);
      } else if (payment.type === 'create_account' && payment.account === wallet) {
        credit(payment.transaction_hash, payment.funder, payment.starting_balance, 'XLM');
      }
    }
    const last = page._embedded.records.at(-1);
    if (last) {
      cursor = last.paging_token;
      writeFileSync(cursorFile, cursor);
    }
  }
  await sleep(5_000); // a ledger closes about every 5 s
}
