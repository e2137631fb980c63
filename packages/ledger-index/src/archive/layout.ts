/**
 * Where a history archive keeps the files a reader of its state needs, as stellar-core names them
 * (history/HistoryArchive.cpp wellKnownRemoteName and remoteName, util/Fs.cpp remoteName).
 */

export const WELL_KNOWN_PATH = '.well-known/stellar-history.json';

/** `type/xx/yy/zz/type-HEX.suffix`: the folders are the name's first three bytes. */
function remoteName(type: string, hex: string, suffix: string): string {
  return `${type}/${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex.slice(4, 6)}/${type}-${hex}.${suffix}`;
}

/** A checkpoint's History Archive State. */
export const historyPath = (checkpoint: number) =>
  remoteName('history', checkpoint.toString(16).padStart(8, '0'), 'json');

/** A bucket's file, by its hash (hex). */
export const bucketPath = (hash: string) => remoteName('bucket', hash, 'xdr.gz');
