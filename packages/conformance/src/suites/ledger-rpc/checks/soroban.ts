/**
 * simulateTransaction and Soroban calls, judged as @stellar/stellar-sdk uses them, on the suite's
 * own probe contract (with --allow-submit: uploaded and created by a funded account). A read call
 * is one the SDK's `isReadCall` sends nowhere; a write call's simulation is what the SDK's
 * `assembleTransaction` builds the transaction from; a failing call's host error is the `error`
 * stellar-rpc passes on (`lib/preflight`: the HostError's debug text); the call's event is found
 * by getEvents' topic filters.
 */
import { Address, Keypair, xdr } from '@stellar/stellar-sdk/base';
import { CheckFailure, type Evidence, evidenceOf, fail } from '../../../model.js';
import type { CheckDefinition, Recorder } from '../../../runner.js';
import { statusOf } from '../live.js';
import { landedWrite, probeContract, writeCall } from '../soroban/deploy.js';
import { invocation, persistentKey, returnValueOf, simulate } from '../soroban/invoke.js';
import { b64, footprintKeys, isResourceFee, simulationOrFail, unless } from '../soroban/judge.js';
import { PROBE } from '../soroban/probe.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';
import { listOf } from './common.js';

const NEEDS = 'a ledger that runs contracts';

/** Fails with every problem found in one answer, when there is any. */
function judge(message: string, answer: Called | undefined, expected: string, problems: string[]): void {
  if (problems.length > 0) fail(message, answer?.exchange, expected, problems.join('; '));
}

/** The failing call (a function the contract does not export), simulated once per run. */
function failingCall(state: LedgerRpcState, t: Recorder): Promise<Called> {
  return probeContract(state, t).then(({ live, contractId }) =>
    state.probes.use(t, 'failing-call', async (r) => {
      const { simulated } = await simulate(state, r, live, invocation(contractId, PROBE.missingFunction));
      return simulated;
    }),
  );
}

const resultOf = (answer: Called) => (isRecord(answer.result) ? answer.result : {});

/** The events a getEvents filter on the probe's event finds from `ledger`. */
async function eventsMatching(
  state: LedgerRpcState,
  t: Recorder,
  contractId: string,
  ledger: number,
  topics: string[],
): Promise<{ answer: Called; events: Record<string, unknown>[] }> {
  const answer = await callMethod(state, t, 'getEvents', {
    startLedger: ledger,
    filters: [{ type: 'contract', contractIds: [contractId], topics: [topics] }],
    pagination: { limit: 100 },
  });
  return { answer, events: listOf(answer.result, 'events') };
}

export const sorobanChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'soroban.read-call',
    title: 'A read call simulates with no auth entries and an empty read-write footprint',
    // contract.AssembledTransaction.isReadCall: no auth and no read-write keys; the app then reads
    // the result without signing or sending anything.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const { live, contractId } = await probeContract(state, t);
      const to = xdr.ScVal.scvSymbol('conform');
      const op = invocation(contractId, PROBE.readFunction, [to]);
      const { simulated } = await simulate(state, t, live, op);
      const read = simulationOrFail(simulated, 'the read call');
      const greeting = b64(xdr.ScVal.scvVec([xdr.ScVal.scvSymbol(PROBE.greeting), to]));
      judge(
        'the read call is not simulated as a read call',
        simulated,
        'results[0].auth [], footprint.readWrite [], the return value ["Hello", "conform"]',
        [
          ...unless(read.auth.length === 0, `results[0].auth has ${read.auth.length} entries`),
          ...unless(
            footprintKeys(read.data, 'readWrite').length === 0,
            `the read-write footprint has ${footprintKeys(read.data, 'readWrite').length} keys`,
          ),
          ...unless(read.returnValue === greeting, `results[0].xdr ${JSON.stringify(read.returnValue)}`),
        ],
      );
    },
  },
  {
    id: 'soroban.write-call',
    title:
      'A write call’s simulation assembles (footprint, auth, minResourceFee) into a transaction that succeeds with the simulated return value',
    // rpc.assembleTransaction copies transactionData, adds minResourceFee and uses results[0].auth;
    // the SDK checks none of it: the transaction sent is only as good as the simulation.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const write = await writeCall(state, t);
      const { simulated } = write;
      const read = simulationOrFail(simulated, 'the write call');
      const countKey = persistentKey(write.contract.contractId, xdr.ScVal.scvSymbol(PROBE.countKey));
      judge(
        'the write call’s simulation lacks what the transaction needs',
        simulated,
        'the payer’s auth entry, the count in the read-write footprint, a minResourceFee',
        [
          ...unless(
            read.auth.length > 0,
            'results[0].auth is empty: the call requires the payer’s authorization',
          ),
          ...unless(
            footprintKeys(read.data, 'readWrite').includes(countKey.toXdr('base64')),
            'the read-write footprint lacks the entry the call writes',
          ),
          ...unless(
            isResourceFee(read.minResourceFee),
            `minResourceFee ${JSON.stringify(read.minResourceFee)}`,
          ),
        ],
      );
      if (typeof write.signed === 'string')
        fail(
          'assembleTransaction refused the simulation',
          simulated.exchange,
          'a simulation the SDK assembles',
          write.signed,
        );
      if (write.lost) throw write.lost;
      if (!write.landed) {
        const sent = write.sent as Called;
        fail(
          'the assembled write call was not accepted',
          sent.exchange,
          'sendTransaction PENDING',
          JSON.stringify(sent.error ?? statusOf(sent)),
        );
      }
      const final = write.landed.final;
      const returned = returnValueOf(final);
      const one = b64(xdr.ScVal.scvU32(1));
      judge(
        'the assembled write call did not succeed with the simulated return value',
        final,
        `getTransaction SUCCESS, its meta's return value u32 1 (${one}: the first count), the value simulated`,
        [
          ...unless(statusOf(final) === 'SUCCESS', `status ${JSON.stringify(statusOf(final))}`),
          ...unless(
            typeof returned !== 'string' && b64(returned) === one,
            `returnValue ${typeof returned === 'string' ? returned : b64(returned)}`,
          ),
          ...unless(read.returnValue === one, `simulated return value ${read.returnValue}`),
        ],
      );
    },
  },
  {
    id: 'soroban.failing-call',
    title: 'A call that fails in the host simulates with an error and no results',
    // parseRawSimulation reads `error` first: with it the SDK throws and sends nothing.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const simulated = await failingCall(state, t);
      if (simulated.error)
        fail(
          'the failing call got a JSON-RPC error',
          simulated.exchange,
          'a result with error',
          JSON.stringify(simulated.error),
        );
      const result = resultOf(simulated);
      judge(
        'the failing call is not answered as an error',
        simulated,
        'a result whose error is the host’s error text, without results',
        [
          ...unless(
            typeof result.error === 'string' && result.error !== '',
            `error ${JSON.stringify(result.error)}`,
          ),
          ...unless(result.results === undefined, 'results are answered'),
        ],
      );
    },
  },
  {
    id: 'soroban.host-error',
    title: 'A failing call’s error is the host’s error text, with its diagnostic events',
    // stellar-rpc's preflight formats the HostError's debug text: "HostError: Error(WasmVm,
    // MissingValue)" then the event log; its integration test checks the text and the events.
    level: 'should',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const simulated = await failingCall(state, t);
      const result = resultOf(simulated);
      const events = Array.isArray(result.events) ? result.events.length : 0;
      judge(
        'the failing call’s error is not the host’s',
        simulated,
        'error starting "HostError: Error(WasmVm, MissingValue)" (a missing function), with diagnostic events',
        [
          ...unless(
            String(result.error).startsWith('HostError: Error(WasmVm, MissingValue)'),
            `error ${JSON.stringify(result.error)}`,
          ),
          ...unless(events > 0, 'no events'),
        ],
      );
    },
  },
  {
    id: 'soroban.events',
    title: 'getEvents finds the write call’s contract event by its topics, and only by matching ones',
    // rpc.Server.getEvents passes the filters on; a dapp watches its contract's events by topic.
    level: 'must',
    needsBehaviour: NEEDS,
    async run(state, t) {
      const { contract, landed, signed } = await landedWrite(state, t);
      const ledger = Number(resultOf(landed.final).ledger);
      const hash = typeof signed === 'string' ? '' : signed.hash;
      const [count, payer] = [
        xdr.ScVal.scvSymbol(PROBE.eventTopic),
        new Address(contract.live.payer.keypair.publicKey()).toScVal(),
      ].map(b64) as [string, string];
      const topic = [count, payer];
      const other = b64(new Address(Keypair.random().publicKey()).toScVal());
      // Each topic filter, and whether it matches the event.
      const filters: [string[], boolean][] = [
        [topic, true],
        [[count, '*'], true],
        [[count, other], false],
      ];
      const evidence: Evidence[] = [];
      for (const [topics, wanted] of filters) {
        const { answer, events } = await eventsMatching(state, t, contract.contractId, ledger, topics);
        const found = events.filter((e) => e.txHash === hash);
        const right = found.every(
          (e) =>
            e.contractId === contract.contractId &&
            JSON.stringify(e.topic) === JSON.stringify(topic) &&
            e.value === b64(xdr.ScVal.scvU32(1)),
        );
        if (found.length === (wanted ? 1 : 0) && right) continue;
        evidence.push(
          evidenceOf(
            answer.exchange,
            wanted
              ? `the write call’s event (topics ${JSON.stringify(topic)}, value u32 1) once for topic filter ${JSON.stringify(topics)}`
              : `no event for topic filter ${JSON.stringify(topics)}, which its topics do not match`,
            `${found.length} event(s) of the write call${right ? '' : ', not as published'}`,
          ),
        );
      }
      if (evidence.length > 0)
        throw new CheckFailure('getEvents does not find the contract event by its topics', evidence);
    },
  },
];
