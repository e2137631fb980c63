/** starspec-horizon's progress as a person reads it (its --json events carry every ledger). */

/**
 * The human progress lines: one every 100 ledgers, and one when ingestion catches up with the RPC
 * server (again, after falling behind); not one per ledger once it follows a live network.
 */
export function progressLines(write: (line: string) => void): (ledger: number, latest: number) => void {
  let caughtUp = false;
  return (ledger, latest) => {
    if (ledger >= latest) {
      if (!caughtUp) write(`caught up: ingested ledger ${ledger}, following new ledgers`);
      caughtUp = true;
      return;
    }
    caughtUp = false;
    if (ledger % 100 === 0) write(`ingested ledger ${ledger} of ${latest}`);
  };
}

/** Reading a history archive's checkpoint: a line per bucket read (and every 100,000 entries within one). */
export function archiveProgressLines(
  write: (line: string) => void,
): (progress: { checkpoint: number; read: number; buckets: number; entries: number }) => void {
  return ({ checkpoint, read, buckets, entries }) =>
    write(
      `history archive, checkpoint ${checkpoint}: ${read} of ${buckets} buckets read, ${entries} entries`,
    );
}
