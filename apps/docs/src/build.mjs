#!/usr/bin/env node
// Builds the docs site into dist/ from the bundled contracts of @starspec/specs: a home page, one
// page per contract (Redoc for OpenAPI, a static reference for OpenRPC), the REST → RPC mapping
// and the guides. Everything the pages load is copied into dist/, so the site works offline.
// Output depends only on the contracts and this folder: no dates, no absolute paths.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapping } from '@starspec/ledger-api';
import { GATEWAY_SERVING } from '@starspec/ledger-index';
import { contractsDir, listContracts, loadContract } from '@starspec/specs';
import { escapeHtml, layout, md, mdInline, navItems, scriptJson } from './html.mjs';
import { mappingBody, restOperations, rpcNoteMarkdown } from './mapping.mjs';
import { openRpcBody } from './openrpc.mjs';
import { tryItScript } from './try-it/index.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const require = createRequire(import.meta.url);

/** Nav labels and page order; a contract not listed here comes last under its own title. */
const SHORT = /** @type {Record<string, string>} */ ({
  callbacks: 'Anchor callbacks',
  platform: 'Platform',
  'ledger-api': 'Ledger REST',
  'ledger-rpc': 'Ledger JSON-RPC',
});
const ORDER = Object.keys(SHORT);

/** The JSON-RPC contract whose methods the `x-rpc` extensions of the REST contract name. */
const REST = 'ledger-api';
const RPC = 'ledger-rpc';

/** The site's style sheets, joined into `assets/site.css` in this order. */
// Where the gateway's table of what it serves each operation from is explained.
const GATEWAY_DOC = `${require('@starspec/ledger-index/package.json').homepage.split('#')[0]}#what-each-operation-is-served-from`;
const STYLES = ['base.css', 'pages.css', 'mapping.css', 'reference.css', 'search.css', 'try-it.css'];
/** The site's own scripts, copied into `assets/`. */
const SCRIPTS = ['redoc-page.js', 'try-it.js', 'method-search.js'];

const GUIDES = [
  {
    id: 'clients',
    file: 'clients.md',
    title: 'Use a generated client',
    blurb: 'Typed REST and JSON-RPC clients from the contracts.',
  },
  {
    id: 'conformance',
    file: 'conformance.md',
    title: 'Run the conformance suite',
    blurb: 'Check your back-end against a contract, in CI or from your tests.',
  },
  {
    id: 'contracts',
    file: 'contracts.md',
    title: 'Test a contract from TypeScript without Docker',
    blurb: 'Run Soroban contracts in-process or on a local network in one Node process.',
  },
  {
    id: 'mocks',
    file: 'mocks.md',
    title: 'Run the mocks',
    blurb: 'Mock servers for every contract, answering with its examples.',
  },
];

const contracts = listContracts()
  .map((c) => ({ ...c, short: SHORT[c.name] ?? c.title }))
  .sort((a, b) => {
    const rank = (/** @type {string} */ n) => (ORDER.includes(n) ? ORDER.indexOf(n) : ORDER.length);
    return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
  });
const nav = navItems(contracts);
/** @type {Record<string, Record<string, any>>} */
const documents = {};
for (const c of contracts) documents[c.name] = await loadContract(c.name);

const rest = documents[REST];
const rpc = documents[RPC];
const operations = rest ? restOperations(rest, mapping) : [];
const rpcMethods = rpc ? /** @type {{ name: string }[]} */ (rpc.methods ?? []).map((m) => m.name) : [];
/** @type {Map<string, import('./mapping.mjs').RestOperation[]>} */
const restByMethod = new Map();
for (const o of operations) {
  for (const m of o.rpc?.methods ?? []) restByMethod.set(m, [...(restByMethod.get(m) ?? []), o]);
}

await rm(dist, { recursive: true, force: true });
await mkdir(join(dist, 'assets'), { recursive: true });
await mkdir(join(dist, 'contracts'), { recursive: true });

/** @type {{ file: string, title: string, kind: string, contract?: string }[]} */
const pages = [];
/**
 * @param {string} file
 * @param {string} html
 * @param {{ title: string, kind: string, contract?: string }} entry
 */
async function writePage(file, html, entry) {
  await writeFile(join(dist, file), html);
  pages.push({ file, ...entry });
}

// Assets: the site's own (its style sheets joined into one, in cascade order), and Redoc's
// standalone bundle, which is used as it is but for two things that would reach outside: its
// source-map comment, and the sidebar footer's logo image, which it loads from Redocly's CDN (the
// footer keeps its "API docs by Redocly" link).
for (const asset of SCRIPTS) {
  await copyFile(join(here, 'assets', asset), join(dist, 'assets', asset));
}
await copyFile(join(here, 'assets', 'favicon.svg'), join(dist, 'assets', 'favicon.svg'));
const css = await Promise.all(STYLES.map((file) => readFile(join(here, 'assets', 'css', file), 'utf8')));
await writeFile(join(dist, 'assets', 'site.css'), css.join('\n'));
const redocDir = dirname(require.resolve('redoc/package.json'));
const redoc = (await readFile(join(redocDir, 'bundles', 'redoc.standalone.js'), 'utf8'))
  .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
  .replace(/\w+\.createElement\("img",\{alt:"redocly logo",[^}]*\}\)/, 'null');
if (/https:\/\/cdn\./.test(redoc))
  throw new Error('the Redoc bundle still loads from a CDN; update the patch in build.mjs');
await writeFile(join(dist, 'assets', 'redoc.standalone.js'), redoc);
await copyFile(
  join(redocDir, 'bundles', 'redoc.standalone.js.LICENSE.txt'),
  join(dist, 'assets', 'redoc.standalone.js.LICENSE.txt'),
);
for (const c of contracts) {
  for (const file of Object.values(c.files))
    await copyFile(join(contractsDir, file), join(dist, 'contracts', file));
}

/**
 * A one-line summary from a description: its first sentence without parentheses.
 * @param {string | undefined} description
 */
function blurb(description) {
  const first = (description ?? '').split('\n')[0]?.split(/(?<=\.)\s/)[0] ?? '';
  return first.replace(/\s*\([^()]*\)/g, '');
}

/** @param {typeof contracts[number]} c */
const downloads = (c) => [
  { title: 'YAML', url: `contracts/${c.files.yaml}` },
  { title: 'JSON', url: `contracts/${c.files.json}` },
];

// One page per contract.
for (const c of contracts) {
  const document = structuredClone(documents[c.name] ?? {});
  const title = `${c.title} ${c.version} — starspec`;
  if (c.kind === 'openapi') {
    if (c.name === REST) {
      // Each mapped operation's description starts with its JSON-RPC methods and a link to the mapping.
      const known = new Set(rpcMethods);
      for (const o of operations) {
        if (!o.rpc) continue;
        const operation = document.paths[o.path][o.method.toLowerCase()];
        operation.description = `${rpcNoteMarkdown(o, known)}${operation.description ?? ''}`;
      }
    }
    const body = `<div id="redoc"></div>
<script id="contract" type="application/json">${scriptJson(document)}</script>
<script id="page-options" type="application/json">${scriptJson({ downloads: downloads(c) })}</script>
${tryItScript(c, document)}`;
    const html = layout({
      title,
      current: c.name,
      nav,
      body,
      bodyClass: 'redoc-page',
      rendered: false,
      scripts: ['assets/redoc.standalone.js', 'assets/try-it.js', 'assets/redoc-page.js'],
    });
    await writePage(`${c.name}.html`, html, { title: c.title, kind: c.kind, contract: c.name });
  } else {
    const links = downloads(c)
      .map((d) => `<a href="${d.url}">${d.title}</a>`)
      .join(' · ');
    const body = `${openRpcBody(document, { restByMethod }).replace(
      '<p class="kind">',
      `<p class="kind">Download ${links} · `,
    )}
${tryItScript(c, document)}`;
    const scripts = ['assets/try-it.js', 'assets/method-search.js'];
    await writePage(`${c.name}.html`, layout({ title, current: c.name, nav, body, scripts }), {
      title: c.title,
      kind: c.kind,
      contract: c.name,
    });
  }
}

// The REST → RPC mapping.
await writePage(
  'mapping.html',
  layout({
    title: 'REST → RPC mapping — starspec',
    current: 'mapping',
    nav,
    body: `<main class="page">${mappingBody({
      operations,
      rpcMethods: rpc?.methods ?? [],
      restTitle: rest?.info?.title ?? REST,
      rpcTitle: rpc?.info?.title ?? RPC,
      gateway: GATEWAY_SERVING,
      gatewayDoc: GATEWAY_DOC,
    })}</main>`,
  }),
  { title: 'REST → RPC mapping', kind: 'mapping' },
);

// The guides, one section each.
const guideSections = [];
for (const guide of GUIDES) {
  const text = await readFile(join(here, 'guides', guide.file), 'utf8');
  guideSections.push(`<section class="guide" id="${guide.id}">${md(text)}</section>`);
}
await writePage(
  'guides.html',
  layout({
    title: 'Guides — starspec',
    current: 'guides',
    nav,
    body: `<main class="page narrow">
<h1>Guides</h1>
<p class="lead">Short recipes for each kind of user: calling a service, building one that conforms, and testing without one.</p>
<div class="toc">${GUIDES.map((g) => `<a href="#${g.id}"><strong>${escapeHtml(g.title)}</strong><span>${escapeHtml(g.blurb)}</span></a>`).join('')}</div>
${guideSections.join('\n')}
</main>`,
  }),
  { title: 'Guides', kind: 'guides' },
);

// The home page.
const mapped = operations.filter((o) => o.rpc);
const cards = contracts
  .map(
    (c) => `<article class="card">
<h3><a href="${c.name}.html">${escapeHtml(c.title)}</a></h3>
<div class="meta"><span class="version">${escapeHtml(c.version)}</span> ${c.kind === 'openapi' ? 'OpenAPI 3.1' : 'OpenRPC'} · ${c.operations} ${c.kind === 'openapi' ? 'operations' : 'methods'}</div>
<p>${mdInline(c.summary ?? blurb(documents[c.name]?.info?.description))}</p>
<div class="links"><a class="primary" href="${c.name}.html">Open the reference →</a>
<span class="downloads">Download ${downloads(c)
      .map((d) => `<a href="${d.url}">${d.title}</a>`)
      .join(' · ')} · <a href="contracts/${c.files.dereferenced}">dereferenced JSON</a></span></div>
</article>`,
  )
  .join('\n');
const home = `<main class="page">
<h1>starspec contracts</h1>
<p class="lead">Contract-first TypeScript for one Stellar service family. The hand-written contracts are the single
source of truth; clients, servers, validators and mocks are generated from them or tested against them. Every page
here is built from those contracts.</p>
<h2>Contracts</h2>
<div class="cards two">
${cards}
</div>
<h2>Mapping and guides</h2>
<div class="cards four">
<article class="card">
<h3><a href="mapping.html">REST → RPC mapping</a></h3>
<div class="meta">${
  mapped.length > 0
    ? `${mapped.length} of ${operations.length} ledger REST operations mapped`
    : 'No mapping yet'
}</div>
<p>Which JSON-RPC methods replace each ledger REST operation, and how completely.</p>
</article>
${GUIDES.map(
  (g) =>
    `<article class="card"><h3><a href="guides.html#${g.id}">${escapeHtml(g.title)}</a></h3><div class="meta">Guide</div><p>${escapeHtml(g.blurb)}</p></article>`,
).join('\n')}
</div>
</main>`;
await writePage('index.html', layout({ title: 'starspec contracts', current: 'index', nav, body: home }), {
  title: 'starspec contracts',
  kind: 'index',
});

await writeFile(
  join(dist, 'pages.json'),
  `${JSON.stringify(
    pages.sort((a, b) => a.file.localeCompare(b.file)),
    null,
    2,
  )}\n`,
);
console.log(`docs: ${pages.length} pages in dist/ (${pages.map((p) => p.file).join(', ')})`);
