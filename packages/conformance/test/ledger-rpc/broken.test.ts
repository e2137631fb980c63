// Every check has a broken provider that it fails (broken.yaml), with evidence.
import { describeBrokenTable } from '../support/broken-table.js';
import { startRpcServer } from './server.js';

describeBrokenTable('ledger-rpc', new URL('./broken.yaml', import.meta.url), startRpcServer);
