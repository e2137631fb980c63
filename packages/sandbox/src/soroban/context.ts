/**
 * What a Soroban operation needs beyond a classic one's apply context: the loaded host, the
 * network's settings, the transaction's PRNG seed and refundable fee, and where it leaves its
 * return value and diagnostic events for the transaction's meta.
 */

import type { ModuleStore } from '@starspec/soroban';
import { xdr } from '@stellar/stellar-sdk/base';
import { sha256 } from '../core/sha256.js';
import type { SorobanHost } from './host.js';
import type { RefundableFee } from './refundable-fee.js';
import type { LiveRestores } from './restore-meta.js';
import type { NetworkSettings } from './settings.js';

export interface SorobanOpContext {
  host: SorobanHost;
  settings: NetworkSettings;
  networkId: Uint8Array;
  /** stellar-core's per-transaction sub-seed of the ledger's base PRNG seed. */
  prngSeed: Uint8Array;
  /** stellar-core ENABLE_SOROBAN_DIAGNOSTIC_EVENTS. */
  diagnostics: boolean;
  fee: RefundableFee;
  /** Parsed contracts by code hash, kept across the ledger's transactions. */
  modules: ModuleStore;
  /** What the operation being applied restored, for its meta (set by its handler). */
  liveRestores?: LiveRestores;
  /** Set by a successful invocation. */
  returnValue?: xdr.ScVal;
  diagnosticEvents: xdr.DiagnosticEvent[];
}

/**
 * stellar-core's PRNG sub-seed (crypto/SHA.cpp `subSha256`): SHA-256 of the seed and the XDR of
 * a 64-bit counter. The ledger's base seed is its transaction set's hash; a Soroban transaction's
 * seed is the sub-seed by its index in the ledger's apply order (LedgerManagerImpl, protocol 23's
 * parallel apply uses it as is for the one operation).
 */
export function subSeed(seed: Uint8Array, counter: number): Uint8Array {
  const counterXdr = new Uint8Array(8);
  new DataView(counterXdr.buffer).setBigUint64(0, BigInt(counter));
  return sha256(Buffer.concat([seed, counterXdr]));
}

/** The hash INVOKE_HOST_FUNCTION_SUCCESS carries: SHA-256 of InvokeHostFunctionSuccessPreImage. */
export function invokeSuccessHash(returnValue: xdr.ScVal, events: readonly xdr.ContractEvent[]): Uint8Array {
  return sha256(new xdr.InvokeHostFunctionSuccessPreImage({ returnValue, events: [...events] }).toXdr());
}
