/**
 * Recording a contract event charges a one-element Vec's bulk init, whatever the buffer holds
 * (events/internal.rs `record`, v23.0.0): the 24-byte Vec header copied, one
 * `(InternalEvent, EventError)` slot (40 + 1 bytes and 8 of alignment, declared_size.rs)
 * allocated and copied. A diagnostic event is not charged.
 */
import { describe, expect, it } from 'vitest';
import { EventBuffer } from '../../src/host/events.js';
import type { Meter } from '../../src/host/meter.js';

function chargesOfRecording(kind: 'contract' | 'diagnostic'): [string, bigint | undefined][] {
  const charges: [string, bigint | undefined][] = [];
  const meter = { charge: (type: string, input?: bigint) => charges.push([type, input]) } as unknown as Meter;
  new EventBuffer(meter, true).record({ kind, contractId: undefined, topics: 0n, data: 0n });
  return charges;
}

describe('recording an event', () => {
  it.each([
    {
      given: 'a contract event',
      kind: 'contract' as const,
      want: [
        ['MemCpy', 24n],
        ['MemAlloc', 49n],
        ['MemCpy', 49n],
      ],
    },
    { given: 'a diagnostic event', kind: 'diagnostic' as const, want: [] },
  ])('$given', ({ kind, want }) => {
    expect(chargesOfRecording(kind)).toEqual(want);
  });
});
