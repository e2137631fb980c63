/**
 * Files of a history archive over HTTP(S): each GET's failure (unreachable, an HTTP status, a
 * stalled or oversized answer) is a HistoryArchiveError naming the file's URL.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { unreachable } from '../gateway/rpc-problem.js';
import { HistoryArchiveError } from './errors.js';

/** A HAS is a few kilobytes: past this, the URL does not serve one. */
export const MAX_STATE_BYTES = 1024 * 1024;
/** How long a GET may wait for its answer's headers (a bucket's body then streams at its own pace). */
export const ANSWER_TIMEOUT_MS = 60_000;

export class ArchiveFiles {
  readonly base: string;

  /** `base`: the archive's root URL (http or https). */
  constructor(
    base: string,
    readonly signal?: AbortSignal,
  ) {
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new HistoryArchiveError(`the history archive URL '${base}' is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new HistoryArchiveError(`the history archive URL '${base}' is not an http(s) URL`);
    this.base = url.href.endsWith('/') ? url.href : `${url.href}/`;
  }

  url(path: string): string {
    return `${this.base}${path}`;
  }

  /** The file's answer, its body still to read. */
  async get(path: string): Promise<{ url: string; body: AsyncIterable<Uint8Array> }> {
    const url = this.url(path);
    const timeout = AbortSignal.timeout(ANSWER_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout,
      });
    } catch (error) {
      if (this.signal?.aborted) throw error;
      const why = timeout.aborted ? `no answer in ${ANSWER_TIMEOUT_MS / 1000} s` : unreachable(error);
      throw new HistoryArchiveError(`cannot reach the history archive at ${url}: ${why}`, { cause: error });
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const missing = response.status === 404 ? ' (no such file: is it a history archive?)' : '';
      throw new HistoryArchiveError(
        `the history archive answered HTTP ${response.status} for ${url}${missing}`,
      );
    }
    return { url, body: Readable.fromWeb(response.body as WebReadableStream<Uint8Array>) };
  }

  /** A small file's text (a HAS), at most MAX_STATE_BYTES. */
  async text(path: string): Promise<{ url: string; text: string }> {
    const { url, body } = await this.get(path);
    const parts: Uint8Array[] = [];
    let size = 0;
    try {
      for await (const part of body) {
        size += part.length;
        if (size > MAX_STATE_BYTES)
          throw new HistoryArchiveError(
            `${url} is over ${MAX_STATE_BYTES} bytes: not a History Archive State`,
          );
        parts.push(part);
      }
    } catch (error) {
      if (error instanceof HistoryArchiveError || this.signal?.aborted) throw error;
      throw new HistoryArchiveError(`reading ${url} failed: ${unreachable(error)}`, { cause: error });
    }
    return { url, text: Buffer.concat(parts).toString('utf8') };
  }
}
