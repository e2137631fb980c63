/**
 * Externalizing the events (`get_events`, `try_finish`: events/internal.rs `externalize`) charges
 * each contract event's conversion (`InternalContractEvent::to_xdr`: the topics through
 * `vecobject_to_scval_vec`, the data, the contract id read back from its Bytes object) and its push
 * (a one-element Vec's bulk init of a 136-byte HostEvent); diagnostics and a listing charge nothing.
 */
import { describe, expect, it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { EventBuffer } from '../../src/host/events.js';
import { HostState } from '../../src/host/state.js';
import { fromU32 } from '../../src/values/index.js';

function setup() {
  const budget = Budget.default();
  const host = new HostState(budget);
  const events = new EventBuffer(budget, true);
  const topics = host.objects.add({ kind: 'Vec', value: [fromU32(1), fromU32(2)] });
  events.record({ kind: 'contract', contractId: new Uint8Array(32), topics, data: fromU32(3) });
  events.record({ kind: 'diagnostic', contractId: undefined, topics: [], data: fromU32(4) as never });
  const charges: [string, bigint | undefined][] = [];
  const charge = budget.charge.bind(budget);
  budget.charge = (type, input) => {
    if (!budget.inShadowMode) charges.push([String(type), input]);
    charge(type, input);
  };
  return { budget, host, events, charges };
}

describe('externalizing events', () => {
  it('charges a contract event as the Rust host converts and pushes it', () => {
    const { host, events, charges } = setup();
    const all = events.externalize(host);
    expect(all.map(({ event }) => event.type.name)).toEqual(['contract', 'diagnostic']);
    expect(charges).toEqual([
      // vecobject_to_scval_vec: the visit, then the collect of two Result<ScVal, HostError>
      ['VisitObject', undefined],
      ['MemCpy', 40n],
      ['MemAlloc', 160n],
      ['MemCpy', 160n],
      // hash_from_bytesobj_input of the contract id
      ['VisitObject', undefined],
      ['MemCpy', 32n],
      // the push: charge_bulk_init_cpy(1) of a HostEvent
      ['MemCpy', 24n],
      ['MemAlloc', 136n],
      ['MemCpy', 136n],
    ]);
  });

  it('lists them without a charge', () => {
    const { host, events, charges, budget } = setup();
    const before = budget.cpuUsed;
    expect(events.list(host)).toHaveLength(2);
    expect([charges, budget.cpuUsed]).toEqual([[], before]);
  });
});
