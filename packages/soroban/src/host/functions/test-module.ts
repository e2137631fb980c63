/**
 * The `test` env module (`host.rs`, "test" region): two functions that do nothing and answer Void.
 * `dummy0` measures the round trip of a host call; `protocol_gated_dummy` exists only at protocol
 * 19, before Soroban, so a contract importing it fails to link and only a direct call reaches it.
 */
import { VOID } from '../../values/val.js';
import type { HostModule } from './types.js';

export const testModule: HostModule = {
  dummy0: () => VOID,
  protocol_gated_dummy: () => VOID,
};
