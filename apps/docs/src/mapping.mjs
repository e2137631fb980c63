// The REST → JSON-RPC mapping: the `mapping` record of @starspec/ledger-api, which the codegen
// reads once from the `x-rpc` extension of each ledger REST operation, beside the contract's own
// summaries and tags.
import { escapeHtml, mdInline } from './html.mjs';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/**
 * @typedef {{ methods: readonly string[], support: string, note: string }} RpcEntry
 * @typedef {{ operationId: string, method: string, path: string, summary: string, tag: string,
 *   rpc?: RpcEntry }} RestOperation
 */

/**
 * Every operation of an OpenAPI document in contract order, with its entry of `mapping` (by
 * operationId) when it has one.
 * @param {Record<string, any>} document
 * @param {Readonly<Record<string, RpcEntry>>} mapping
 * @returns {RestOperation[]}
 */
export function restOperations(document, mapping) {
  /** @type {RestOperation[]} */
  const operations = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const rpc = Object.hasOwn(mapping, operation.operationId) ? mapping[operation.operationId] : undefined;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        tag: operation.tags?.[0] ?? 'Other',
        ...(rpc ? { rpc: { methods: [...rpc.methods], support: rpc.support, note: rpc.note } } : {}),
      });
    }
  }
  return operations;
}

/**
 * The anchor of an operation on the Redoc page of its contract.
 * @param {string} operationId
 */
export const restAnchor = (operationId) => `operation/${operationId}`;
/** @param {string} name */
export const rpcAnchor = (name) => `method-${name}`;
/** @param {string} operationId */
export const mappingRowAnchor = (operationId) => `op-${operationId}`;
/** @param {string} name */
export const mappingMethodAnchor = (name) => `rpc-${name}`;

const SUPPORT_LABEL = /** @type {Record<string, string>} */ ({
  direct: 'direct',
  partial: 'partial',
  none: 'none',
});

/**
 * A badge for a support level.
 * @param {string} support
 */
export function supportBadge(support) {
  const known = SUPPORT_LABEL[support];
  return `<span class="badge support-${known ?? 'other'}">${escapeHtml(known ?? support)}</span>`;
}

/**
 * A method and path as shown everywhere on the site.
 * @param {string} method
 * @param {string} path
 */
export function endpointHtml(method, path) {
  return `<span class="verb verb-${method.toLowerCase()}">${escapeHtml(method)}</span> <code>${escapeHtml(path)}</code>`;
}

/**
 * The markdown put in front of an operation's description on the REST page: its JSON-RPC methods
 * and a link to its row of the mapping.
 * @param {RestOperation} operation
 * @param {Set<string>} rpcMethods
 */
export function rpcNoteMarkdown(operation, rpcMethods) {
  if (!operation.rpc) return '';
  const { methods, support, note } = operation.rpc;
  const links = methods.map((m) =>
    rpcMethods.has(m) ? `[\`${m}\`](ledger-rpc.html#${rpcAnchor(m)})` : `\`${m}\``,
  );
  const what =
    links.length > 0 ? `${links.join(', ')} (${SUPPORT_LABEL[support] ?? support})` : 'no equivalent method';
  const row = `[mapping](mapping.html#${mappingRowAnchor(operation.operationId)})`;
  return `> **JSON-RPC:** ${what}${note ? ` — ${note}` : ''} · ${row}\n\n`;
}

/**
 * How the gateway serves one operation: where from, and in a sentence how.
 * @param {string} operationId
 * @param {Readonly<Record<string, { from: string, how: string }>>} gateway
 * @param {string | undefined} doc
 */
function gatewayCell(operationId, gateway, doc) {
  const serving = gateway[operationId];
  if (!serving) return '<td class="gateway"><span class="none">not served</span></td>';
  const label = `<span class="badge served-${escapeHtml(serving.from.replace('+', '-'))}">${escapeHtml(serving.from)}</span>`;
  return `<td class="gateway" id="gw-${escapeHtml(operationId)}">${doc ? `<a href="${escapeHtml(doc)}">${label}</a>` : label} ${escapeHtml(serving.how)}</td>`;
}

/**
 * The mapping page's content.
 * @param {{ operations: RestOperation[], rpcMethods: { name: string, summary?: string }[], restTitle: string,
 *   rpcTitle: string, gateway?: Readonly<Record<string, { from: string, how: string }>>, gatewayDoc?: string }} input
 */
export function mappingBody({ operations, rpcMethods: methods, restTitle, rpcTitle, gateway, gatewayDoc }) {
  const rpcMethods = methods.map((m) => m.name);
  const summaries = new Map(methods.map((m) => [m.name, m.summary ?? '']));
  const mapped = operations.filter((o) => o.rpc);
  const known = new Set(rpcMethods);
  const intro = `<h1>Ledger REST API → JSON-RPC</h1>
<p class="lead">Which JSON-RPC methods of the <a href="ledger-rpc.html">${escapeHtml(rpcTitle)}</a> replace each
operation of the <a href="ledger-api.html">${escapeHtml(restTitle)}</a>. The table is generated from the <code>x-rpc</code>
extension that each REST operation carries in the contract; every row links to the operation and to its methods${
    gateway
      ? `, and says how <a href="${escapeHtml(gatewayDoc ?? '')}"><code>starspec-horizon</code></a>, the gateway that serves this REST API over any JSON-RPC server, answers it: from its own index of the ledgers it ingested, by a direct JSON-RPC call, or both`
      : ''
  }.</p>`;
  if (mapped.length === 0) {
    return `${intro}
<section class="empty-state" id="no-mapping">
<h2>No mapping yet</h2>
<p>None of the ${operations.length} operations of the ledger REST contract has an <code>x-rpc</code> extension yet.
Once they do, this page lists each operation with its JSON-RPC methods, how completely they replace it, and notes.</p>
</section>`;
  }

  const counts = /** @type {Record<string, number>} */ ({});
  for (const o of mapped) {
    const label = SUPPORT_LABEL[o.rpc?.support ?? ''] ?? 'other';
    counts[label] = (counts[label] ?? 0) + 1;
  }
  const unmapped = operations.length - mapped.length;
  const stats = [
    `<strong>${mapped.length}</strong> of ${operations.length} operations mapped`,
    ...['direct', 'partial', 'none', 'other']
      .filter((k) => counts[k])
      .map((k) => `${supportBadge(k)} ${counts[k]}`),
    ...(unmapped > 0 ? [`<span class="badge support-unknown">not stated</span> ${unmapped}`] : []),
  ].join('<span class="sep">·</span>');

  const legend = `<dl class="legend">
<dt>${supportBadge('direct')}</dt><dd>the methods give what the operation gives</dd>
<dt>${supportBadge('partial')}</dt><dd>only part of the answer can be rebuilt from them</dd>
<dt>${supportBadge('none')}</dt><dd>no JSON-RPC equivalent; the note says what to do instead</dd>
</dl>`;

  /** @param {string} name */
  const methodLink = (name) =>
    known.has(name)
      ? `<a class="rpc-link" href="ledger-rpc.html#${rpcAnchor(name)}"><code>${escapeHtml(name)}</code></a>`
      : `<code class="unknown-method" title="not a method of the JSON-RPC contract">${escapeHtml(name)}</code>`;

  let rows = '';
  let lastTag = '';
  for (const o of operations) {
    if (o.tag !== lastTag) {
      rows += `<tr class="group"><th colspan="${gateway ? 5 : 4}" scope="colgroup">${escapeHtml(o.tag)}</th></tr>\n`;
      lastTag = o.tag;
    }
    const rpc = o.rpc;
    rows += `<tr id="${mappingRowAnchor(o.operationId)}"${rpc ? '' : ' class="unmapped"'}>
<td><a class="rest-link" href="ledger-api.html#${restAnchor(o.operationId)}">${endpointHtml(o.method, o.path)}</a><div class="op-summary">${escapeHtml(o.summary)}</div></td>
<td>${rpc ? rpc.methods.map(methodLink).join(' ') || '<span class="none">—</span>' : '<span class="none">—</span>'}</td>
<td>${rpc ? supportBadge(rpc.support) : '<span class="badge support-unknown">not stated</span>'}</td>
<td>${rpc?.note ? mdInline(rpc.note) : ''}</td>${gateway ? `\n${gatewayCell(o.operationId, gateway, gatewayDoc)}` : ''}
</tr>\n`;
  }

  /** @type {Map<string, RestOperation[]>} */
  const byMethod = new Map(rpcMethods.map((m) => [m, []]));
  for (const o of mapped) {
    for (const m of o.rpc?.methods ?? []) {
      if (!byMethod.has(m)) byMethod.set(m, []);
      byMethod.get(m)?.push(o);
    }
  }
  const methodRows = [...byMethod]
    .map(
      ([name, ops]) => `<tr id="${mappingMethodAnchor(name)}">
<td>${methodLink(name)}<div class="method-summary">${escapeHtml(summaries.get(name) ?? '')}</div></td>
<td>${
        ops.length > 0
          ? `<ul class="op-list">${ops
              .map(
                (o) =>
                  `<li><a href="#${mappingRowAnchor(o.operationId)}">${endpointHtml(o.method, o.path)}</a> ${supportBadge(o.rpc?.support ?? '')}</li>`,
              )
              .join('')}</ul>`
          : '<span class="none">no REST operation maps to it</span>'
      }</td>
</tr>`,
    )
    .join('\n');

  return `${intro}
<p class="stats">${stats}</p>
${legend}
<h2 id="by-operation">By REST operation</h2>
<div class="table-wrap"><table class="mapping" id="mapping-table">
<thead><tr><th scope="col">REST operation</th><th scope="col">JSON-RPC methods</th><th scope="col">Support</th><th scope="col">Note</th>${gateway ? '<th scope="col">starspec-horizon</th>' : ''}</tr></thead>
<tbody>
${rows}</tbody>
</table></div>
<h2 id="by-method">By JSON-RPC method</h2>
<div class="table-wrap"><table class="mapping by-method">
<thead><tr><th scope="col">Method</th><th scope="col">REST operations it replaces</th></tr></thead>
<tbody>
${methodRows}
</tbody>
</table></div>`;
}
