/**
 * getEvents (stellar-rpc `methods/get_events.go`, go-stellar-sdk `GetEventsRequest.Valid`,
 * `EventFilter`, `TopicFilter` and `cursor.go`): the CAP-67 events of the closed ledgers, at
 * most 10,000 ledgers per call, filtered by type, contract and topics with `*` and `**`.
 */
import type { EventInfo, GetEventsParams, GetEventsResult } from '@starspec/ledger-rpc';
import { StrKey, xdr } from '@stellar/stellar-sdk/base';
import { compareCursors, cursorId, type EventCursor, maxCursorOf, parseEventId } from '../network/cursor.js';
import type { EventRecord } from '../network/records.js';
import { checkFormat, invalidParams, invalidRequest, ledgerRange, type RpcContext } from './common.js';
import type { ToJson } from './xdr-json.js';

/** stellar-rpc LedgerScanLimit: the most ledgers one call reads. */
export const LEDGER_SCAN_LIMIT = 10_000;
/** stellar-rpc `max-events-limit` and `default-events-limit`. */
export const MAX_EVENTS_LIMIT = 10_000;
export const DEFAULT_EVENTS_LIMIT = 100;
const MAX_FILTERS = 5;
const MAX_CONTRACT_IDS = 5;
const MAX_TOPICS = 5;
const MAX_SEGMENTS = 4;

interface TopicMatcher {
  /** Base64 ScVals, or `*` for any one topic. */
  segments: string[];
  /** Ends with `**`: more topics may follow. */
  flexible: boolean;
}

interface Filter {
  types: Set<string>;
  contractIds: Set<string>;
  topics: TopicMatcher[];
}

/** Decodes a segment the way the server's JSON decoding does: `*`, `**`, or a base64 ScVal. */
function decodeSegment(segment: string): string {
  if (segment === '*' || segment === '**') return segment;
  try {
    return xdr.ScVal.fromXdr(segment, 'base64').toXdr('base64');
  } catch (error) {
    throw invalidParams('invalid parameters', `xdr:DecodeFrom ScVal: ${(error as Error).message}`);
  }
}

function topicMatcher(topic: readonly string[], where: string): TopicMatcher {
  const segments = topic.map(decodeSegment);
  // go-stellar-sdk TopicFilter.Valid: a trailing `**` is left out before `**` elsewhere is
  // refused and before the segments are counted, so four segments and `**` are a topic.
  if (segments.length < 1) throw invalidParams(`${where}topic must have at least one segment`);
  const flexible = segments.at(-1) === '**';
  const fixed = flexible ? segments.slice(0, -1) : segments;
  const inner = fixed.indexOf('**');
  if (inner >= 0)
    throw invalidParams(
      `${where}segment ${inner + 1} invalid: wildcard '**' is only allowed as the last segment`,
    );
  if (fixed.length > MAX_SEGMENTS) throw invalidParams(`${where}topic cannot have more than 4 segments`);
  return { segments: fixed, flexible };
}

function parseFilter(filter: NonNullable<GetEventsParams['filters']>[number], index: number): Filter {
  const where = `filter ${index + 1} invalid: `;
  const types = new Set(filter.type ? filter.type.split(',') : []);
  for (const type of types) {
    if (type !== 'system' && type !== 'contract') {
      throw invalidParams(`${where}filter type invalid: if set, type must be either 'system' or 'contract'`);
    }
  }
  const contractIds = filter.contractIds ?? [];
  if (contractIds.length > MAX_CONTRACT_IDS) throw invalidParams(`${where}maximum 5 contract IDs per filter`);
  const topics = filter.topics ?? [];
  if (topics.length > MAX_TOPICS) throw invalidParams(`${where}maximum 5 topics per filter`);
  contractIds.forEach((id, i) => {
    if (!StrKey.isValidContract(id)) throw invalidParams(`${where}contract ID ${i + 1} invalid`);
  });
  return {
    types,
    contractIds: new Set(contractIds),
    topics: topics.map((topic, i) => topicMatcher(topic, `${where}topic ${i + 1} invalid: `)),
  };
}

function topicsOf(event: xdr.ContractEvent): string[] {
  return event.body.v0.topics.map((topic) => topic.toXdr('base64'));
}

function matchesTopic(matcher: TopicMatcher, topics: string[]): boolean {
  if (matcher.flexible ? topics.length < matcher.segments.length : topics.length !== matcher.segments.length)
    return false;
  return matcher.segments.every((segment, i) => segment === '*' || segment === topics[i]);
}

function contractOf(event: xdr.ContractEvent): string {
  return event.contractId ? StrKey.encodeContract(Buffer.from(event.contractId.toBytes())) : '';
}

function matches(filters: Filter[], record: EventRecord): boolean {
  if (filters.length === 0) return true;
  const { event } = record;
  return filters.some(
    (f) =>
      (f.types.size === 0 || f.types.has(event.type.name)) &&
      (f.contractIds.size === 0 || f.contractIds.has(contractOf(event))) &&
      (f.topics.length === 0 || f.topics.some((t) => matchesTopic(t, topicsOf(event)))),
  );
}

/** RFC 3339 in UTC with whole seconds, as Go's time.RFC3339 prints it. */
function rfc3339(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function eventInfo(record: EventRecord, closeTime: number, toJson: ToJson | undefined): EventInfo {
  const { event, cursor } = record;
  const topic = topicsOf(event);
  const value = event.body.v0.data.toXdr('base64');
  // eventInfoForEvent: topics (left out when there are none) and value, base64 or json.
  const data = toJson
    ? {
        ...(topic.length > 0 ? { topicJson: topic.map((t) => toJson('ScVal', t)) } : {}),
        valueJson: toJson('ScVal', value),
      }
    : { ...(topic.length > 0 ? { topic } : {}), value };
  return {
    type: event.type.name as EventInfo['type'],
    ledger: cursor.ledger,
    ledgerClosedAt: rfc3339(closeTime),
    contractId: contractOf(event),
    id: record.id,
    operationIndex: cursor.op,
    transactionIndex: cursor.tx,
    txHash: record.tx.hash,
    inSuccessfulContractCall: record.tx.successful,
    ...data,
  };
}

function startOf(params: GetEventsParams): EventCursor {
  const cursor = params.pagination?.cursor;
  if (cursor === undefined) return { ledger: params.startLedger ?? 0, tx: 0, op: 0, event: 0 };
  const parsed = parseEventId(cursor);
  if ('error' in parsed) throw invalidParams('invalid parameters', parsed.error);
  return { ...parsed, event: parsed.event + 1 };
}

export function getEvents(context: RpcContext, params: GetEventsParams, toJson?: ToJson): GetEventsResult {
  // Decoding first (a bad cursor or topic), then GetEventsRequest.Valid: all -32602.
  const start = startOf(params);
  const filtersGiven = params.filters ?? [];
  for (const filter of filtersGiven) for (const topic of filter.topics ?? []) topic.forEach(decodeSegment);
  checkFormat(params.xdrFormat);
  if (params.pagination?.cursor !== undefined) {
    if (params.startLedger || params.endLedger)
      throw invalidParams('ledger ranges and cursor cannot both be set');
  } else if (!params.startLedger) {
    throw invalidParams('startLedger must be positive');
  }
  const limitAsked = params.pagination?.limit;
  if (limitAsked !== undefined && limitAsked > MAX_EVENTS_LIMIT)
    throw invalidParams(`limit must not exceed ${MAX_EVENTS_LIMIT}`);
  if (filtersGiven.length > MAX_FILTERS) throw invalidParams('maximum 5 filters per request');
  const filters = filtersGiven.map(parseFilter);

  const { oldest, latest } = ledgerRange(context);
  const limit = limitAsked ? limitAsked : DEFAULT_EVENTS_LIMIT;
  let endLedger = Math.min(start.ledger + LEDGER_SCAN_LIMIT, latest.sequence + 1);
  if (params.endLedger) endLedger = Math.min(params.endLedger, endLedger);
  if (start.ledger < oldest.sequence || start.ledger > latest.sequence) {
    throw invalidRequest(
      `startLedger must be within the ledger range: ${oldest.sequence} - ${latest.sequence}`,
    );
  }

  const events: EventInfo[] = [];
  scan: for (const ledger of context.network.closed.range(start.ledger, endLedger - 1)) {
    for (const record of ledger.events) {
      if (compareCursors(record.cursor, start) < 0 || !matches(filters, record)) continue;
      events.push(eventInfo(record, ledger.closeTime, toJson));
      if (events.length >= limit) break scan;
    }
  }
  return {
    events,
    cursor: events.length === limit ? (events.at(-1) as EventInfo).id : cursorId(maxCursorOf(endLedger - 1)),
    latestLedger: latest.sequence,
    oldestLedger: oldest.sequence,
    latestLedgerCloseTime: String(latest.closeTime),
    oldestLedgerCloseTime: String(oldest.closeTime),
  };
}
