/**
 * What the Rust host's test build (its `testutils` feature, the build every number of its own
 * tests comes from) does that stellar-core's build does not: before each contract call and each
 * constructor's protocol read it checks for a native test contract (`is_test_contract_executable`,
 * data_helper.rs): the instance key made, the instance read again, the empty input hashed.
 */
import { computeHashSha256 } from '../crypto/hashes.js';
import { chargeContractKey } from '../storage/index.js';
import type { Host } from './host.js';

export function chargeTestContractCheck(host: Host, contractId: Uint8Array): void {
  chargeContractKey(host.budget);
  host.instance(contractId);
  computeHashSha256(new Uint8Array(0), host.budget);
}
