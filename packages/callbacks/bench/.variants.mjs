import { createServer as http } from 'node:http';
import { exampleAnswers, exampleRequests } from '@starspec/bench';
import { document } from '../dist/index.js';
export { requests, servers as base } from './servers.mjs';
import { requests, servers as base } from './servers.mjs';
const answers = exampleAnswers(document);
const byTarget = new Map(requests.map((r) => [`${r.method} ${r.path}`, answers[r.operationId]]));
const make = (write) => () => http((req, res) => {
  const found = byTarget.get(`${req.method} ${req.url}`);
  if (req.headers['content-type'] === undefined) return write(res, found);
  const chunks = []; req.on('data', (c) => chunks.push(c)); req.on('end', () => { JSON.parse(Buffer.concat(chunks).toString()); write(res, found); });
});
export const servers = {
  ...base,
  chunked: make((res, { status, mediaType, body }) => body === undefined ? res.writeHead(status).end() : res.writeHead(status, { 'content-type': mediaType }).end(JSON.stringify(body))),
  lenstr: make((res, { status, mediaType, body }) => { if (body === undefined) return res.writeHead(status).end(); const s = JSON.stringify(body); res.writeHead(status, { 'content-type': mediaType, 'content-length': Buffer.byteLength(s) }).end(s); }),
  lenbuf: make((res, { status, mediaType, body }) => { if (body === undefined) return res.writeHead(status).end(); const s = Buffer.from(JSON.stringify(body)); res.writeHead(status, { 'content-type': mediaType, 'content-length': s.length }).end(s); }),
};
import { createHttpServer } from '@starspec/runtime';
servers.bareopts = () => { const s = servers.lenstr(); const l = s.listeners('request')[0]; return createHttpServer(l); };
