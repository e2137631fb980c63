/**
 * The events a run records (`events/internal.rs`): contract events from `contract_event`,
 * and diagnostic ones when diagnostics are on. A frame that fails marks the events it recorded
 * as from a failed call instead of dropping them; only successful ones reach the meta.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { chargeBulkInit } from '../storage/index.js';
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

/** Declared sizes (declared_size.rs): an (InternalEvent, EventError) slot, a HostEvent. */
const EVENT_SLOT_SIZE = 40n + 1n + 8n;
const HOST_EVENT_SIZE = 136n;

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
      chargeBulkInit(this.meter, 1n, EVENT_SLOT_SIZE);
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
   * `externalize` (events/internal.rs, what `get_events` and `try_finish` answer): every event as
   * XDR, in the order recorded. A contract or system event is converted on the budget
   * (`InternalContractEvent::to_xdr`) and pushed as a one-element Vec's bulk init; a diagnostic is
   * converted on the shadow budget.
   */
  externalize(host: HostState): ExternalEvent[] {
    return this.#events.map((recorded) => {
      if (recorded.kind === 'diagnostic')
        return { event: this.#shadow(() => toXdr(host, recorded)), failedCall: recorded.failedCall };
      const event = chargedToXdr(host, recorded);
      chargeBulkInit(this.meter, 1n, HOST_EVENT_SIZE);
      return { event, failedCall: recorded.failedCall };
    });
  }

  /** The events as XDR on the shadow budget: a listing that changes no observable total. */
  list(host: HostState): ExternalEvent[] {
    return this.#shadow(() =>
      this.#events.map((recorded) => ({ event: toXdr(host, recorded), failedCall: recorded.failedCall })),
    );
  }

  #shadow<T>(work: () => T): T {
    const meter = this.meter as Meter & Partial<ShadowMeter>;
    return meter.withObservableShadowMode ? meter.withObservableShadowMode(work) : work();
  }
}

/**
 * `InternalContractEvent::to_xdr`: the topics (`vecobject_to_scval_vec`), the data converted, the
 * contract id read back from its Bytes object (`hash_from_bytesobj_input`: a visit and a 32-byte
 * copy).
 */
function chargedToXdr(host: HostState, recorded: RecordedEvent): xdr.ContractEvent {
  const { meter } = host;
  if (typeof recorded.topics !== 'bigint' || typeof recorded.data !== 'bigint') return toXdr(host, recorded);
  const topics = host.converter.vecToScVals(recorded.topics);
  const data = host.converter.toScVal(recorded.data);
  if (recorded.contractId) {
    meter.charge('VisitObject');
    meter.charge('MemCpy', BigInt(recorded.contractId.length));
  }
  return contractEvent(recorded, topics, data);
}

function toXdr(host: HostState, recorded: RecordedEvent): xdr.ContractEvent {
  const topics =
    typeof recorded.topics === 'bigint'
      ? vecItems(host.converter.toScVal(recorded.topics))
      : [...recorded.topics];
  const data = typeof recorded.data === 'bigint' ? host.converter.toScVal(recorded.data) : recorded.data;
  return contractEvent(recorded, topics, data);
}

function contractEvent(recorded: RecordedEvent, topics: xdr.ScVal[], data: xdr.ScVal): xdr.ContractEvent {
  return new xdr.ContractEvent({
    ext: xdr.ExtensionPoint.v0(),
    contractId: recorded.contractId ? new xdr.ContractId(recorded.contractId) : null,
    type: TYPES[recorded.kind],
    body: xdr.ContractEventBody.v0(new xdr.ContractEventV0({ topics, data })),
  });
}

const vecItems = (scval: xdr.ScVal): xdr.ScVal[] => (scval.type === 'scvVec' ? (scval.vec ?? []) : [scval]);
