import { Keypair, xdr } from '@stellar/stellar-sdk/base';
import { it } from 'vitest';
import { Budget } from '../../src/budget/index.js';
import { InMemorySnapshot } from '../../src/storage/index.js';
import { NO_AUTHORIZATION } from '../../src/invoke/auth.js';
import { runRecording } from '../../src/invoke/e2e-recording.js';
import { readSoroban } from '../support/shared.js';
import { LEDGER } from '../storage/fixtures.js';

it('scratch', () => {
  const wasm = readSoroban('wasm/20/example_add_i32.wasm');
  const budget = Budget.default();
  const out = runRecording({
    budget,
    hostFunction: xdr.HostFunction.hostFunctionTypeUploadContractWasm(wasm),
    sourceAccount: Keypair.fromRawEd25519Seed(Buffer.alloc(32, 123)).xdrAccountId(),
    authMode: { mode: 'record', disableNonRootAuth: true },
    authorization: NO_AUTHORIZATION,
    ledger: LEDGER,
    snapshot: new InMemorySnapshot(),
    diagnostics: false,
  });
  console.log(out.result.ok, out.resources?.instructions, out.resources?.writeBytes, out.resources?.diskReadBytes);
});
