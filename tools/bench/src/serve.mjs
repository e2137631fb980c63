#!/usr/bin/env node
// Child process of the harness: starts one named server of a bench's servers module on a free
// loopback port, reports `{ url, pid }` over IPC and runs until the harness disconnects.
// A factory returns a node:http Server (listened on here) or `{ url, pid?, stop }` for a server
// that runs in a process of its own (Prism).
import { pathToFileURL } from 'node:url';

const [modulePath, name] = process.argv.slice(2);
const { servers } = await import(pathToFileURL(modulePath).href);
const factory = servers?.[name];
if (!factory) throw new Error(`${modulePath} has no server '${name}'`);
const started = await factory();
let url;
let pid = process.pid;
let stop;
if (typeof started.listen === 'function') {
  await new Promise((resolve) => started.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${started.address().port}`;
  stop = () => new Promise((resolve) => started.close(resolve) && started.closeAllConnections());
} else {
  ({ url, stop } = started);
  pid = started.pid;
}
process.send({ url, pid });
process.on('disconnect', async () => {
  await stop();
  process.exit(0);
});
