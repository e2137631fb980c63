/**
 * The events a run records (`events/internal.rs`): contract events from `contract_event`,
 * and diagnostic ones when diagnostics are on. A frame that fails marks the events it recorded
 * as from a failed call instead of dropping them; only successful ones reach the meta.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import type { Val } from '../values/val.js';
import type { Meter } from './meter.js';
import type { HostState } from './state.js';

export type EventKind = 'contract' | 'system' | 'diagnostic';

export interface RecordedEvent {
  readonly kind: EventKind;
  /** The emitting contract's id (32 bytes), none for a host-level diagnostic. */
  readonly contractId: Uint8Array | undefined;
  /** A Vec of topics (contract events) or the topics themselves as ScVals (diagnostics). */
  readonly topics: Val | readonly xdr.ScVal[];
  readonly data: Val | xdr.ScVal;
  failedCall: boolean;
}

export interface ExternalEvent {
  readonly event: xdr.ContractEvent;
  readonly failedCall: boolean;
}

const TYPES: Record<EventKind, xdr.ContractEventType> = {
  contract: xdr.ContractEventType.contract,
  system: xdr.ContractEventType.system,
  diagnostic: xdr.ContractEventType.diagnostic,
};

const VEC_HEADER_SIZE = 24n;
const EVENT_SLOT_SIZE = 40n + 1n + 8n;

/** A meter that can run work on its shadow budget (the Budget). */
interface ShadowMeter {
  withObservableShadowMode<T>(work: () => T): T;
}

export class EventBuffer {
  readonly #events: RecordedEvent[] = [];

  constructor(
    private readonly meter: Meter,
    readonly diagnostics = false,
  ) {}

  get length(): number {
    return this.#events.length;
  }

  record(event: Omit<RecordedEvent, 'failedCall'>): void {
    if (event.kind === 'diagnostic' && !this.diagnostics) return;
    // The host charges a one-element Vec's bulk init per event, whatever the buffer's length
    // (events/internal.rs `record`): the Vec header copied, then one (InternalEvent, EventError)
    // allocated and copied, 40 + 1 bytes and 8 of alignment (declared_size.rs).
    if (event.kind !== 'diagnostic') {
      this.meter.charge('MemCpy', VEC_HEADER_SIZE);
      this.meter.charge('MemAlloc', EVENT_SLOT_SIZE);
      this.meter.charge('MemCpy', EVENT_SLOT_SIZE);
    }
    this.#events.push({ ...event, failedCall: false });
  }

  /** testutils `clear`: no events, as at the start of an invocation. */
  clear(): void {
    this.#events.length = 0;
  }

  /** Marks every event from `mark` on as from a failed call. */
  rollback(mark: number): void {
    for (const event of this.#events.slice(mark)) event.failedCall = true;
  }

  /**
   * The events as XDR, in the order they were recorded: a listing (diagnostics, tests), converted
   * on the shadow budget so that it changes no observable total; the contract events a transaction
   * keeps are converted, charged, by `contractEvents`.
   */
  externalize(host: HostState): ExternalEvent[] {
    const all = () =>
      this.#events.map((recorded) => ({ event: toXdr(host, recorded), failedCall: recorded.failedCall }));
    const meter = this.meter as Meter & Partial<ShadowMeter>;
    return meter.withObservableShadowMode ? meter.withObservableShadowMode(all) : all();
  }

  /** The contract events of successful calls: what the transaction meta holds. */
  contractEvents(host: HostState): xdr.ContractEvent[] {
    return this.#events
      .filter((recorded) => recorded.kind !== 'diagnostic' && !recorded.failedCall)
      .map((recorded) => toXdr(host, recorded));
  }
}

function toXdr(host: HostState, recorded: RecordedEvent): xdr.ContractEvent {
  const topics =
    typeof recorded.topics === 'bigint'
      ? vecItems(host.converter.toScVal(recorded.topics))
      : [...recorded.topics];
  const data = typeof recorded.data === 'bigint' ? host.converter.toScVal(recorded.data) : recorded.data;
  return new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: recorded.contractId ? new xdr.ContractId(recorded.contractId) : null,
    type: TYPES[recorded.kind],
    body: xdr.ContractEventBody.v0(new xdr.ContractEventV0({ topics, data })),
  });
}

const vecItems = (scval: xdr.ScVal): xdr.ScVal[] => (scval.type === 'scvVec' ? (scval.vec ?? []) : [scval]);
