// Every check has a broken provider that it fails (broken.yaml), with evidence.
import { describeBrokenTable } from '../support/broken-table.js';
import { startLedgerServer } from './server.js';

describeBrokenTable('ledger-api', new URL('./broken.yaml', import.meta.url), startLedgerServer);
