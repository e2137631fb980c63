/**
 * The protocols the sandbox runs. From 23 (the first whose meta the sandbox writes: LedgerCloseMeta
 * v2, TransactionMeta v4) to 28, the newest whose XDR `@stellar/stellar-sdk` 17.2 carries (e.g.
 * ContractExecutable's external reference, which stellar-core gates at EXTERNAL_EXECUTABLE_REF_PROTOCOL_VERSION
 * = 28). A new network starts at the public network's protocol: 27 (stellar-core v27.0.0, and
 * quickstart's `latest` image defaults to it since July 2026: images.json protocol_version_default).
 */
export const MIN_PROTOCOL_VERSION = 23;
export const MAX_PROTOCOL_VERSION = 28;
export const DEFAULT_PROTOCOL_VERSION = 27;

/** The protocol asked for, or a RangeError naming the range. */
export function checkProtocol(protocol: number): number {
  if (!Number.isInteger(protocol) || protocol < MIN_PROTOCOL_VERSION || protocol > MAX_PROTOCOL_VERSION) {
    throw new RangeError(
      `protocol must be a whole number from ${MIN_PROTOCOL_VERSION} to ${MAX_PROTOCOL_VERSION}: ${protocol}`,
    );
  }
  return protocol;
}

/** stellar-core protocolVersionStartsFrom. */
export function startsFrom(ledgerVersion: number, protocol: number): boolean {
  return ledgerVersion >= protocol;
}
