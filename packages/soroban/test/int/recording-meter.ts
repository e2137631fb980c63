/** A meter that writes down each charge, for tests. */
import type { Meter } from '../../src/int/index.js';

export interface RecordingMeter extends Meter {
  readonly charges: string[];
}

export function recordingMeter(log: string[] = []): RecordingMeter {
  return {
    charges: log,
    charge(costType, input) {
      log.push(input === undefined ? costType : `${costType}(${input})`);
    },
  };
}
