// Schemas and contract extensions as HTML for the JSON-RPC reference: one-line types with links
// to named schemas, constraints, property tables, and `x-` extensions as tables or lists.
import { escapeHtml, md, mdInline } from './html.mjs';
import { deref, refName } from './refs.mjs';

/** @typedef {Record<string, any>} Json */

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
export function describe(document, schema) {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema.description) return schema.description;
  return typeof schema.$ref === 'string' ? deref(document, schema).description : undefined;
}

/**
 * Constraints worth showing under a description: default, range, length, pattern.
 * @param {any} schema
 */
export function constraintsHtml(schema) {
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
export function propertyRows(document, schema, prefix, depth) {
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
export function propertiesTable(document, schema) {
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
export function extensionHtml(value) {
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
export const extensionTitle = (key) => {
  const words = key.replace(/^x-/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
