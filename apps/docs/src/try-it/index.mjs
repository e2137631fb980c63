// The try-it data a contract page carries for assets/try-it.js: the server to call, suggestions,
// and each operation's or method's starting request.
import { scriptJson } from '../html.mjs';
import { openApiRequests, openRpcRequests } from './requests.mjs';
import { serverChoices } from './servers.mjs';

export { exampleOf, openApiRequests, openRpcRequests } from './requests.mjs';
export { LOCAL_STACK, serverChoices } from './servers.mjs';

/**
 * @param {{ name: string, kind: string }} contract
 * @param {Record<string, any>} document
 */
export function tryItConfig(contract, document) {
  return {
    contract: contract.name,
    kind: contract.kind,
    // Per contract: each is served elsewhere.
    storageKey: `starspec.try-it.${contract.name}.base-url`,
    ...serverChoices(contract.name, document),
    requests: contract.kind === 'openrpc' ? openRpcRequests(document) : openApiRequests(document),
  };
}

/**
 * The try-it data as the page's `<script id="try-it">`.
 * @param {{ name: string, kind: string }} contract
 * @param {Record<string, any>} document
 */
export const tryItScript = (contract, document) =>
  `<script id="try-it" type="application/json">${scriptJson(tryItConfig(contract, document))}</script>`;
