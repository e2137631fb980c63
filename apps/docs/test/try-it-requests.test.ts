// What the try-it panels and the method search are built from, on small contracts: each
// operation's starting request, each method's params, and the words a method is found by.
import { describe, expect, it } from 'vitest';
import { methodSearchEntries, methodSearchHtml } from '../src/search.mjs';
import {
  exampleOf,
  openApiRequests,
  openRpcRequests,
  serverChoices,
  tryItConfig,
} from '../src/try-it/index.mjs';

const openApi = {
  openapi: '3.1.0',
  servers: [{ url: 'http://localhost:8000', description: 'A local server' }],
  paths: {
    '/ledgers/{sequence}': {
      parameters: [{ $ref: '#/components/parameters/Sequence' }],
      get: {
        operationId: 'getLedger',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer', default: 10 } },
          { name: 'order', in: 'query', required: true, schema: { enum: ['asc', 'desc'] } },
          { name: 'Last-Event-ID', in: 'header', example: 'now' },
          { name: 'session', in: 'cookie', example: 'x' },
        ],
      },
    },
    '/customer': {
      put: {
        operationId: 'putCustomer',
        security: [{}, { jwt: [] }, { key: [] }],
        requestBody: {
          content: {
            'multipart/form-data': { schema: { type: 'object' } },
            'application/json': { examples: { first: { $ref: '#/components/examples/Customer' } } },
          },
        },
      },
    },
    '/transactions': {
      post: {
        operationId: 'submit',
        requestBody: {
          content: { 'application/x-www-form-urlencoded': { example: { tx: 'AAAA+/=', tags: ['a', 'b'] } } },
        },
      },
    },
    '/photos': {
      post: {
        operationId: 'upload',
        requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
      },
    },
  },
  components: {
    parameters: {
      Sequence: {
        name: 'sequence',
        in: 'path',
        required: true,
        examples: { ledger: { value: 52425760 }, other: { value: 1 } },
      },
    },
    examples: { Customer: { summary: 'A customer', value: { first_name: 'Ana' } } },
    securitySchemes: {
      jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
    },
  },
};

describe('the starting request of each OpenAPI operation', () => {
  const requests = openApiRequests(openApi);

  it('fills in required parameters from their examples and hints the optional ones', () => {
    expect(requests.getLedger).toEqual({
      method: 'GET',
      path: '/ledgers/{sequence}',
      params: [
        { name: 'sequence', in: 'path', required: true, value: '52425760', hint: '52425760' },
        { name: 'limit', in: 'query', required: false, value: '', hint: '10' },
        { name: 'order', in: 'query', required: true, value: 'asc', hint: 'asc' },
        { name: 'Last-Event-ID', in: 'header', required: false, value: '', hint: 'now' },
      ],
      credentials: [],
    });
  });

  it('asks for the credentials of its security schemes, and edits a JSON body over a multipart one', () => {
    expect(requests.putCustomer).toEqual({
      method: 'PUT',
      path: '/customer',
      params: [],
      credentials: [
        { header: 'Authorization', hint: 'Bearer <JWT>' },
        { header: 'X-Api-Key', hint: '<key>' },
      ],
      body: { contentType: 'application/json', text: '{\n  "first_name": "Ana"\n}' },
    });
  });

  it.each([
    {
      given: 'a form example',
      id: 'submit',
      want: { contentType: 'application/x-www-form-urlencoded', text: 'tx=AAAA%2B%2F%3D&tags=a%2Cb' },
    },
    { given: 'only a multipart body', id: 'upload', want: undefined },
  ])('body of $given', ({ id, want }) => {
    expect(requests[id]?.body).toEqual(want);
  });

  it.each([
    { given: 'example', holder: { example: 3, examples: { a: { value: 4 } } }, want: 3 },
    { given: 'the first of examples', holder: { examples: { a: { value: 4 }, b: { value: 5 } } }, want: 4 },
    { given: "the schema's example", holder: { schema: { example: 'x', default: 'y' } }, want: 'x' },
    { given: "the schema's first examples entry", holder: { schema: { examples: ['p', 'q'] } }, want: 'p' },
    { given: "the schema's default", holder: { schema: { default: 'y', enum: ['z', 'y'] } }, want: 'y' },
    { given: "the schema's first enum value", holder: { schema: { enum: ['z', 'y'] } }, want: 'z' },
    { given: 'nothing', holder: { schema: { type: 'string' } }, want: undefined },
  ])('takes $given as the example', ({ holder, want }) => {
    expect(exampleOf({}, holder)).toEqual(want);
  });
});

describe('the starting params of each JSON-RPC method', () => {
  const document = {
    methods: [
      {
        name: 'getLedgers',
        examples: [
          {
            params: [
              { name: 'startLedger', value: 7 },
              { name: 'pagination', value: { limit: 2 } },
            ],
          },
          { params: [{ name: 'startLedger', value: 8 }] },
        ],
      },
      { name: 'getHealth', examples: [{ params: [] }] },
      {
        name: 'byPosition',
        paramStructure: 'by-position',
        examples: [{ $ref: '#/components/examples/Two' }],
      },
      { name: 'noExamples', params: [{ name: 'x', required: true }] },
    ],
    components: {
      examples: {
        Two: {
          params: [
            { name: 'a', value: 1 },
            { name: 'b', value: 'two' },
          ],
        },
      },
    },
  };

  it.each([
    {
      given: 'by name, from the first example',
      method: 'getLedgers',
      want: { startLedger: 7, pagination: { limit: 2 } },
    },
    { given: 'none', method: 'getHealth', want: undefined },
    { given: 'by position', method: 'byPosition', want: [1, 'two'] },
    { given: 'no example', method: 'noExamples', want: undefined },
  ])('$given', ({ method, want }) => {
    const { params } = openRpcRequests(document)[method] ?? { params: 'missing' };
    expect(params === '' ? undefined : JSON.parse(params)).toEqual(want);
  });
});

describe('the server the panels call', () => {
  it.each([
    {
      given: 'a contract of the local stack',
      name: 'ledger-api',
      want: {
        defaultUrl: 'http://127.0.0.1:4011',
        suggestions: [
          { url: 'http://127.0.0.1:4011', label: 'the local stack (npm start)' },
          { url: 'http://localhost:8000', label: 'A local server' },
        ],
      },
    },
    {
      given: 'another contract',
      name: 'elsewhere',
      want: {
        defaultUrl: 'http://localhost:8000',
        suggestions: [{ url: 'http://localhost:8000', label: 'A local server' }],
      },
    },
  ])('$given: defaults to $want.defaultUrl', ({ name, want }) => {
    expect(serverChoices(name, openApi)).toEqual(want);
  });

  it('keeps the typed URL per contract', () => {
    expect(tryItConfig({ name: 'ledger-rpc', kind: 'openrpc' }, { methods: [] })).toMatchObject({
      kind: 'openrpc',
      storageKey: 'starspec.try-it.ledger-rpc.base-url',
      defaultUrl: 'http://127.0.0.1:4012',
      requests: {},
    });
  });
});

describe('the method search index', () => {
  const document = {
    methods: [
      {
        name: 'getEvents',
        summary: 'Contract Events',
        description: 'Filters by **topic**.',
        params: [{ $ref: '#/components/contentDescriptors/Start' }, { name: 'xdrFormat' }],
        result: { name: 'getEventsResult' },
      },
      { name: 'getHealth' },
    ],
    components: { contentDescriptors: { Start: { name: 'startLedger' } } },
  };

  it('finds a method by name, summary, description, param and result names', () => {
    expect(methodSearchEntries(document)).toEqual([
      {
        name: 'getEvents',
        text: 'getevents\ncontract events\nfilters by **topic**.\nstartledger\nxdrformat\ngeteventsresult',
      },
      { name: 'getHealth', text: 'gethealth' },
    ]);
  });

  it('writes a labelled box, hidden until the page script shows it, and its index', () => {
    const html = methodSearchHtml(document);
    expect(html).toContain('<div class="method-search" role="search" hidden>');
    expect(html).toContain('<label for="method-search">Search methods</label>');
    expect(html).toContain('<script id="method-search-index" type="application/json">');
    expect(html).toContain('Type to filter the 2 methods.');
  });
});
