/**
 * Where reingestion reads a range of ledgers: a Stellar RPC server (getLedgers, a page of up to
 * 200 at a time) or a data lake folder (lake.ts).
 */
import { createClient } from '@starspec/ledger-rpc/client';
import type { xdr } from '@stellar/stellar-sdk/base';
import { LakeError, LakeReader } from './lake.js';

export type SourceSpec = { kind: 'rpc'; url: string } | { kind: 'lake'; dir: string };

export interface RangeSource {
  readonly passphrase: string;
  /** Throws, saying why, when the source does not hold every ledger from `from` to `to`. */
  check(from: number, to: number): Promise<void>;
  /** The ledgers `from` to `to`, in order (XDR, or base64 as RPC sends it). */
  ledgers(from: number, to: number): Promise<(xdr.LedgerCloseMeta | string)[]>;
}

/** A range past what the source holds. */
export class SourceRangeError extends Error {
  override readonly name = 'RangeError';
}

const PAGE = 200;

export function describeSource(spec: SourceSpec): string {
  return spec.kind === 'rpc' ? spec.url : `the data lake ${spec.dir}`;
}

export async function openRangeSource(spec: SourceSpec): Promise<RangeSource> {
  return spec.kind === 'rpc' ? rpcRangeSource(spec.url) : lakeRangeSource(spec.dir);
}

async function rpcRangeSource(url: string): Promise<RangeSource> {
  const client = createClient({ url });
  const { passphrase } = await client.getNetwork();
  return {
    passphrase,
    async check(from, to) {
      const { oldestLedger, latestLedger } = await client.getHealth();
      if (from < oldestLedger || to > latestLedger)
        throw new SourceRangeError(
          `the RPC server keeps ledgers ${oldestLedger}–${latestLedger}: ${from}–${to} is not within them`,
        );
    },
    async ledgers(from, to) {
      const metas: string[] = [];
      for (let next = from; next <= to; ) {
        const limit = Math.min(PAGE, to - next + 1);
        const page = await client.getLedgers({ startLedger: next, pagination: { limit } });
        const wanted = page.ledgers.filter((ledger) => ledger.sequence <= to);
        if (wanted[0]?.sequence !== next)
          throw new SourceRangeError(
            `the RPC server did not return ledger ${next} (it keeps ${page.oldestLedger}–${page.latestLedger})`,
          );
        for (const ledger of wanted) metas.push(ledger.metadataXdr);
        next = (wanted.at(-1)?.sequence ?? next) + 1;
      }
      return metas;
    },
  };
}

function lakeRangeSource(dir: string): RangeSource {
  const lake = new LakeReader(dir);
  return {
    passphrase: lake.manifest.networkPassphrase,
    async check(from, to) {
      const gap = lake.missing(from, to);
      if (gap) throw new LakeError(`ledger ${gap.ledger} is not in the data lake: ${gap.file} is missing`);
    },
    async ledgers(from, to) {
      return Array.from({ length: to - from + 1 }, (_, i) => lake.ledger(from + i));
    },
  };
}
