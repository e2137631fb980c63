import { it } from 'vitest';
import { OurTraceHost } from './adapter.js';
import { ALL_SCRIPTS } from './scripts/index.js';
import * as errs from '../../src/errors/host-error.js';
it('dbg', () => {
  const s = ALL_SCRIPTS.find((x) => x.trace.includes(process.env.ONLY ?? ''))!;
  const orig = errs.HostError;
  const host = new OurTraceHost((p) => require('node:fs').readFileSync('/work/shared/soroban/' + p));
  const r = host.run(s);
  for (const st of r.steps) console.log(JSON.stringify(st, (_, v) => typeof v === 'bigint' ? v.toString() : v));
  console.log(r.stopped);
});
