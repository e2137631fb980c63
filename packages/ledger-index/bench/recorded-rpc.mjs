// A Stellar RPC server that serves recorded public-network ledgers (`../shared/ledgers`, or
// $STARSPEC_SHARED/ledgers, see its SOURCES.md) through getLedgers, for the real-ledgers
// ingestion row. The recordings are far apart, so each is renumbered to follow the one before
// (only `ledgerSeq` in its header changes): a gateway ingests them as one consecutive history.
// It answers only what a gateway asks while catching up: getNetwork, getHealth, getLatestLedger,
// getLedgers (stellar-rpc `methods/get_ledgers.go` pages by startLedger and limit).
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Networks } from '@stellar/stellar-sdk';
import { ledgerCloseMetasOfFile } from '../dist/meta/ledger-files.js';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Where the recordings are, or undefined when this machine has none. */
export function recordingsDir() {
  const dir = join(process.env.STARSPEC_SHARED ?? join(repoRoot, '..', 'shared'), 'ledgers');
  return existsSync(join(dir, 'SOURCES.md')) ? dir : undefined;
}

const headerOf = (meta) => meta[meta.type].ledgerHeader;

/** The recordings in their order, renumbered from the first one's sequence on. */
function recordedLedgers(dir) {
  const metas = readdirSync(dir)
    .sort()
    .flatMap((file) => ledgerCloseMetasOfFile(join(dir, file)))
    .sort((a, b) => headerOf(a).header.ledgerSeq - headerOf(b).header.ledgerSeq);
  const first = headerOf(metas[0]).header.ledgerSeq;
  return metas.map((meta, i) => {
    const entry = headerOf(meta);
    entry.header.ledgerSeq = first + i;
    return {
      hash: entry.hash.toString(),
      sequence: first + i,
      ledgerCloseTime: String(entry.header.scpValue.closeTime),
      headerXdr: entry.toXDR('base64'),
      metadataXdr: meta.toXDR('base64'),
    };
  });
}

function answer(ledgers, method, params) {
  const oldest = ledgers[0];
  const latest = ledgers.at(-1);
  switch (method) {
    case 'getNetwork':
      return { passphrase: Networks.PUBLIC, protocolVersion: 26 };
    case 'getHealth':
      return {
        status: 'healthy',
        latestLedger: latest.sequence,
        oldestLedger: oldest.sequence,
        ledgerRetentionWindow: ledgers.length,
      };
    case 'getLatestLedger':
      return { id: latest.hash, sequence: latest.sequence, protocolVersion: 26 };
    case 'getLedgers': {
      const start = Number(params.startLedger ?? Number(params.pagination?.cursor) + 1);
      const limit = Math.min(Number(params.pagination?.limit ?? 100), 200);
      const page = ledgers.filter((l) => l.sequence >= start).slice(0, limit);
      return {
        ledgers: page,
        latestLedger: latest.sequence,
        latestLedgerCloseTime: latest.ledgerCloseTime,
        oldestLedger: oldest.sequence,
        oldestLedgerCloseTime: oldest.ledgerCloseTime,
        cursor: String(page.at(-1)?.sequence ?? start - 1),
      };
    }
    default:
      return undefined;
  }
}

/**
 * Starts the server on 127.0.0.1; resolves with its `rpcUrl`, `oldestLedger`, `latestLedger`,
 * `ledgerCount`, the recorded `ledgers` (getLedgers' items) and `stop()`.
 */
export async function startRecordedRpc(dir = recordingsDir(), transform = (ledgers) => ledgers) {
  const ledgers = transform(recordedLedgers(dir));
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const { id, method, params = {} } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const result = answer(ledgers, method, params);
      const body =
        result === undefined
          ? { jsonrpc: '2.0', id, error: { code: -32601, message: `method not found: ${method}` } }
          : { jsonrpc: '2.0', id, result };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
  });
  // Longer than a client's idle keep-alive (undici's 4 s), so no client reuses a closing socket.
  server.keepAliveTimeout = 60_000;
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    rpcUrl: `http://127.0.0.1:${server.address().port}`,
    oldestLedger: ledgers[0].sequence,
    latestLedger: ledgers.at(-1).sequence,
    ledgerCount: ledgers.length,
    ledgers,
    stop: () => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    },
  };
}
