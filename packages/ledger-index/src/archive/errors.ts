/** The history archive cannot be read, or holds what its state does not say: the message names the URL. */
export class HistoryArchiveError extends Error {
  override readonly name = 'HistoryArchiveError';
}
