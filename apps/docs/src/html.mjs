// HTML helpers shared by every page: escaping, markdown, and the page shell with the site's header.
import { Marked } from 'marked';

/**
 * Escapes text for HTML content and attribute values.
 * @param {unknown} value
 */
export function escapeHtml(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const markdown = new Marked({ gfm: true, async: false });

/**
 * Markdown (the contracts' descriptions and the guides) to HTML. Tables get a wrapper so that a
 * wide one scrolls on its own instead of widening the page.
 * @param {string | undefined} text
 */
export function md(text) {
  if (!text) return '';
  const html = /** @type {string} */ (markdown.parse(text));
  return html.replace(/<table>/g, '<div class="table-wrap"><table>').replace(/<\/table>/g, '</table></div>');
}

/**
 * One line of markdown without the paragraph around it.
 * @param {string | undefined} text
 */
export function mdInline(text) {
  if (!text) return '';
  return /** @type {string} */ (markdown.parseInline(text));
}

/**
 * Serialises a value into a `<script type="application/json">` body that cannot close the tag.
 * @param {unknown} value
 */
export function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** @typedef {{ href: string, label: string, id: string }} NavItem */

/**
 * The site's pages in header order: each contract, the mapping and the guides.
 * @param {{ name: string, title: string, short: string }[]} contracts
 * @returns {NavItem[]}
 */
export function navItems(contracts) {
  return [
    ...contracts.map((c) => ({ href: `${c.name}.html`, label: c.short, id: c.name })),
    { href: 'mapping.html', label: 'REST → RPC mapping', id: 'mapping' },
    { href: 'guides.html', label: 'Guides', id: 'guides' },
  ];
}

/**
 * A complete page: the header with the site navigation, then `body`.
 * @param {{ title: string, current: string, nav: NavItem[], body: string, bodyClass?: string,
 *   head?: string, scripts?: string[], rendered?: boolean, extraNav?: string }} page
 */
export function layout({
  title,
  current,
  nav,
  body,
  bodyClass = '',
  head = '',
  scripts = [],
  rendered = true,
  extraNav = '',
}) {
  const links = nav
    .map(
      (item) =>
        `<a href="${item.href}"${item.id === current ? ' aria-current="page"' : ''}>${escapeHtml(item.label)}</a>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="assets/site.css">
${head}</head>
<body class="${bodyClass}"${rendered ? ' data-rendered="true"' : ''}>
<header class="site">
<a class="brand" href="index.html"${current === 'index' ? ' aria-current="page"' : ''}><span class="logo" aria-hidden="true">✦</span> starspec</a>
<nav aria-label="Site">${links}</nav>${extraNav}
</header>
${body}
${scripts.map((src) => `<script src="${src}"></script>`).join('\n')}
</body>
</html>
`;
}
