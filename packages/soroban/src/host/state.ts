/**
 * The host's state that every host function reaches: the object table, the meter, the order of
 * Vals and the ScVal conversions. Frames, storage, events and auth join it as they are built.
 */
import { Comparator } from './compare.js';
import { ValConverter } from './convert.js';
import { type Meter, UNMETERED } from './meter.js';
import { ObjectTable } from './objects.js';

export class HostState {
  readonly objects: ObjectTable;
  readonly comparator: Comparator;
  readonly converter: ValConverter;

  constructor(readonly meter: Meter = UNMETERED) {
    this.objects = new ObjectTable(meter);
    this.comparator = new Comparator(this.objects, meter);
    this.converter = new ValConverter(this);
  }
}
