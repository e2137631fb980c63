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
/** How long a GET may wait for its answer's headers. */
export const ANSWER_TIMEOUT_MS = 60_000;
/** How long a body may go without a byte: a slow archive streams, a stalled one is given up. */
export const STALL_TIMEOUT_MS = 60_000;

export interface ArchiveFilesOptions {
  /** Overrides ANSWER_TIMEOUT_MS. */
  answerTimeoutMs?: number;
  /** Overrides STALL_TIMEOUT_MS. */
  stallTimeoutMs?: number;
}

export class ArchiveFiles {
  readonly base: string;

  /** `base`: the archive's root URL (http or https). */
  constructor(
    base: string,
    readonly signal?: AbortSignal,
    private readonly options: ArchiveFilesOptions = {},
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
    // One signal for the whole request: the wait for headers has a limit, the body a stall limit
    // (a large bucket may stream for many minutes).
    const request = new AbortController();
    const signal = this.signal ? AbortSignal.any([request.signal, this.signal]) : request.signal;
    const answerMs = this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
    const noAnswer = setTimeout(() => request.abort(), answerMs);
    let response: Response;
    try {
      response = await fetch(url, { signal });
    } catch (error) {
      if (this.signal?.aborted) throw error;
      const why = request.signal.aborted ? `no answer in ${answerMs / 1000} s` : unreachable(error);
      throw new HistoryArchiveError(`cannot reach the history archive at ${url}: ${why}`, { cause: error });
    } finally {
      clearTimeout(noAnswer);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      const missing = response.status === 404 ? ' (no such file: is it a history archive?)' : '';
      throw new HistoryArchiveError(
        `the history archive answered HTTP ${response.status} for ${url}${missing}`,
      );
    }
    const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    const stallMs = this.options.stallTimeoutMs ?? STALL_TIMEOUT_MS;
    return { url, body: untilStalled(body, request, stallMs, url) };
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

/** `body`'s chunks; when none comes for `ms`, the request is aborted with an error naming `url`. */
async function* untilStalled(
  body: AsyncIterable<Uint8Array>,
  request: AbortController,
  ms: number,
  url: string,
): AsyncGenerator<Uint8Array> {
  const stall = new HistoryArchiveError(`${url} stalled: no byte for ${ms / 1000} s`);
  const timer = setTimeout(() => request.abort(stall), ms);
  try {
    for await (const chunk of body) {
      timer.refresh();
      yield chunk;
    }
  } catch (error) {
    throw request.signal.aborted ? stall : error;
  } finally {
    clearTimeout(timer);
  }
}
