/**
 * Where the SAC differs by protocol: stellar-core runs ledgers before 23 with the v22 host, whose
 * SAC has no muxed destinations, names the admin in mint, clawback and set_authorized events, and
 * lets a new allowance live one ledger longer; from 23 (v23.0.0, CAP-67) it is as this folder says.
 */
import type { Host } from '../../host/host.js';

const CAP_67_PROTOCOL = 23;

export const isCap67 = (host: Host): boolean => host.ledger.protocolVersion >= CAP_67_PROTOCOL;
