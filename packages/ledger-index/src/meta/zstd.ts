/**
 * zstd: Node's own codec where it has one (zlib.zstdDecompressSync, Node 22.15 and later), else
 * the `zstd` command (Node 20 has none; Debian's `zstd` package has the command).
 */
import { execFileSync } from 'node:child_process';
import * as zlib from 'node:zlib';

/** Bytes a decompressed file may take: a data lake file of many ledgers stays far under it. */
const MAX_DECOMPRESSED = 512 * 1024 * 1024;

type Codec = (data: Buffer) => Buffer;
const { zstdDecompressSync: nodeZstd, zstdCompressSync: nodeCompress } = zlib as {
  zstdDecompressSync?: Codec;
  zstdCompressSync?: Codec;
};

/** `data` compressed (a data lake's files, written for tests and the benchmark). */
export function zstd(data: Buffer): Buffer {
  return nodeCompress
    ? nodeCompress(data)
    : execFileSync('zstd', ['-cq'], { input: data, maxBuffer: MAX_DECOMPRESSED });
}

/** The data of `compressed`; throws an error naming `name` when it is not zstd (or no decoder is there). */
export function unzstd(compressed: Buffer, name: string): Buffer {
  if (nodeZstd)
    try {
      return nodeZstd(compressed);
    } catch (error) {
      throw new Error(`${name} is not a valid zstd file: ${(error as Error).message}`);
    }
  try {
    return execFileSync('zstd', ['-dcq'], {
      input: compressed,
      maxBuffer: MAX_DECOMPRESSED,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (failure.code === 'ENOENT')
      throw new Error(`cannot read ${name}: this Node has no zstd decoder and there is no zstd command`);
    const reason =
      failure.stderr
        ?.toString()
        .trim()
        .replace(/^zstd: /, '') || failure.message;
    throw new Error(`${name} is not a valid zstd file: ${reason}`);
  }
}
