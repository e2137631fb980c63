// The message loop of a benchmark's probe child process: each message other than 'stop' starts a
// phase (`probe(phase, message)`), which runs until the phase says `stopping` and sends its own
// results; 'stop' ends the current phase. Its own entry point, so that a child loads nothing else.

/** Serves the parent's messages with `probe`; a probe that throws ends the child with exit code 1. */
export function serveProbe(probe) {
  let current;
  process.on('message', (message) => {
    if (message === 'stop') {
      if (current) current.stopping = true;
      return;
    }
    current = { stopping: false };
    probe(current, message).catch((error) => {
      console.error(error);
      process.exit(1);
    });
  });
}
