// The result checks decode every XDR field the contract marks, with the maintained XDR of
// @stellar/stellar-sdk: values from current protocols pass, values that are not their type fail.
import { xdr } from '@stellar/stellar-sdk/base';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/index.js';
import { failures, outcomes } from '../callbacks/support.js';
import { HANG_MS } from '../support/hang.js';
import { startRpcServer } from './server.js';

async function runEvents(options: Parameters<typeof startRpcServer>[0]) {
  const server = await startRpcServer(options);
  try {
    return await runSuite('ledger-rpc', {
      baseUrl: server.url,
      only: ['result.get-events'],
      timeoutMs: HANG_MS,
    });
  } finally {
    await server.close();
  }
}

describe('result.get-events decodes event topics and values as ScVal', () => {
  // SCV_EXECUTABLE_TAG (ScValType 22) came with CAP-85; an XDR library from before it throws
  // "unknown ScValType member for value 22", so the check would fail a correct provider.
  it.each([
    ['a CAP-85 executable tag (ScValType 22)', xdr.ScVal.scvExecutableTag('wasm')],
    ['a symbol', xdr.ScVal.scvSymbol('transfer')],
  ])('passes events carrying %s', async (_name, scVal) => {
    const report = await runEvents({ eventScVal: scVal.toXdr('base64') });
    expect(failures(report)).toEqual({});
    expect(outcomes(report)).toEqual({ 'result.get-events': 'pass' });
  });

  it('fails events whose value is not an ScVal, naming the field and the type', async () => {
    const report = await runEvents({ breaks: ['event-value-not-xdr'] });
    expect(outcomes(report)['result.get-events']).toMatch(/^fail/);
    const found = report.checks[0]?.evidence.map((e) => e.found).join('\n');
    expect(found).toMatch(/cannot decode \/events\/0\/topic\/0 as ScVal/);
  });
});
