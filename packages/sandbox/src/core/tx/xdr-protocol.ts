/**
 * stellar-core validateXDRForProtocol (TransactionUtils.cpp): an envelope must parse with the XDR
 * of the ledger's protocol (`rust_bridge::can_parse_transaction`), else the transaction is
 * txMALFORMED. The SDK's XDR is protocol 28's, so what it reads may hold arms an older protocol's
 * XDR does not have: CAP-85's `SCV_EXECUTABLE_TAG` value and `CONTRACT_EXECUTABLE_EXTERNAL_REF`
 * executable (EXTERNAL_EXECUTABLE_REF_PROTOCOL_VERSION = 28).
 */
import type { xdr } from '@stellar/stellar-sdk/base';
import { startsFrom } from '../protocol.js';

const EXTERNAL_EXECUTABLE_REF_PROTOCOL = 28;

/** The fields only those two arms have, in the SDK's plain (wire) form of the XDR. */
const PROTOCOL_28_ARM_FIELDS = new Set(['executableTag', 'externalRef']);

/** Does any value in this plain XDR tree carry one of the protocol-28 arms? */
function holdsProtocol28Arm(node: unknown): boolean {
  const pending: unknown[] = [node];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || ArrayBuffer.isView(next)) continue;
    if (Array.isArray(next)) {
      pending.push(...next);
      continue;
    }
    for (const [field, value] of Object.entries(next)) {
      if (PROTOCOL_28_ARM_FIELDS.has(field)) return true;
      pending.push(value);
    }
  }
  return false;
}

/** Whether the envelope parses with the XDR of this ledger protocol. */
export function parsesAtProtocol(envelope: xdr.TransactionEnvelope, ledgerVersion: number): boolean {
  if (startsFrom(ledgerVersion, EXTERNAL_EXECUTABLE_REF_PROTOCOL)) return true;
  return !holdsProtocol28Arm(envelope.toXdrObject());
}
