// Writes a JSON-RPC answer to a node:http response as it is produced, in bounded memory: the next
// pieces of a batch are asked for only once the socket has taken the previous ones.
import type { ServerResponse } from 'node:http';
import type { RpcStreamedAnswer } from './dispatch.js';

/**
 * Answers up to this size are sent whole with a Content-Length, as the real server sends every
 * answer (jrpc2 jhttp `writeJSON`, after stellar-rpc's duration limiter buffered it); a longer one
 * goes out chunked, in writes of about this size, as its calls answer.
 */
export const WHOLE_ANSWER_BYTES = 64 * 1024;

/** Writes `text`; resolves true once the socket can take more, false if the client went away. */
function writeAndDrain(res: ServerResponse, text: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return Promise.resolve(false);
  if (res.write(text, 'utf8')) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (open: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(open);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

export async function sendAnswer(
  res: ServerResponse,
  answer: RpcStreamedAnswer,
  extra: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string> = { ...extra, ...answer.headers };
  if (answer.body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  let held: string[] = [];
  let size = 0;
  for await (const piece of answer.body) {
    held.push(piece);
    size += Buffer.byteLength(piece, 'utf8');
    if (size < WHOLE_ANSWER_BYTES) continue;
    if (!res.headersSent) res.writeHead(answer.status, headers);
    const open = await writeAndDrain(res, held.join(''));
    held = [];
    size = 0;
    // Leaving the loop ends the batch: no further call runs for a client that is gone.
    if (!open) return;
  }
  const rest = held.join('');
  if (res.headersSent) {
    res.end(rest, 'utf8');
    return;
  }
  // Sent as a string with its length: Node writes it together with the head in one call.
  headers['content-length'] = String(Buffer.byteLength(rest, 'utf8'));
  res.writeHead(answer.status, headers).end(rest, 'utf8');
}
