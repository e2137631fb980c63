// The benchmark's JSON-RPC client: node:http on kept-alive connections, a lighter client than
// fetch so the server, not the client, is the limit. Imports nothing of the sandbox, so a process
// using only this starts fast.
import { Agent, request } from 'node:http';

/** Requests in flight at once when submitting over HTTP. */
export const IN_FLIGHT = 16;

const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

/**
 * POSTs `body` (JSON text) and resolves with the parsed answer. A kept-alive connection the
 * server closed as the request went out is retried once on a new one (Node's `reusedSocket`).
 */
export function postJson(url, body = '', retried = false) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } });
    req.once('error', (error) => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(postJson(url, body, true));
      else reject(error);
    });
    req.once('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.once('error', reject);
      res.once('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch (error) {
          reject(new Error(`${url} answered ${res.statusCode} with no JSON: ${error.message}`));
        }
      });
    });
    req.end(body);
  });
}

/** One JSON-RPC call; resolves with its result, rejects with its error. */
export async function rpcCall(rpcUrl, method, params) {
  const answer = await postJson(rpcUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
}
