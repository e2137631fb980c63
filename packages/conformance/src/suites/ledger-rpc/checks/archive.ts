/**
 * An archived persistent entry in a call's simulation. The suite waits for the count its write
 * call stored to archive (only on a network whose minimum persistent TTL is short enough to wait
 * for), then simulates the call again. From protocol 23 stellar-rpc answers no restore preamble
 * for an invocation (`lib/preflight/src/shared.rs`: the invoke path passes none): the simulation
 * marks the archived entry in transactionData's `archivedSorobanEntries` (resourceExt, indexes
 * into the read-write footprint) and the call restores it when applied. Before 23 the answer is a
 * `restorePreamble` whose footprint holds the entry.
 */
import { xdr } from '@stellar/stellar-sdk/base';
import { fail, skip } from '../../../model.js';
import type { CheckDefinition, Recorder } from '../../../runner.js';
import { LANDING_TIMEOUT_MS, poll } from '../../../stellar/live.js';
import { sendAndLand, statusOf } from '../live.js';
import { landedWrite, liveUntil, writeArgs } from '../soroban/deploy.js';
import {
  assembled,
  invocation,
  persistentKey,
  returnValueOf,
  simulate,
  simulationError,
} from '../soroban/invoke.js';
import { archivedIndexes, b64, footprintKeys, readSimulation, unless } from '../soroban/judge.js';
import { PROBE } from '../soroban/probe.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';

/** A run waits for an entry to archive only when it is at most this many ledgers away. */
export const MAX_ARCHIVE_WAIT_LEDGERS = 100;
/** The protocol from which an invocation restores archived entries itself (CAP-66). */
const AUTO_RESTORE_PROTOCOL = 23;

async function latestLedger(
  state: LedgerRpcState,
  t: Recorder,
): Promise<{ sequence?: number; protocol?: number }> {
  const answer = await callMethod(state, t, 'getLatestLedger');
  const result = isRecord(answer.result) ? answer.result : {};
  return {
    ...(typeof result.sequence === 'number' ? { sequence: result.sequence } : {}),
    ...(typeof result.protocolVersion === 'number' ? { protocol: result.protocolVersion } : {}),
  };
}

/** Waits until the entry is archived: a ledger after its live-until ledger closed. Skips when that is too far. */
async function awaitArchived(state: LedgerRpcState, t: Recorder, key: xdr.LedgerKey): Promise<number> {
  const { liveUntil: until, latest, answer } = await liveUntil(state, t, key);
  if (until === undefined || latest === undefined) {
    fail(
      'getLedgerEntries does not answer the live-until ledger of the count the write call stored',
      answer.exchange,
      'the entry with liveUntilLedgerSeq, and latestLedger',
    );
  }
  if (until - latest > MAX_ARCHIVE_WAIT_LEDGERS) {
    skip(
      `the count the write call stored lives until ledger ${until}, ${until - latest} ledgers on: the network's minimum persistent TTL is longer than the ${MAX_ARCHIVE_WAIT_LEDGERS} ledgers a run waits for an entry to archive`,
    );
  }
  const archivedAt = await poll(async () => {
    const { sequence } = await latestLedger(state, t);
    return sequence !== undefined && sequence > until ? sequence : undefined;
  });
  if (archivedAt === undefined)
    skip(
      `the ledger after ${until}, when the entry archives, did not close within ${LANDING_TIMEOUT_MS / 1000} s`,
    );
  return archivedAt;
}

/** What is wrong with the simulation of a call that reads the archived entry, at `protocol`. */
function archivedProblems(simulated: Called, key: xdr.LedgerKey, protocol: number): string[] {
  const refused = simulationError(simulated);
  if (refused !== undefined) return [refused];
  const read = readSimulation(simulated);
  if (typeof read === 'string') return [read];
  const wanted = key.toXdr('base64');
  if (protocol < AUTO_RESTORE_PROTOCOL) {
    const preamble = isRecord(read.restorePreamble) ? read.restorePreamble.transactionData : undefined;
    let keys: string[] = [];
    try {
      if (typeof preamble === 'string')
        keys = footprintKeys(xdr.SorobanTransactionData.fromXdr(preamble, 'base64'), 'readWrite');
    } catch {
      // Not transaction data: it holds no key.
    }
    return unless(
      keys.includes(wanted),
      'no restorePreamble whose read-write footprint holds the archived entry',
    );
  }
  const index = footprintKeys(read.data, 'readWrite').indexOf(wanted);
  return [
    ...unless(
      read.restorePreamble === undefined,
      'a restorePreamble, which stellar-rpc no longer answers for a call',
    ),
    ...unless(
      index >= 0 && archivedIndexes(read.data).includes(index),
      `archivedSorobanEntries ${JSON.stringify(archivedIndexes(read.data))} lacks the entry (read-write index ${index})`,
    ),
  ];
}

export const archiveChecks: CheckDefinition<LedgerRpcState>[] = [
  {
    id: 'soroban.archived-entry',
    title:
      'A call reading an archived entry simulates with the entry marked for restoration, and restores it when sent',
    // rpc.assembleTransaction copies transactionData with its archivedSorobanEntries; before
    // protocol 23, AssembledTransaction restores first when it sees a restorePreamble.
    level: 'should',
    needsBehaviour: 'a ledger that runs contracts and archives entries',
    async run(state, t) {
      const { contract } = await landedWrite(state, t);
      const { live, contractId } = contract;
      const key = persistentKey(contractId, xdr.ScVal.scvSymbol(PROBE.countKey));
      const archivedAt = await awaitArchived(state, t, key);
      const { protocol = AUTO_RESTORE_PROTOCOL } = await latestLedger(state, t);
      const simulation = await simulate(
        state,
        t,
        live,
        invocation(contractId, PROBE.writeFunction, writeArgs(live)),
      );
      const problems = archivedProblems(simulation.simulated, key, protocol);
      if (problems.length > 0) {
        fail(
          'the archived entry is not marked in the simulation',
          simulation.simulated.exchange,
          protocol < AUTO_RESTORE_PROTOCOL
            ? 'a restorePreamble holding the archived entry'
            : 'no restorePreamble; transactionData marking the entry in archivedSorobanEntries (stellar-rpc at protocol 23)',
          problems.join('; '),
        );
      }
      if (protocol < AUTO_RESTORE_PROTOCOL)
        return t.note(`archived at ledger ${archivedAt}; a restore preamble`);
      const signed = assembled(simulation, live);
      if (typeof signed === 'string')
        fail(
          'assembleTransaction refused the simulation',
          simulation.simulated.exchange,
          'a simulation the SDK assembles',
          signed,
        );
      const { landed } = await sendAndLand(state, t, live, signed, 'the call restoring the archived entry');
      const returned = returnValueOf(landed.final);
      if (
        statusOf(landed.final) !== 'SUCCESS' ||
        typeof returned === 'string' ||
        b64(returned) !== b64(xdr.ScVal.scvU32(2))
      ) {
        fail(
          'the call restoring the archived entry did not count on from it',
          landed.final.exchange,
          'getTransaction SUCCESS returning u32 2: the restored count 1, plus one',
          `status ${JSON.stringify(statusOf(landed.final))}, return value ${typeof returned === 'string' ? returned : b64(returned)}`,
        );
      }
      t.note(`archived at ledger ${archivedAt}, restored by the call`);
    },
  },
];
