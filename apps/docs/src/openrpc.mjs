// A static HTML reference for an OpenRPC document: overview, methods (params, result, errors,
// examples), errors and schemas, with anchors `method-<name>`, `error-<name>` and `schema-<name>`.
import { escapeHtml, md, mdInline } from './html.mjs';
import { endpointHtml, mappingMethodAnchor, restAnchor, rpcAnchor, supportBadge } from './mapping.mjs';

/** @typedef {Record<string, any>} Json */
/** @typedef {import('./mapping.mjs').RestOperation} RestOperation */

/** @param {string} ref */
const refName = (ref) => decodeURIComponent(ref.split('/').pop() ?? ref);

/**
 * Follows internal `$ref`s until a value without one.
 * @param {Json} document
 * @param {any} value
 * @returns {any}
 */
function deref(document, value) {
  let current = value;
  const seen = new Set();
  while (
    current &&
    typeof current === 'object' &&
    typeof current.$ref === 'string' &&
    !seen.has(current.$ref)
  ) {
    seen.add(current.$ref);
    let target = document;
    for (const segment of current.$ref.slice(2).split('/')) target = target?.[decodeURIComponent(segment)];
    current = target === undefined ? current : { ...target, ...withoutRef(current) };
  }
  return current;
}

/** @param {Json} value */
function withoutRef(value) {
  const { $ref, ...rest } = value;
  return rest;
}

/**
 * A schema's type in one line, with links to named schemas.
 * @param {any} schema
 * @returns {string}
 */
export function typeHtml(schema) {
  if (!schema || typeof schema !== 'object') return '<span class="type">any</span>';
  if (typeof schema.$ref === 'string') {
    const name = refName(schema.$ref);
    return `<a class="type-ref" href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) {
    return schema.enum
      .map((/** @type {unknown} */ v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`)
      .join(' | ');
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(alternatives)) return alternatives.map(typeHtml).join(' <span class="or">or</span> ');
  if (Array.isArray(schema.allOf)) return schema.allOf.map(typeHtml).join(' <span class="or">and</span> ');
  const types = [schema.type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'any')].flat();
  let html = types
    .map((/** @type {string} */ t) =>
      t === 'array' ? `array of ${typeHtml(schema.items)}` : `<span class="type">${escapeHtml(t)}</span>`,
    )
    .join(' | ');
  if (schema.format) html += ` <span class="format">${escapeHtml(schema.format)}</span>`;
  if (schema['x-xdr-type']) html += ` <span class="xdr">XDR ${escapeHtml(schema['x-xdr-type'])}</span>`;
  if (schema['x-xdr-json-type'])
    html += ` <span class="xdr">XDR JSON ${escapeHtml(schema['x-xdr-json-type'])}</span>`;
  return html;
}

/**
 * A schema's description, else that of the schema it names.
 * @param {Json} document
 * @param {any} schema
 * @returns {string | undefined}
 */
function describe(document, schema) {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.description) return schema.description;
  return typeof schema.$ref === 'string' ? deref(document, schema).description : undefined;
}

/**
 * Constraints worth showing under a description: default, range, length, pattern.
 * @param {any} schema
 */
function constraintsHtml(schema) {
  if (!schema || typeof schema !== 'object') return '';
  const parts = [];
  if (schema.default !== undefined)
    parts.push(`default <code>${escapeHtml(JSON.stringify(schema.default))}</code>`);
  const range = (/** @type {string} */ what, /** @type {unknown} */ min, /** @type {unknown} */ max) => {
    if (min !== undefined && max !== undefined) parts.push(`${what} ${escapeHtml(min)} – ${escapeHtml(max)}`);
    else if (min !== undefined) parts.push(`${what} at least ${escapeHtml(min)}`);
    else if (max !== undefined) parts.push(`${what} at most ${escapeHtml(max)}`);
  };
  range('value', schema.minimum, schema.maximum);
  range('items', schema.minItems, schema.maxItems);
  range('length', schema.minLength, schema.maxLength);
  if (schema.pattern) parts.push(`pattern <code>${escapeHtml(schema.pattern)}</code>`);
  return parts.length > 0 ? `<div class="constraints">${parts.join(' · ')}</div>` : '';
}

/**
 * Table rows for the properties of an inline object schema, nested ones as `parent.child`. A
 * property that only names another schema borrows that schema's description.
 * @param {Json} document
 * @param {any} schema
 * @param {string} prefix
 * @param {number} depth
 * @returns {string}
 */
function propertyRows(document, schema, prefix, depth) {
  const target = schema?.type === 'array' && schema.items && !schema.items.$ref ? schema.items : schema;
  const path = target === schema ? prefix : `${prefix}[]`;
  if (!target || typeof target !== 'object' || target.$ref || !target.properties || depth > 3) return '';
  const required = new Set(target.required ?? []);
  return Object.entries(target.properties)
    .map(
      ([key, property]) => `<tr class="nested">
<td><code>${escapeHtml(path ? `${path}.${key}` : key)}</code></td>
<td>${typeHtml(property)}</td>
<td>${required.has(key) ? '<span class="required">required</span>' : ''}</td>
<td>${md(describe(document, property))}${constraintsHtml(property)}</td>
</tr>${propertyRows(document, property, path ? `${path}.${key}` : key, depth + 1)}`,
    )
    .join('\n');
}

/**
 * A properties table for a schema, or nothing when it has no properties.
 * @param {Json} document
 * @param {any} schema
 */
function propertiesTable(document, schema) {
  const rows = propertyRows(document, schema, '', 0);
  if (!rows) return '';
  return `<div class="table-wrap"><table class="fields">
<thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col"></th><th scope="col">Description</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

/**
 * Renders a contract extension's value readably: lists of flat records as tables, records as
 * definition lists, scalars as text.
 * @param {unknown} value
 * @returns {string}
 */
function extensionHtml(value) {
  const scalar = (/** @type {unknown} */ v) => v === null || typeof v !== 'object';
  const flat = (/** @type {unknown} */ v) =>
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every((x) => scalar(x) || (Array.isArray(x) && x.every(scalar)));
  const cell = (/** @type {unknown} */ v) =>
    Array.isArray(v)
      ? v.map((x) => `<code>${escapeHtml(x)}</code>`).join(', ')
      : v === undefined
        ? ''
        : mdInline(String(v));
  if (Array.isArray(value) && value.length > 0 && value.every(flat)) {
    const columns = [...new Set(value.flatMap((row) => Object.keys(row)))];
    return `<div class="table-wrap"><table class="fields"><thead><tr>${columns
      .map((c) => `<th scope="col">${escapeHtml(c)}</th>`)
      .join('')}</tr></thead><tbody>${value
      .map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join('')}</tr>`)
      .join('\n')}</tbody></table></div>`;
  }
  if (Array.isArray(value)) return `<ul>${value.map((v) => `<li>${extensionHtml(v)}</li>`).join('')}</ul>`;
  if (value && typeof value === 'object') {
    return `<dl class="extension">${Object.entries(value)
      .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${extensionHtml(v)}</dd>`)
      .join('')}</dl>`;
  }
  return cell(value);
}

/** @param {string} key */
const extensionTitle = (key) => {
  const words = key.replace(/^x-/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

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
<a class="side-title" href="#overview">Overview</a>
${extensions.length > 0 ? `<a href="#extensions">Contract notes</a>` : ''}
<div class="side-heading">Methods</div>
<ul>${methods.map((m) => `<li><a href="#${rpcAnchor(m.name)}"><code>${escapeHtml(m.name)}</code></a></li>`).join('')}</ul>
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
        `<a href="#${rpcAnchor(m.name)}"><code>${escapeHtml(m.name)}</code><span>${escapeHtml(m.summary ?? '')}</span></a>`,
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
      return `<section class="method" id="${rpcAnchor(method.name)}">
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
