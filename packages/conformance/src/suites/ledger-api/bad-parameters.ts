/**
 * Bad paging parameters: a `limit`, `order` or `cursor` outside the contract gets a 400 problem
 * naming it in `extras.invalid_field`.
 */
import { type Evidence, evidenceOf } from '../../model.js';
import type { CheckDefinition, Recorder } from '../../runner.js';
import { call, isRecord, type LedgerApiState, verdict } from './state.js';

async function badParameter(
  state: LedgerApiState,
  t: Recorder,
  name: string,
  values: string[],
): Promise<void> {
  const evidence: Evidence[] = [];
  for (const value of values) {
    const answer = await call(state, t, 'listLedgers', { path: '/ledgers', query: { [name]: value } });
    const extras = isRecord(answer.body) && isRecord(answer.body.extras) ? answer.body.extras : undefined;
    if (answer.status !== 400 || extras?.invalid_field !== name) {
      evidence.push(
        evidenceOf(
          answer.exchange,
          `400 problem with extras.invalid_field "${name}" for ${name}=${value}`,
          `${answer.status}${extras ? ` with extras.invalid_field ${JSON.stringify(extras.invalid_field)}` : ' without extras'}`,
        ),
      );
    }
  }
  verdict(evidence, `bad ${name} value(s) not refused`);
}

export const badParameterChecks: CheckDefinition<LedgerApiState>[] = [
  {
    id: 'paging.limit.rejected',
    title: 'limit 0, 201 or not a number gets 400 with extras.invalid_field "limit"',
    // Only an app's own mistake sends such a limit; the SDK passes it as given and reports any
    // error status as a NetworkError without reading the body.
    level: 'should',
    needsBehaviour: 'problems naming the offending parameter',
    run: (state, t) => badParameter(state, t, 'limit', ['0', '201', 'ten']),
  },
  {
    id: 'paging.bad-order',
    title: 'An order other than asc or desc gets 400 with extras.invalid_field "order"',
    // CallBuilder.order() takes only asc or desc.
    level: 'should',
    needsBehaviour: 'problems naming the offending parameter',
    run: (state, t) => badParameter(state, t, 'order', ['sideways']),
  },
  {
    id: 'paging.bad-cursor',
    title: 'A cursor that is no paging token gets 400 with extras.invalid_field "cursor"',
    // The SDK sends back paging tokens the provider gave; a bad one is an app's own mistake.
    level: 'should',
    needsBehaviour: 'problems naming the offending parameter',
    run: (state, t) => badParameter(state, t, 'cursor', ['not-a-cursor']),
  },
];
