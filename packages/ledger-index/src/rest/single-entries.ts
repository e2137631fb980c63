/**
 * The single-entry endpoints (an account, one of its data entries, an offer, a claimable balance,
 * a liquidity pool). A face whose index holds the whole state (the sandbox's) answers from it. A
 * face whose index began at some ledger (the gateway's) answers from it what it knows completely,
 * reads the rest by key from its EntrySource (getLedgerEntries) and builds the same records from
 * it; an answer it cannot make complete is a 503 problem, never a record missing parts.
 */
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { base64, claimableBalanceId } from '../derive/format.js';
import { accountRecord } from '../derive/state/account.js';
import { claimableBalanceRecord } from '../derive/state/claimable-balance.js';
import { sponsorField } from '../derive/state/common.js';
import { liquidityPoolRecord } from '../derive/state/liquidity-pool.js';
import { unknownSubentries } from '../derive/state/subentries.js';
import type { EntrySource } from '../source.js';
import { ledgerKeyBase64 } from '../store/entry-state.js';
import type { IndexStore } from '../store/index-store.js';
import { invalidField, type Problem, SERVICE_UNAVAILABLE, STILL_INGESTING } from './problems.js';

/** A record found, a problem, or undefined for Horizon's 404. */
export type Lookup = { body: unknown } | { problem: Problem } | undefined;

export interface SingleEntries {
  account(id: string): Promise<Lookup>;
  data(id: string, name: string): Promise<Lookup>;
  offer(id: string): Promise<Lookup>;
  claimableBalance(id: string): Promise<Lookup>;
  liquidityPool(id: string): Promise<Lookup>;
}

// Horizon's messages (`actions/validators.go` customTagsErrorMessages).
const BAD_ACCOUNT = invalidField(
  'account_id',
  'Account ID must start with `G` and contain 56 alphanum characters',
);
const BAD_BALANCE = invalidField(
  'id',
  'Claimable Balance ID must be the hex-encoded XDR representation of a Claimable Balance ID',
);

const INT64_MAX = 2n ** 63n - 1n;

function accountKey(id: string): xdr.LedgerKey {
  const accountId = xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
  return xdr.LedgerKey.account(new xdr.LedgerKeyAccount({ accountId }));
}

/** Horizon's `isClaimableBalanceID`: the hex decodes as a ClaimableBalanceID (and nothing after it). */
function balanceIdOf(id: string): xdr.ClaimableBalanceId | undefined {
  try {
    const balanceId = xdr.ClaimableBalanceId.fromXdr(id, 'hex');
    return claimableBalanceId(balanceId) === id.toLowerCase() ? balanceId : undefined;
  } catch {
    return undefined;
  }
}

/** The idPool of a ledger header in the index: the last offer id given out by then. */
function idPoolOf(ledger: unknown): bigint | undefined {
  const headerXdr = (ledger as { header_xdr?: string } | undefined)?.header_xdr;
  return headerXdr ? xdr.LedgerHeader.fromXdr(headerXdr, 'base64').idPool : undefined;
}

function accountMissingParts(id: string, unknown: number, ledger: number): Problem {
  return {
    ...STILL_INGESTING,
    detail:
      'The account exists, but some of its trust lines, offers or data entries have not changed since this ' +
      'server began ingesting, and the RPC server can only be asked for an entry by its key, which for those ' +
      'needs what only the entry says (its asset, its name, its id). Rather than an account missing balances or ' +
      'data, no answer is given: it is complete once each of those entries changes on the network, or from a ' +
      'server that began ingesting before they were made.',
    extras: { account_id: id, unknown_subentries: unknown, ledger },
  };
}

function offerNotIngested(id: string, idPool: bigint | undefined): Problem {
  return {
    ...STILL_INGESTING,
    detail:
      'This offer id was given out before the oldest ledger this server ingested, and the offer has not changed ' +
      'since: an offer can only be read from the RPC server by its seller and id, and the seller is not known ' +
      'here. Whether it is still open cannot be said; its seller’s offers (/accounts/{seller}/offers) or a server ' +
      'that began ingesting earlier can.',
    extras: {
      offer_id: id,
      ...(idPool === undefined ? {} : { ingested_offer_ids_after: idPool.toString() }),
    },
  };
}

export function singleEntries(
  store: IndexStore,
  state?: EntrySource,
  onError?: (error: unknown) => void,
): SingleEntries {
  const { state: records } = store;

  /** The close time of a ledger: from the index, else from the source (null when neither knows). */
  async function closeTime(sequence: number): Promise<string | null> {
    const held = (await store.ledger(sequence)) as { closed_at?: string } | undefined;
    return held?.closed_at ?? (state ? state.closeTime(sequence) : null);
  }

  /** Reads from the source; its failure is a 503 problem (and reported), never a 500. */
  async function fresh(read: (source: EntrySource) => Promise<Lookup>): Promise<Lookup> {
    if (!state) return undefined;
    try {
      return await read(state);
    } catch (error) {
      onError?.(error);
      return { problem: SERVICE_UNAVAILABLE };
    }
  }

  /** One entry by key: the index's record when it has one, else the source's entry made a record. */
  async function byKey(
    held: unknown,
    key: xdr.LedgerKey,
    record: (entry: xdr.LedgerEntry, closedAt: string | null) => unknown,
  ): Promise<Lookup> {
    if (held) return { body: held };
    const keyText = ledgerKeyBase64(key);
    return fresh(async (source) => {
      const entry = (await source.entries([keyText])).entries.get(keyText);
      return entry ? { body: record(entry, await closeTime(entry.lastModifiedLedgerSeq)) } : undefined;
    });
  }

  return {
    async account(id) {
      if (!StrKey.isValidEd25519PublicKey(id)) return { problem: BAD_ACCOUNT };
      if (!state) {
        const held = await records.account(id);
        return held ? { body: held } : undefined;
      }
      const owned = await store.ownedEntries(id);
      const own = owned.find(({ entry }) => entry.data.type === 'account')?.entry;
      const subentries = owned.filter(({ entry }) => entry.data.type !== 'account');
      if (
        own?.data.type === 'account' &&
        unknownSubentries(
          own.data.account,
          subentries.map((o) => o.entry),
        ) === 0
      ) {
        const held = await records.account(id);
        if (held) return { body: held };
      }
      const key = ledgerKeyBase64(accountKey(id));
      return fresh(async (source) => {
        const live = await source.entries([key, ...subentries.map((o) => o.key)]);
        const account = live.entries.get(key);
        if (account?.data.type !== 'account') return undefined;
        const others = [...live.entries.values()].filter((entry) => entry !== account);
        const unknown = unknownSubentries(account.data.account, others);
        if (unknown !== 0) return { problem: accountMissingParts(id, unknown, live.ledger) };
        const entries = {
          account,
          trustLines: others.filter((entry) => entry.data.type === 'trustline'),
          data: others.filter((entry) => entry.data.type === 'data'),
        };
        return { body: accountRecord(entries, await closeTime(account.lastModifiedLedgerSeq)) };
      });
    },

    // Horizon's GetAccountDataHandler: the entry's value (base64) and sponsor; 404 without the entry.
    async data(id, name) {
      if (!StrKey.isValidEd25519PublicKey(id)) return { problem: BAD_ACCOUNT };
      const dataName = Buffer.from(name, 'utf8');
      // Horizon counts the name's characters; no entry has a name over 64 bytes.
      if (dataName.length > 64) return undefined;
      const accountId = xdr.PublicKey.publicKeyTypeEd25519(StrKey.decodeEd25519PublicKey(id));
      const key = xdr.LedgerKey.data(new xdr.LedgerKeyData({ accountId, dataName }));
      const value = (entry: xdr.LedgerEntry) =>
        entry.data.type === 'data'
          ? { value: base64(entry.data.data.dataValue.toBytes()), ...sponsorField(entry) }
          : undefined;
      const held = await store.entry(ledgerKeyBase64(key));
      return byKey(held && value(held), key, value);
    },

    async offer(id) {
      // Horizon reads the id as an int64: past it, no offer.
      if (BigInt(id) > INT64_MAX) return undefined;
      const held = await records.offer(BigInt(id));
      if (held) return { body: held };
      // No source, or an index holding the whole state since a checkpoint: its absence is an answer.
      if (!state || (await store.stateLedger()) !== undefined) return undefined;
      // Offer ids are handed out in order (the header's idPool): one past the oldest ingested
      // ledger's was made in an ingested ledger, so the index saw it and its absence is an answer.
      const idPool = idPoolOf(await store.ledger((await store.oldestLedger()) ?? 0));
      if (idPool !== undefined && BigInt(id) > idPool) return undefined;
      return { problem: offerNotIngested(id, idPool) };
    },

    async claimableBalance(id) {
      const balanceId = balanceIdOf(id);
      if (!balanceId) return { problem: BAD_BALANCE };
      const key = xdr.LedgerKey.claimableBalance(new xdr.LedgerKeyClaimableBalance({ balanceId }));
      return byKey(await records.claimableBalance(id.toLowerCase()), key, claimableBalanceRecord);
    },

    async liquidityPool(id) {
      const liquidityPoolId = xdr.PoolId.fromXdr(id, 'hex');
      const key = xdr.LedgerKey.liquidityPool(new xdr.LedgerKeyLiquidityPool({ liquidityPoolId }));
      return byKey(await records.liquidityPool(id.toLowerCase()), key, liquidityPoolRecord);
    },
  };
}
