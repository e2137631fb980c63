import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream/promises';
import type { OperationMeta } from '../operations.js';
import { mediaTypeOf } from '../validate.js';
import { HttpError } from './errors.js';

/** How much body a request may carry, and how much all requests under way may hold together. */
export interface BodyLimits {
  /** Any body (uploads included). */
  any: number;
  /** A JSON body: far below the upload limit, since it is parsed into objects. */
  json: number;
  /** Bytes held by every body being read at once, for the whole listener. */
  budget: { limit: number; held: number };
}

export interface ParsedBody {
  /** What the handler receives. */
  body: unknown;
  /** What the validator sees (files as strings). */
  forValidation: unknown;
  contentType: string | undefined;
}

/**
 * Resolves once the rest of the request's body has been read and dropped (rejects when the client
 * left first): an answer sent while the client is still sending, on a connection that then closes,
 * is lost to the reset the kernel answers the rest with. Go's net/http avoids that reset by
 * lingering (server.go, closeWriteAndWait); here the answer waits for the body, within the
 * server's request timeout.
 */
export const drained = (req: IncomingMessage): Promise<void> => finished(req.resume());

const tooLarge = (limit: number) =>
  new HttpError('payload_too_large', `request body is larger than ${limit} bytes`, [], {
    connection: 'close',
  });

const isJson = (mediaType: string | undefined) =>
  mediaType === 'application/json' || mediaType?.endsWith('+json') === true;

/**
 * A body that a framework's parser already read (Express/Connect `req.body`, a raw-body hook):
 * the stream is drained, so waiting for `'end'` would hang. Undefined when nothing read it.
 */
function consumedBody(req: IncomingMessage): { raw: Buffer } | { parsed: unknown } | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (Buffer.isBuffer(body)) return { raw: body };
  if (typeof body === 'string') return { raw: Buffer.from(body, 'utf8') };
  if (body !== undefined && body !== null) {
    // express.json() leaves `{}` on requests it did not parse; the stream then still holds the bytes.
    if (!req.readableEnded && typeof body === 'object' && Object.keys(body).length === 0) return undefined;
    return { parsed: body };
  }
  return req.readableEnded ? { raw: Buffer.alloc(0) } : undefined;
}

/** Called once with the bytes read, or with the reason reading stopped. */
type Received = (error: unknown, raw?: Buffer) => void;

/**
 * Reads the stream within the limits and calls `done` from its `'end'` event, so a request whose
 * handler answers at once is answered in that same turn, without a promise.
 */
function readStream(req: IncomingMessage, limit: number, budget: BodyLimits['budget'], done: Received): void {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    done(tooLarge(limit));
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = () => {
    settled = true;
    budget.held -= size;
    req.removeListener('data', onData);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    budget.held += chunk.length;
    if (size > limit || budget.held > budget.limit) {
      const overall = size <= limit;
      settle();
      chunks.length = 0;
      // Stop keeping the body, but answer (with Connection: close) instead of resetting the socket.
      req.resume();
      done(
        overall
          ? new HttpError(
              'server_over_capacity',
              'the server is busy reading other requests; try again',
              [],
              {
                connection: 'close',
                'retry-after': '1',
              },
            )
          : tooLarge(limit),
      );
      return;
    }
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.on('end', () => {
    if (settled) return;
    settle();
    // A small body usually arrives as one chunk: no copy then.
    done(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  });
  req.on('error', (error) => {
    if (settled) return;
    settle();
    done(error);
  });
}

function formToObject(entries: Iterable<[string, FormDataEntryValue | string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const previous = out[key];
    if (previous === undefined) out[key] = value;
    else out[key] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

async function parseMultipart(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  let form: FormData;
  try {
    form = await new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': contentType ?? '' },
      body: new Uint8Array(raw),
    }).formData();
  } catch {
    throw new HttpError('bad_request', 'request body is not valid multipart/form-data', [
      { path: '/body', message: 'is not valid multipart/form-data', keyword: 'multipart' },
    ]);
  }
  const body = formToObject(form.entries());
  // Files are validated as strings: the contract types binary parts as octet-stream strings.
  const forValidation = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [
      k,
      typeof v === 'object' && v !== null && !Array.isArray(v) ? '' : v,
    ]),
  );
  return { body, forValidation, contentType };
}

/** Called once with the parsed body, or with the reason it was refused. */
export type BodyParsed = (error: unknown, parsed?: ParsedBody) => void;

/**
 * Reads and parses a request body by its media type, within the limits; `done` is called from the
 * stream's `'end'` event (later only for multipart, which the platform's parser reads asynchronously).
 */
export function readBody(
  req: IncomingMessage,
  operation: OperationMeta,
  limits: BodyLimits,
  done: BodyParsed,
): void {
  const contentType = req.headers['content-type'];
  const mediaType = mediaTypeOf(contentType);
  const accepted = operation.requestBody?.mediaTypes ?? [];
  const consumed = consumedBody(req);
  if (consumed && 'parsed' in consumed) {
    if (mediaType === undefined || !accepted.includes(mediaType)) done(mediaTypeRefused(mediaType, accepted));
    else done(null, { body: consumed.parsed, forValidation: consumed.parsed, contentType });
    return;
  }
  const limit = isJson(mediaType) ? Math.min(limits.json, limits.any) : limits.any;
  const parse = (error: unknown, raw?: Buffer) => {
    if (error || raw === undefined) return done(error);
    let parsed: ParsedBody | undefined;
    try {
      parsed = parseRaw(raw, limit, contentType, mediaType, accepted);
    } catch (refused) {
      return done(refused);
    }
    if (parsed) done(null, parsed);
    else parseMultipart(raw, contentType).then((multipart) => done(null, multipart), done);
  };
  if (consumed) parse(null, consumed.raw);
  else readStream(req, limit, limits.budget, parse);
}

/** A body read whole, parsed by its media type; undefined for multipart, which is parsed apart. */
function parseRaw(
  raw: Buffer,
  limit: number,
  contentType: string | undefined,
  mediaType: string | undefined,
  accepted: readonly string[],
): ParsedBody | undefined {
  if (raw.length > limit) throw tooLarge(limit);
  if (raw.length === 0) return { body: undefined, forValidation: undefined, contentType };
  if (mediaType === undefined || !accepted.includes(mediaType)) throw mediaTypeRefused(mediaType, accepted);
  if (isJson(mediaType)) {
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError('bad_request', 'request body is not valid JSON', [
        { path: '/body', message: 'is not valid JSON', keyword: 'json' },
      ]);
    }
    return { body, forValidation: body, contentType };
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    const body = formToObject(new URLSearchParams(raw.toString('utf8')));
    return { body, forValidation: body, contentType };
  }
  if (mediaType === 'multipart/form-data') return undefined;
  return { body: raw, forValidation: raw.toString('utf8'), contentType };
}

function mediaTypeRefused(mediaType: string | undefined, accepted: readonly string[]): HttpError {
  return new HttpError(
    'unsupported_media_type',
    `content-type '${mediaType ?? 'none'}' is not accepted; use ${accepted.join(' or ')}`,
  );
}
