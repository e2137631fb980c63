// The page builders on small documents: the mapping in each of its states, and the OpenRPC reference.
import { describe, expect, it } from 'vitest';
import { md, scriptJson } from '../src/html.mjs';
import { mappingBody, restOperations, rpcNoteMarkdown } from '../src/mapping.mjs';
import { openRpcBody, typeHtml } from '../src/openrpc.mjs';

const rest = {
  paths: {
    '/ledgers': { get: { operationId: 'listLedgers', summary: 'List ledgers', tags: ['Ledgers'] } },
    '/accounts': { get: { operationId: 'listAccounts', summary: 'List accounts', tags: ['Accounts'] } },
    '/offers': { get: { operationId: 'listOffers', summary: 'List offers', tags: ['Offers'] } },
  },
};
/** A `mapping` record as @starspec/ledger-api exports it: one entry per mapped operation. */
const MAPPING = {
  listLedgers: { method: 'GET', path: '/ledgers', methods: ['getLedgers'], support: 'direct', note: '' },
  listAccounts: { method: 'GET', path: '/accounts', methods: [], support: 'none', note: 'Use `getLedgers`.' },
};
const methods = [{ name: 'getLedgers', summary: 'page through ledgers' }, { name: 'getHealth' }];

describe('the mapping', () => {
  it("takes each operation's mapping entry, in contract order", () => {
    expect(restOperations(rest, MAPPING)).toEqual([
      {
        operationId: 'listLedgers',
        method: 'GET',
        path: '/ledgers',
        summary: 'List ledgers',
        tag: 'Ledgers',
        rpc: { methods: ['getLedgers'], support: 'direct', note: '' },
      },
      {
        operationId: 'listAccounts',
        method: 'GET',
        path: '/accounts',
        summary: 'List accounts',
        tag: 'Accounts',
        rpc: { methods: [], support: 'none', note: 'Use `getLedgers`.' },
      },
      { operationId: 'listOffers', method: 'GET', path: '/offers', summary: 'List offers', tag: 'Offers' },
    ]);
  });

  it('says so plainly while no operation is mapped', () => {
    const html = mappingBody({
      operations: restOperations(rest, {}),
      rpcMethods: methods,
      restTitle: 'REST',
      rpcTitle: 'RPC',
    });
    expect(html).toContain('id="no-mapping"');
    expect(html).toContain('No mapping yet');
    expect(html).toContain('None of the 3 operations');
    expect(html).not.toContain('mapping-table');
  });

  it('links each row to the operation and its methods, and each method back to its rows', () => {
    const html = mappingBody({
      operations: restOperations(rest, MAPPING),
      rpcMethods: methods,
      restTitle: 'REST',
      rpcTitle: 'RPC',
    });
    expect(html).toContain('id="mapping-table"');
    expect(html).toContain('<tr id="op-listLedgers">');
    expect(html).toContain('href="ledger-api.html#operation/listLedgers"');
    expect(html).toContain('href="ledger-rpc.html#method-getLedgers"');
    expect(html).toContain('<tr id="rpc-getLedgers">');
    expect(html).toContain('href="#op-listLedgers"');
    // An operation without a mapping entry is listed as not stated, and a method no operation names says so.
    expect(html).toMatch(/<tr id="op-listOffers" class="unmapped">[\s\S]*?not stated/);
    expect(html).toMatch(/<tr id="rpc-getHealth">[\s\S]*?no REST operation maps to it/);
    expect(html).toContain('<strong>2</strong> of 3 operations mapped');
    expect(html).toContain('Use <code>getLedgers</code>.');
  });

  it('says in each row how the gateway serves the operation, linking to where that is explained', () => {
    const html = mappingBody({
      operations: restOperations(rest, MAPPING),
      rpcMethods: methods,
      restTitle: 'REST',
      rpcTitle: 'RPC',
      gateway: {
        listLedgers: { from: 'index', how: 'its index' },
        listAccounts: { from: 'index+rpc', how: 'both' },
      },
      gatewayDoc: 'https://example.test/ledger-index#served',
    });
    expect(html).toContain('<th scope="col">starspec-horizon</th>');
    expect(html).toMatch(
      /<tr id="op-listLedgers">[\s\S]*?<td class="gateway" id="gw-listLedgers"><a href="https:\/\/example.test\/ledger-index#served"><span class="badge served-index">index<\/span><\/a> its index<\/td>/,
    );
    expect(html).toContain('<span class="badge served-index-rpc">index+rpc</span>');
    expect(html).toMatch(/<tr id="op-listOffers" class="unmapped">[\s\S]*?not served/);
  });

  it('marks a method the JSON-RPC contract does not have instead of linking it', () => {
    const listLedgers = { ...MAPPING.listLedgers, methods: ['getLedger'], support: 'partial' };
    const html = mappingBody({
      operations: restOperations(rest, { ...MAPPING, listLedgers }),
      rpcMethods: methods,
      restTitle: 'R',
      rpcTitle: 'P',
    });
    expect(html).toContain('<code class="unknown-method"');
    expect(html).not.toContain('href="ledger-rpc.html#method-getLedger"');
  });

  it('puts the methods and a link to the row in front of the REST description', () => {
    const [ledgers, accounts, offers] = restOperations(rest, MAPPING);
    const known = new Set(['getLedgers']);
    expect(ledgers && rpcNoteMarkdown(ledgers, known)).toBe(
      '> **JSON-RPC:** [`getLedgers`](ledger-rpc.html#method-getLedgers) (direct) · [mapping](mapping.html#op-listLedgers)\n\n',
    );
    expect(accounts && rpcNoteMarkdown(accounts, known)).toContain(
      'no equivalent method — Use `getLedgers`.',
    );
    expect(offers && rpcNoteMarkdown(offers, known)).toBe('');
  });
});

describe('the OpenRPC reference', () => {
  const document = {
    openrpc: '1.3.2',
    info: { title: 'Ledger RPC', version: '1.0.0', description: 'A **service**.' },
    methods: [
      {
        name: 'getLedgers',
        summary: 'page through ledgers',
        params: [{ $ref: '#/components/contentDescriptors/Start' }],
        result: { name: 'page', schema: { $ref: '#/components/schemas/Page' } },
        errors: [{ $ref: '#/components/errors/InvalidParams' }],
        examples: [
          {
            name: 'First page',
            params: [{ name: 'startLedger', value: 7 }],
            result: { name: 'page', value: { ledgers: [] } },
          },
        ],
      },
    ],
    components: {
      contentDescriptors: {
        Start: { name: 'startLedger', required: true, schema: { type: 'integer', minimum: 1 } },
      },
      schemas: {
        Page: {
          type: 'object',
          required: ['ledgers'],
          properties: { ledgers: { type: 'array', items: { $ref: '#/components/schemas/Ledger' } } },
        },
        Ledger: { type: 'object', description: 'One ledger.', properties: { hash: { type: 'string' } } },
      },
      errors: { InvalidParams: { code: -32602, message: 'Invalid params.' } },
    },
  };
  const restByMethod = new Map([
    ['getLedgers', restOperations(rest, MAPPING).filter((o) => o.rpc?.methods.includes('getLedgers'))],
  ]);
  const html = openRpcBody(document, { restByMethod });

  it('gives each method a section with params, result, errors and the example as a request', () => {
    expect(html).toContain('<section class="method" id="method-getLedgers" data-method="getLedgers">');
    expect(html).toContain('<code>startLedger</code>');
    expect(html).toContain('value at least 1');
    expect(html).toContain('href="#schema-Page"');
    expect(html).toContain('href="#error-InvalidParams"');
    expect(html).toContain('&quot;method&quot;: &quot;getLedgers&quot;');
    expect(html).toContain('&quot;startLedger&quot;: 7');
    expect(html).toContain('<p>A <strong>service</strong>.</p>');
  });

  it('has a method search and a try-it slot in each method', () => {
    expect(html).toContain('<input id="method-search" type="search"');
    expect(html).toContain('<li data-method="getLedgers"><a href="#method-getLedgers">');
    expect(html).toContain('<a href="#method-getLedgers" data-method="getLedgers">');
    expect(html).toContain('<div class="try-it-slot" data-try-it="getLedgers"></div>');
  });

  it('links each method to the REST operations it replaces and to the mapping', () => {
    expect(html).toContain('href="ledger-api.html#operation/listLedgers"');
    expect(html).toContain('href="mapping.html#rpc-getLedgers"');
  });

  it('lists the schemas and errors with anchors', () => {
    expect(html).toContain('id="schema-Ledger"');
    expect(html).toContain('<tr id="error-InvalidParams"><td><code>-32602</code>');
  });

  it('writes types readably', () => {
    expect(typeHtml({ type: ['string', 'null'] })).toBe(
      '<span class="type">string</span> | <span class="type">null</span>',
    );
    expect(typeHtml({ enum: ['a', 'b'] })).toBe('<code>&quot;a&quot;</code> | <code>&quot;b&quot;</code>');
    expect(typeHtml({ type: 'string', 'x-xdr-type': 'ScVal' })).toContain('XDR ScVal');
    expect(typeHtml({ oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/X' }] })).toContain(
      '<span class="or">or</span>',
    );
  });
});

describe('html helpers', () => {
  it('keeps embedded JSON from closing its script tag', () => {
    expect(scriptJson({ a: '</script><script>' })).not.toContain('</script>');
    expect(JSON.parse(scriptJson({ a: '</script>' }))).toEqual({ a: '</script>' });
  });

  it('lets wide markdown tables scroll on their own', () => {
    expect(md('| a |\n|---|\n| b |')).toContain('<div class="table-wrap"><table>');
  });
});
