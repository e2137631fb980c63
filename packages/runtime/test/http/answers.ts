import { connect } from 'node:net';
import type { RawAnswer } from './fixture.js';

/** Reads HTTP/1.1 answers with a Content-Length off a byte stream, as many as are complete. */
function parseAnswers(bytes: Buffer): { answers: RawAnswer[]; used: number } {
  const answers: RawAnswer[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at, 'latin1');
    if (end < 0) break;
    const [statusLine = '', ...lines] = bytes.subarray(at, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (bytes.length < end + 4 + length) break;
    const body = bytes.subarray(end + 4, end + 4 + length).toString('utf8');
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
    at = end + 4 + length;
  }
  return { answers, used: at };
}

/**
 * Writes `request` (several pipelined requests, as they are) on one connection and reads until
 * `count` answers have come or the server closes the connection.
 */
export function exchange(
  port: number,
  request: string | Buffer,
  count: number,
  /** Written once this many answers have come (the rest of a request sent late). */
  later?: { after: number; bytes: string },
): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const answers: RawAnswer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const parsed = parseAnswers(pending);
      answers.push(...parsed.answers);
      pending = pending.subarray(parsed.used);
      if (later && answers.length >= later.after) socket.write(later.bytes);
      later = answers.length >= (later?.after ?? 0) ? undefined : later;
      if (answers.length >= count) socket.destroy();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answers));
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
}
