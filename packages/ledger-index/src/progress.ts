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
