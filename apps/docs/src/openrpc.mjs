// A static HTML reference for an OpenRPC document: overview, methods (params, result, errors,
// examples), errors and schemas, with anchors `method-<name>`, `error-<name>` and `schema-<name>`.
import { escapeHtml, md, mdInline } from './html.mjs';
import { endpointHtml, mappingMethodAnchor, restAnchor, rpcAnchor, supportBadge } from './mapping.mjs';
import { deref, refName } from './refs.mjs';
import {
  constraintsHtml,
  extensionHtml,
  extensionTitle,
  propertiesTable,
  propertyRows,
  typeHtml,
} from './schema-html.mjs';
import { methodSearchHtml } from './search.mjs';

export { typeHtml };

/** @typedef {Record<string, any>} Json */
/** @typedef {import('./mapping.mjs').RestOperation} RestOperation */

/**
 * @param {unknown} value
 */
const pretty = (value) => escapeHtml(JSON.stringify(value, null, 2));

/**
 * One example pairing as a request and its answer.
 * @param {Json} document
 * @param {Json} method
 * @param {Json} example
 */
function exampleHtml(document, method, example) {
  const pairing = deref(document, example);
  const params = Object.fromEntries(
    (pairing.params ?? []).map((/** @type {any} */ p) => {
      const param = deref(document, p);
      return [param.name, param.value];
    }),
  );
  const request = {
    jsonrpc: '2.0',
    id: 1,
    method: method.name,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
  const result = pairing.result ? deref(document, pairing.result) : undefined;
  const answer = result ? pretty({ jsonrpc: '2.0', id: 1, result: result.value }) : '';
  const lines = answer.split('\n').length;
  return `<div class="example">
<h4>${escapeHtml(pairing.name ?? 'Example')}</h4>
${md(pairing.description)}
<div class="exchange">
<div><div class="label">Request</div><pre class="code"><code>${pretty(request)}</code></pre></div>
${
  result
    ? `<div><div class="label">Response</div>${
        lines > 40
          ? `<details><summary>Show the response (${lines} lines)</summary><pre class="code"><code>${answer}</code></pre></details>`
          : `<pre class="code"><code>${answer}</code></pre>`
      }</div>`
    : ''
}
</div>
</div>`;
}

/**
 * The page body for an OpenRPC document.
 * @param {Json} document
 * @param {{ restByMethod: Map<string, RestOperation[]> }} links REST operations mapped to each method
 */
export function openRpcBody(document, { restByMethod }) {
  const methods = /** @type {Json[]} */ (document.methods ?? []);
  const schemas = /** @type {Record<string, Json>} */ (document.components?.schemas ?? {});
  const errors = /** @type {Record<string, Json>} */ (document.components?.errors ?? {});
  const extensions = Object.entries(document).filter(([key]) => key.startsWith('x-'));

  const sidebar = `<nav class="doc-sidebar" aria-label="Contents">
${methodSearchHtml(document)}
<a class="side-title" href="#overview">Overview</a>
${extensions.length > 0 ? `<a href="#extensions">Contract notes</a>` : ''}
<div class="side-heading">Methods</div>
<ul>${methods.map((m) => `<li data-method="${escapeHtml(m.name)}"><a href="#${rpcAnchor(m.name)}"><code>${escapeHtml(m.name)}</code></a></li>`).join('')}</ul>
<div class="side-heading"><a href="#errors">Errors</a></div>
<details><summary class="side-heading">Schemas (${Object.keys(schemas).length})</summary>
<ul>${Object.keys(schemas)
    .map((name) => `<li><a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a></li>`)
    .join('')}</ul></details>
</nav>`;

  const servers = (document.servers ?? []).length
    ? `<h2>Servers</h2><div class="table-wrap"><table class="fields"><tbody>${document.servers
        .map(
          (/** @type {Json} */ s) =>
            `<tr><td>${escapeHtml(s.name ?? '')}</td><td><code>${escapeHtml(s.url)}</code></td><td>${mdInline(s.summary ?? s.description ?? '')}</td></tr>`,
        )
        .join('')}</tbody></table></div>`
    : '';

  const overview = `<section id="overview" class="overview">
<h1>${escapeHtml(document.info.title)} <span class="version">${escapeHtml(document.info.version)}</span></h1>
<p class="kind">OpenRPC ${escapeHtml(document.openrpc)} · ${methods.length} methods · JSON-RPC 2.0 · see also the <a href="mapping.html">REST → RPC mapping</a></p>
<div class="method-index">${methods
    .map(
      (m) =>
        `<a href="#${rpcAnchor(m.name)}" data-method="${escapeHtml(m.name)}"><code>${escapeHtml(m.name)}</code><span>${escapeHtml(m.summary ?? '')}</span></a>`,
    )
    .join('')}</div>
${md(document.info.description)}
${servers}
</section>`;

  const extensionSection =
    extensions.length > 0
      ? `<section id="extensions"><h2>Contract notes</h2>${extensions
          .map(
            ([key, value]) =>
              `<h3 id="${escapeHtml(key)}">${escapeHtml(extensionTitle(key))} <code class="key">${escapeHtml(key)}</code></h3>${extensionHtml(value)}`,
          )
          .join('\n')}</section>`
      : '';

  const methodSections = methods
    .map((method) => {
      const params = (method.params ?? []).map((/** @type {any} */ p) => deref(document, p));
      const result = method.result ? deref(document, method.result) : undefined;
      const methodErrors = (method.errors ?? []).map((/** @type {any} */ e) => ({
        name: typeof e.$ref === 'string' ? refName(e.$ref) : undefined,
        ...deref(document, e),
      }));
      const rest = restByMethod.get(method.name) ?? [];
      const limits = [
        method['x-execution-limit-seconds'] !== undefined
          ? `runs at most ${escapeHtml(method['x-execution-limit-seconds'])} s`
          : '',
        method['x-request-backlog'] !== undefined
          ? `queue of ${escapeHtml(method['x-request-backlog'])} requests`
          : '',
      ].filter(Boolean);
      const paramRows = params
        .map(
          (/** @type {any} */ p) => `<tr>
<td><code>${escapeHtml(p.name)}</code></td>
<td>${typeHtml(p.schema)}</td>
<td>${p.required ? '<span class="required">required</span>' : ''}</td>
<td>${p.summary ? `<p class="param-summary">${escapeHtml(p.summary)}</p>` : ''}${md(p.description)}${constraintsHtml(p.schema)}</td>
</tr>${propertyRows(document, deref(document, p.schema), p.name, 1)}`,
        )
        .join('\n');
      return `<section class="method" id="${rpcAnchor(method.name)}" data-method="${escapeHtml(method.name)}">
<h2><code>${escapeHtml(method.name)}</code></h2>
${method.summary ? `<p class="summary">${escapeHtml(method.summary)}</p>` : ''}
<p class="facts">${[
        method.paramStructure ? `params ${escapeHtml(method.paramStructure)}` : '',
        ...limits,
        method.externalDocs?.url
          ? `<a href="${escapeHtml(method.externalDocs.url)}" rel="noopener">upstream reference</a>`
          : '',
      ]
        .filter(Boolean)
        .join(' · ')}</p>
${
  rest.length > 0
    ? `<div class="replaces"><span class="label">Replaces on the REST API</span> ${rest
        .map(
          (o) =>
            `<a href="ledger-api.html#${restAnchor(o.operationId)}">${endpointHtml(o.method, o.path)}</a>${supportBadge(o.rpc?.support ?? '')}`,
        )
        .join(
          ' ',
        )} <a class="see-mapping" href="mapping.html#${mappingMethodAnchor(method.name)}">in the mapping →</a></div>`
    : ''
}
${md(method.description)}
<div class="try-it-slot" data-try-it="${escapeHtml(method.name)}"></div>
<h3>Parameters</h3>
${
  params.length > 0
    ? `<div class="table-wrap"><table class="fields"><thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col"></th><th scope="col">Description</th></tr></thead><tbody>${paramRows}</tbody></table></div>`
    : '<p class="none">None: send no <code>params</code>, or <code>{}</code>.</p>'
}
${
  result
    ? `<h3>Result</h3><p><code>${escapeHtml(result.name)}</code>: ${typeHtml(result.schema)}</p>${md(result.description)}${propertiesTable(document, deref(document, result.schema))}`
    : ''
}
${
  methodErrors.length > 0
    ? `<h3>Errors</h3><p class="error-chips">${methodErrors
        .map(
          (/** @type {any} */ e) =>
            `<a href="#error-${escapeHtml(e.name ?? e.code)}" title="${escapeHtml(e.message ?? '')}"><code>${escapeHtml(e.code)}</code> ${escapeHtml(e.name ?? '')}</a>`,
        )
        .join(' ')}</p>`
    : ''
}
${
  (method.examples ?? []).length > 0
    ? `<h3>Examples</h3>${method.examples.map((/** @type {Json} */ e) => exampleHtml(document, method, e)).join('\n')}`
    : ''
}
</section>`;
    })
    .join('\n');

  const errorSection = `<section id="errors"><h2>Errors</h2>
<div class="table-wrap"><table class="fields"><thead><tr><th scope="col">Code</th><th scope="col">Name</th><th scope="col">When</th></tr></thead><tbody>${Object.entries(
    errors,
  )
    .map(
      ([name, e]) =>
        `<tr id="error-${escapeHtml(name)}"><td><code>${escapeHtml(e.code)}</code></td><td>${escapeHtml(name)}</td><td>${md(e.message)}${e.data ? md(e.data.description ?? '') : ''}</td></tr>`,
    )
    .join('\n')}</tbody></table></div></section>`;

  const schemaSection = `<section id="schemas"><h2>Schemas</h2>${Object.entries(schemas)
    .map(
      ([name, schema]) => `<div class="schema" id="schema-${escapeHtml(name)}">
<h3>${escapeHtml(name)}</h3>
<p class="schema-type">${typeHtml({ ...schema, $ref: undefined })}${constraintsHtml(schema)}</p>
${md(schema.description)}
${propertiesTable(document, schema)}
</div>`,
    )
    .join('\n')}</section>`;

  return `<div class="doc-layout">
${sidebar}
<main class="doc-main">
${overview}
${extensionSection}
<h2 class="part">Methods</h2>
${methodSections}
${errorSection}
${schemaSection}
</main>
</div>`;
}
