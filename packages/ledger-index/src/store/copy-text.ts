/**
 * PostgreSQL COPY's text format (the `COPY … FROM STDIN` default): one line per row, values
 * separated by tabs, `\N` for NULL, and a backslash escaping a backslash, tab, newline or
 * carriage return inside a value. The index's values are numbers, hex, strkeys and JSON: only
 * JSON with an escaped character holds a backslash, so most values are written as they are.
 */
import type { SqlValue } from './driver.js';

const SPECIALS = /[\\\t\n\r]/g;
const ESCAPED: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

// indexOf is a plain scan; a regular expression over values this long costs several times more.
const hasSpecial = (text: string) =>
  text.indexOf('\\') >= 0 || text.indexOf('\t') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;

/** One value as COPY's text format reads it back. */
export function copyValue(value: SqlValue): string {
  if (value === null) return '\\N';
  const text = typeof value === 'string' ? value : String(value);
  return hasSpecial(text) ? text.replace(SPECIALS, (c) => ESCAPED[c] as string) : text;
}

/** A chunk's size: the stream's writes are about this many bytes. */
const CHUNK_BYTES = 1 << 20;
const TAB = 0x09;
const NEWLINE = 0x0a;

/**
 * The rows' lines as bytes, in chunks of about CHUNK_BYTES (a chunk may end inside a line: COPY
 * reads a stream). Each value is written straight into the chunk: joining the values into one
 * string first, then encoding it, costs more than all the rest.
 */
export function* copyLines(rows: Iterable<readonly SqlValue[]>): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let at = 0;
  for (const row of rows) {
    for (let i = 0; i < row.length; i++) {
      const text = copyValue(row[i] as SqlValue);
      // UTF-8 takes at most three bytes per UTF-16 unit; a separator follows every value.
      const room = text.length * 3 + 1;
      if (at + room > chunk.length) {
        if (at > 0) yield chunk.subarray(0, at);
        chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, room));
        at = 0;
      }
      at += chunk.write(text, at, 'utf8');
      chunk[at++] = i === row.length - 1 ? NEWLINE : TAB;
    }
  }
  if (at > 0) yield chunk.subarray(0, at);
}
