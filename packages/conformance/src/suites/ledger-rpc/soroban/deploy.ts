/**
 * The suite's own contract on the provider's ledger (with --allow-submit): the probe contract
 * uploaded and created by the funded payer, once per run, and the one write call the checks judge
 * (its simulation, the assembled transaction, and how it landed).
 */
import { randomBytes } from 'node:crypto';
import { Address, hash, Operation, SorobanDataBuilder, xdr } from '@stellar/stellar-sdk/base';
import { CheckFailure, fail } from '../../../model.js';
import type { Recorder } from '../../../runner.js';
import type { Signed } from '../../../stellar/live.js';
import { type Landing, type LiveAccounts, landing, liveAccounts, sendEnvelope, statusOf } from '../live.js';
import { type Called, callMethod, isRecord, type LedgerRpcState } from '../state.js';
import {
  assembled,
  invocation,
  persistentKey,
  returnValueOf,
  type Simulated,
  simulate,
  simulationError,
  submit,
} from './invoke.js';
import { PROBE, PROBE_WASM_BASE64 } from './probe.js';

/**
 * The code and instance are kept live at least this many ledgers, so that nothing but the entry
 * the archival check waits for archives during a run (on a network whose minimum persistent TTL is
 * shorter).
 */
const KEEP_LIVE_LEDGERS = 10_000;

export interface ProbeContract {
  live: LiveAccounts;
  contractId: string;
}

/** The live-until ledger getLedgerEntries answers for a key, and the latest ledger then. */
export async function liveUntil(
  state: LedgerRpcState,
  t: Recorder,
  key: xdr.LedgerKey,
): Promise<{ liveUntil?: number; latest?: number; answer: Called }> {
  const answer = await callMethod(state, t, 'getLedgerEntries', { keys: [key.toXDR('base64')] });
  const result = isRecord(answer.result) ? answer.result : {};
  const entry = Array.isArray(result.entries) ? result.entries[0] : undefined;
  const until = isRecord(entry) ? entry.liveUntilLedgerSeq : undefined;
  return {
    answer,
    ...(typeof until === 'number' ? { liveUntil: until } : {}),
    ...(typeof result.latestLedger === 'number' ? { latest: result.latestLedger } : {}),
  };
}

/** Extends the code and instance to KEEP_LIVE_LEDGERS when the instance would archive sooner. */
async function keepLive(
  state: LedgerRpcState,
  t: Recorder,
  live: LiveAccounts,
  codeKey: xdr.LedgerKey,
  instance: xdr.LedgerKey,
) {
  const { liveUntil: until, latest } = await liveUntil(state, t, instance);
  if (until !== undefined && latest !== undefined && until - latest >= KEEP_LIVE_LEDGERS) return;
  await submit(
    state,
    t,
    live,
    'the extension of the probe contract’s TTL',
    Operation.extendFootprintTtl({ extendTo: KEEP_LIVE_LEDGERS }),
    new SorobanDataBuilder().setReadOnly([codeKey, instance]).build(),
  );
}

/** The probe contract, uploaded and created once per run. Skips without --allow-submit or a friendbot. */
export function probeContract(state: LedgerRpcState, t: Recorder): Promise<ProbeContract> {
  return liveAccounts(state, t).then((live) =>
    state.probes.use(t, 'probe-contract', async (r) => {
      const wasm = Buffer.from(PROBE_WASM_BASE64, 'base64');
      await submit(
        state,
        r,
        live,
        'the upload of the probe contract',
        Operation.uploadContractWasm({ wasm }),
      );
      const created = await submit(
        state,
        r,
        live,
        'the creation of the probe contract',
        Operation.createCustomContract({
          address: new Address(live.payer.keypair.publicKey()),
          wasmHash: hash(wasm),
          salt: randomBytes(32),
        }),
      );
      const value = returnValueOf(created.landed.final);
      const contractId =
        typeof value !== 'string' && value.type === 'scvAddress'
          ? Address.fromScVal(value).toString()
          : undefined;
      if (contractId === undefined) {
        fail(
          'the creation of the probe contract returned no contract address',
          created.landed.final.exchange,
          'an address as the return value in the meta',
          typeof value === 'string' ? value : value.type,
        );
      }
      const codeKey = xdr.LedgerKey.contractCode(new xdr.LedgerKeyContractCode({ hash: hash(wasm) }));
      const instance = persistentKey(contractId, xdr.ScVal.scvLedgerKeyContractInstance());
      await keepLive(state, r, live, codeKey, instance);
      return { live, contractId };
    }),
  );
}

export interface WriteCall extends Simulated {
  contract: ProbeContract;
  /** The assembled, signed transaction, or why the SDK could not assemble it. */
  signed: Signed | string;
  sent?: Called;
  landed?: Landing;
  /** Why it did not land, when it was accepted but never landed. */
  lost?: CheckFailure;
}

/** The arguments of the write call: the payer authorizes it, as the transaction's source. */
export const writeArgs = (live: LiveAccounts) => [new Address(live.payer.keypair.publicKey()).toScVal()];

/** The write call (`inc`), made once per run: what soroban.write-call and the checks after it judge. */
export function writeCall(state: LedgerRpcState, t: Recorder): Promise<WriteCall> {
  return probeContract(state, t).then((contract) =>
    state.probes.use(t, 'write-call', async (r) => {
      const { live, contractId } = contract;
      const op = invocation(contractId, PROBE.writeFunction, writeArgs(live));
      const simulation = await simulate(state, r, live, op);
      const base = { ...simulation, contract };
      if (simulationError(simulation.simulated) !== undefined) return { ...base, signed: 'no simulation' };
      const signed = assembled(simulation, live);
      if (typeof signed === 'string') return { ...base, signed };
      const sent = await sendEnvelope(state, r, signed.envelope);
      if (statusOf(sent) !== 'PENDING') return { ...base, signed, sent };
      try {
        return { ...base, signed, sent, landed: await landing(state, r, signed.hash) };
      } catch (error) {
        if (error instanceof CheckFailure) return { ...base, signed, sent, lost: error };
        throw error;
      } finally {
        live.payer.sequence += 1n;
      }
    }),
  );
}

/** The write call's landed transaction, for the checks that follow it; fails when it did not succeed. */
export async function landedWrite(
  state: LedgerRpcState,
  t: Recorder,
): Promise<WriteCall & { landed: Landing }> {
  const write = await writeCall(state, t);
  if (write.lost) throw write.lost;
  const status = write.landed && statusOf(write.landed.final);
  if (!write.landed || status !== 'SUCCESS') {
    const last = write.landed?.final ?? write.sent ?? write.simulated;
    fail(
      'the write call of the probe contract did not succeed',
      last.exchange,
      `a ${PROBE.writeFunction} call that lands with SUCCESS (soroban.write-call says why not)`,
      typeof write.signed === 'string' ? write.signed : `status ${JSON.stringify(status ?? statusOf(last))}`,
    );
  }
  return write as WriteCall & { landed: Landing };
}
