// The JSON-RPC reference's method search: what each method is found by, and the search box. The
// filtering itself runs in the page (assets/method-search.js), on the index written here.
import { escapeHtml, scriptJson } from './html.mjs';
import { deref } from './refs.mjs';

/** @typedef {Record<string, any>} Json */
/** @typedef {{ name: string, text: string }} SearchEntry */

/**
 * Each method with the text it is found by, lower-cased: its name, summary and description, and
 * the names of its params and of its result.
 * @param {Json} document an OpenRPC document
 * @returns {SearchEntry[]}
 */
export function methodSearchEntries(document) {
  return /** @type {Json[]} */ (document.methods ?? []).map((method) => {
    const params = (method.params ?? []).map((/** @type {any} */ p) => deref(document, p).name);
    const result = method.result ? deref(document, method.result).name : undefined;
    const text = [method.name, method.summary, method.description, ...params, result]
      .filter((part) => typeof part === 'string' && part !== '')
      .join('\n')
      .toLowerCase();
    return { name: method.name, text };
  });
}

/**
 * The search box and its index. It stays hidden until the page's script shows it, so a page read
 * without scripts has no box that does nothing.
 * @param {Json} document an OpenRPC document
 */
export function methodSearchHtml(document) {
  const count = (document.methods ?? []).length;
  return `<div class="method-search" role="search" hidden>
<label for="method-search">Search methods</label>
<input id="method-search" type="search" autocomplete="off" spellcheck="false" placeholder="name, summary, param…" aria-describedby="method-search-help" aria-keyshortcuts="/">
<p id="method-search-help" class="search-help">Type to filter the ${escapeHtml(count)} methods. <kbd>/</kbd> focuses the box, <kbd>Enter</kbd> opens the first match, <kbd>Esc</kbd> clears.</p>
<p id="method-search-status" class="search-status" role="status" aria-live="polite"></p>
</div>
<script id="method-search-index" type="application/json">${scriptJson(methodSearchEntries(document))}</script>`;
}
