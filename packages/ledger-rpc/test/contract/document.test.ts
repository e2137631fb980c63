// The JSON-RPC contract is a valid OpenRPC document for the OpenRPC tools themselves.
import { fileURLToPath } from 'node:url';
import { parseOpenRPCDocument, validateOpenRPCDocument } from '@open-rpc/schema-utils-js';
import { loadOpenRpc } from '@starspec/codegen';
import { describe, expect, it } from 'vitest';

// The contract as it is read from its parts (specs/ledger-rpc/).
const path = fileURLToPath(new URL('../../../../specs/ledger-rpc.openrpc.json', import.meta.url));
const text = JSON.stringify(await loadOpenRpc(path));

describe('specs/ledger-rpc.openrpc.json', () => {
  it('validates against the OpenRPC meta-schema', () => {
    expect(validateOpenRPCDocument(JSON.parse(text))).toBe(true);
  });

  it('parses with every reference resolved, and has the twelve methods', async () => {
    const document = await parseOpenRPCDocument(text);
    expect(document.methods.map((m) => ('name' in m ? m.name : '')).sort()).toEqual([
      'getEvents',
      'getFeeStats',
      'getHealth',
      'getLatestLedger',
      'getLedgerEntries',
      'getLedgers',
      'getNetwork',
      'getTransaction',
      'getTransactions',
      'getVersionInfo',
      'sendTransaction',
      'simulateTransaction',
    ]);
  });

  it('is refused by the same tools when broken', () => {
    const broken = JSON.parse(text);
    broken.methods[0].paramStructure = 'sideways';
    expect(validateOpenRPCDocument(broken)).not.toBe(true);
  });
});
