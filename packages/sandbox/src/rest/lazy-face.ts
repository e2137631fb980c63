/**
 * The REST face, started on first use: its code (the ledger index and the Horizon contract's
 * generated validators, most of the command's code) is loaded, and its index opened, when a REST
 * request, a wait for the index (`indexed()`, friendbot, a manual close) or the first ledger
 * close after start asks for it, not before the sandbox listens and answers its first request.
 * The ledgers closed until then are kept here and fed to it as it starts, so the face holds every
 * ledger it would have held started at once (a short `--retention` may already have dropped
 * them from the network's window). A network that never closes another ledger nor gets a REST
 * request never loads the face.
 */
import type { RequestListener } from '@starspec/runtime/http';
import type { xdr } from '@stellar/stellar-sdk/base';
import type { Network } from '../network/network.js';
import { SERVER_ERROR, writeProblem } from '../server/problem.js';
import type { RestFace, RestFaceOptions } from './face.js';

export type LazyRestFace = Omit<RestFace, 'ingester'>;

/** The metas of the ledgers in the network's window, oldest first. */
export function windowMetas(network: Network): xdr.LedgerCloseMeta[] {
  const oldest = network.closed.oldest()?.sequence ?? 1;
  return [...network.closed.range(oldest, network.ledger.latestSequence)].map((record) => record.closed.meta);
}

export function lazyRestFace(options: Omit<RestFaceOptions, 'backlog'>): LazyRestFace {
  const { network, onError } = options;
  // The friendbot's set-up ledger (or a resumed network's window), then every close until the
  // face takes them: the first close starts it, so these are a few ledgers at most.
  let backlog = windowMetas(network);
  let starting: Promise<RestFace | undefined> | undefined;
  // Streams end as the sandbox stops; once closed, nothing starts the face any more.
  let stopping = false;
  let closed = false;
  const stopKeeping = network.onClose((record) => {
    backlog.push(record.closed.meta);
    void start();
  });
  const takeBacklog = () => {
    stopKeeping();
    const taken = backlog;
    backlog = [];
    return taken;
  };

  /** The face, once started; undefined when it could not start (said once to onError). */
  function start(): Promise<RestFace | undefined> {
    if (closed && !starting) return Promise.resolve(undefined);
    starting ??= import('./face.js')
      .then(async ({ startRestFace }) => {
        const face = await startRestFace({ ...options, backlog: takeBacklog });
        // The first request is answered from an index that holds the ledgers closed before it,
        // as that of a face started with the sandbox would.
        await face.idle();
        return face;
      })
      .catch((error: unknown) => {
        takeBacklog();
        onError(error);
        return undefined;
      });
    return starting;
  }

  const listener: RequestListener = (req, res) => {
    start()
      .then((face) => {
        if (face) return face.listener(req, res);
        req.resume();
        writeProblem(res, SERVER_ERROR);
      })
      .catch((error: unknown) => {
        onError(error);
        if (!res.headersSent) writeProblem(res, SERVER_ERROR);
        else res.destroy();
      });
  };
  return {
    listener,
    async idle() {
      // Stopping, a face that never started has nothing to catch up on.
      if (stopping && !starting) return;
      await (await start())?.idle();
    },
    endStreams() {
      stopping = true;
      void starting?.then((face) => face?.endStreams());
    },
    async close() {
      closed = true;
      stopKeeping();
      await (await starting)?.close();
    },
  };
}
