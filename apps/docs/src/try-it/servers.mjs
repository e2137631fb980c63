// Where the try-it panels send requests unless the reader types another base URL: the local stack
// that `npm start` runs (scripts/main.mjs), whose mocks listen on the ports of apps/mock (MOCKS).

/** Each contract's server on the local stack, at the default ports. */
export const LOCAL_STACK = /** @type {Record<string, string>} */ ({
  callbacks: 'http://127.0.0.1:4010', // the callbacks mock (CALLBACKS_PORT)
  'ledger-api': 'http://127.0.0.1:4011', // the ledger REST API mock (LEDGER_API_PORT)
  'ledger-rpc': 'http://127.0.0.1:4012', // the JSON-RPC mock (LEDGER_RPC_PORT)
  platform: 'http://127.0.0.1:8082', // the platform rate gateway (PLATFORM_PORT)
});

/**
 * The base URL a contract's panels start with, and the URLs offered as suggestions: the local
 * stack's, then the contract's own `servers`.
 * @param {string} name the contract's name
 * @param {Record<string, any>} document the contract
 * @returns {{ defaultUrl: string, suggestions: { url: string, label: string }[] }}
 */
export function serverChoices(name, document) {
  const local = LOCAL_STACK[name];
  const suggestions = [];
  if (local) suggestions.push({ url: local, label: 'the local stack (npm start)' });
  for (const server of document.servers ?? []) {
    if (typeof server?.url !== 'string' || suggestions.some((s) => s.url === server.url)) continue;
    suggestions.push({ url: server.url, label: server.description ?? server.summary ?? server.name ?? '' });
  }
  return { defaultUrl: local ?? suggestions[0]?.url ?? '', suggestions };
}
