/** e2e_tests.rs `invoke_host_function_recording_helper`: a recording run as the Rust tests make it. */
import type { xdr } from '@stellar/stellar-sdk/base';
import { Budget } from '../../src/budget/index.js';
import { HOST_AUTHORIZATION } from '../../src/host/auth/index.js';
import { type RecordingAuthMode, runRecording } from '../../src/invoke/e2e-recording.js';
import { InMemorySnapshot } from '../../src/storage/index.js';
import { accountId, LEDGER } from './fixtures.js';

export function recordLikeE2e(
  hostFunction: xdr.HostFunction,
  diagnostics = false,
  snapshot: InMemorySnapshot = new InMemorySnapshot(),
  authMode: RecordingAuthMode = { mode: 'record', disableNonRootAuth: true },
) {
  return runRecording({
    budget: Budget.default(),
    hostFunction,
    sourceAccount: accountId(123),
    authMode,
    authorization: HOST_AUTHORIZATION,
    ledger: LEDGER,
    snapshot,
    diagnostics,
    prngSeed: new Uint8Array(32),
    // The Rust host's numbers come from its test build.
    testutils: true,
  });
}
