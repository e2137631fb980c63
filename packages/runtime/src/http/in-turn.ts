import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What node:http's server keeps on a socket to stop reading pipelined requests (`_http_server.js`). */
type PausableSocket = Socket & { _paused?: boolean; parser?: { pause(): void; resume(): void } | null };

/**
 * Serves the requests of one connection one at a time, as Go's net/http does: a pipelined
 * request waits, parsed but without its handler started, until the answer before it is done,
 * and the connection reads nothing more while requests wait. Without this, a client that sends
 * 100 requests in one write has 100 handlers building their answers at once.
 *
 * Reading stops through node:http's own flag for a flood of pipelined requests (`socket._paused`,
 * set in `parserOnIncoming` when answers back up): Node then resumes neither the socket (a
 * finished request's body being drained) nor its parser, except once its write buffer drains,
 * after which the flag is set again here. What waits is at most one read's worth of requests.
 */
export function servedInTurn(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const waiting = new WeakMap<Socket, Array<() => void>>();
  const watched = new WeakSet<Socket>();

  const stopReading = (socket: PausableSocket) => {
    socket._paused = true;
    socket.pause();
  };
  const readAgain = (socket: PausableSocket) => {
    socket._paused = false;
    socket.parser?.resume();
    socket.resume();
  };

  function start(req: IncomingMessage, res: ServerResponse, socket: PausableSocket) {
    res.once('close', () => {
      const queue = waiting.get(socket) ?? [];
      if (socket.destroyed) return void waiting.delete(socket);
      const next = queue.shift();
      if (!next) waiting.delete(socket);
      // Nothing parsed behind the request started now: it may still be receiving its body, so
      // the connection reads again (answers still backed up: node:http does once they drain).
      if (queue.length === 0 && socket._paused && !socket.writableNeedDrain) readAgain(socket);
      next?.();
    });
    listener(req, res);
  }

  // Registered after node:http's own drain listener, which clears the flag: set it again.
  function onDrain(this: PausableSocket) {
    if (waiting.get(this)?.length) stopReading(this);
  }

  return (req, res) => {
    const socket = req.socket as PausableSocket;
    const queue = waiting.get(socket);
    if (!queue) {
      waiting.set(socket, []);
      if (!watched.has(socket)) {
        watched.add(socket);
        socket.on('drain', onDrain);
      }
      return start(req, res, socket);
    }
    queue.push(() => start(req, res, socket));
    stopReading(socket);
  };
}
