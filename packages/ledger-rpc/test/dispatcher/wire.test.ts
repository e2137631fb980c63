// The dispatcher answers as the real server does. Each case names its source in
// ../shared/reference/stellar-rpc.md (§1 "Transport and JSON-RPC envelope" and "Error codes the
// real server emits"), which cites creachadair/jrpc2's HTTP bridge (jhttp/bridge.go) and request
// parser (json.go) that Stellar RPC serves through.
import { JsonRpcError } from '@starspec/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { example, HASH, type Running, send, start, stubHandlers } from '../helpers.js';

const call = (id: unknown, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const note = (method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });

const healthy = example('getHealth');

let rpc: Running;
const notified: string[] = [];
beforeAll(async () => {
  rpc = await start(
    stubHandlers({
      getNetwork: (_params, context) => {
        if (context.notification) notified.push('getNetwork');
        return example('getNetwork');
      },
      sendTransaction: () => {
        throw new JsonRpcError(-32602, 'invalid_xdr');
      },
      simulateTransaction: () => {
        throw new Error('boom');
      },
    }),
  );
});
afterAll(() => rpc.close());

describe('single requests (reference §1 "Shapes": success and error are both HTTP 200)', () => {
  it('answers a call with its result, the id echoed, as application/json with Accept-Post', async () => {
    const answer = await send(rpc.url, call(1, 'getHealth'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.get('accept-post')).toBe('application/json');
    expect(answer.text).toBe(JSON.stringify({ jsonrpc: '2.0', id: 1, result: healthy }));
  });

  it('echoes a string id', async () => {
    expect(JSON.parse((await send(rpc.url, call('abc', 'getHealth'))).text).id).toBe('abc');
  });

  it('serves every path (reference §1 "Path": the handler is mounted at /)', async () => {
    const answer = await send(`${rpc.url}/any/path?x=1`, call(7, 'getHealth'));
    expect(JSON.parse(answer.text)).toMatchObject({ id: 7, result: healthy });
  });

  it('a no-argument method takes omitted params, {} and unknown keys alike (reference §1 "Params style")', async () => {
    for (const params of [undefined, {}, { unexpected: true }]) {
      expect(JSON.parse((await send(rpc.url, call(1, 'getHealth', params))).text).result).toEqual(healthy);
    }
  });

  it('a handler throwing JsonRpcError answers that error object', async () => {
    const answer = await send(rpc.url, call(5, 'sendTransaction', { transaction: 'AAAA' }));
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32602, message: 'invalid_xdr' },
    });
  });

  it('a handler crashing answers -32603 internal error, not HTTP 500 (reference §1 error codes: -32603)', async () => {
    const answer = await send(rpc.url, call(6, 'simulateTransaction', { transaction: 'AAAA' }));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: 6,
      error: { code: -32603, message: 'internal error' },
    });
  });
});

describe('unknown methods (reference §1 error codes: -32601 "method not found", name in data)', () => {
  it('answers -32601 with the method name in data', async () => {
    const answer = await send(rpc.url, call(1, 'getAccount'));
    expect(answer.status).toBe(200);
    expect(answer.text).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"method not found","data":"getAccount"}}',
    );
  });

  it("jrpc2's built-in rpc.* methods are disabled, so they are unknown too", async () => {
    const answer = JSON.parse((await send(rpc.url, call(2, 'rpc.serverInfo'))).text);
    expect(answer.error).toEqual({ code: -32601, message: 'method not found', data: 'rpc.serverInfo' });
  });

  it('an unknown method as a notification gets 204 and no body', async () => {
    const answer = await send(rpc.url, note('getAccount'));
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });
});

describe('invalid params (reference §1 "Params style" and error codes: -32602 "invalid parameters")', () => {
  it('a param of the wrong type is -32602 with the reason in data, before the handler runs', async () => {
    const answer = JSON.parse((await send(rpc.url, call(1, 'getLedgers', { startLedger: 'ten' }))).text);
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32602, message: 'invalid parameters', data: 'params.startLedger must be integer' },
    });
  });

  it('a missing required param is -32602 naming it', async () => {
    const answer = JSON.parse((await send(rpc.url, call(2, 'getTransaction', {}))).text);
    expect(answer.error).toEqual({
      code: -32602,
      message: 'invalid parameters',
      data: 'params.hash is required',
    });
  });

  it('a nested param is named by its path', async () => {
    const answer = JSON.parse(
      (await send(rpc.url, call(3, 'getLedgers', { startLedger: 1, pagination: { limit: 'x' } }))).text,
    );
    expect(answer.error.code).toBe(-32602);
    expect(answer.error.data).toContain('params.pagination.limit');
  });

  it('params as an array are -32602: methods take params by name (AllowArray(false))', async () => {
    const answer = JSON.parse((await send(rpc.url, call(4, 'getTransaction', [HASH]))).text);
    expect(answer.error).toMatchObject({ code: -32602, message: 'invalid parameters' });
  });

  it('getTransactions alone also takes params by position (plain handler.New), mapped onto its names', async () => {
    const answer = JSON.parse((await send(rpc.url, call(6, 'getTransactions', [1043210]))).text);
    expect(answer.error).toBeUndefined();
    expect(answer.result).toBeDefined();
  });

  it('valid params reach the handler', async () => {
    const answer = JSON.parse((await send(rpc.url, call(5, 'getTransaction', { hash: HASH }))).text);
    expect(answer.result).toMatchObject({ status: 'NOT_FOUND', txHash: HASH });
  });
});

describe('bad envelopes (reference §1 "Envelope checks": -32600, jrpc2 json.go)', () => {
  const cases: Array<[string, string, unknown, { code: number; message: string; data?: unknown }]> = [
    [
      'jsonrpc other than "2.0"',
      '{"jsonrpc":"1.0","id":2,"method":"getHealth"}',
      2,
      { code: -32600, message: 'invalid version marker' },
    ],
    [
      'no jsonrpc member',
      '{"id":3,"method":"getHealth"}',
      3,
      { code: -32600, message: 'invalid version marker' },
    ],
    [
      'extra top-level keys, named in data',
      '{"jsonrpc":"2.0","id":4,"method":"getHealth","bogus":1}',
      4,
      { code: -32600, message: 'extra fields in request', data: ['bogus'] },
    ],
    [
      'params neither array nor object',
      '{"jsonrpc":"2.0","id":5,"method":"getHealth","params":5}',
      5,
      { code: -32600, message: 'parameters must be array or object' },
    ],
    [
      'an id that is not a string, number or null (answered with a null id)',
      '{"jsonrpc":"2.0","id":{"a":1},"method":"getHealth"}',
      null,
      { code: -32600, message: 'invalid request ID' },
    ],
    [
      'a method that is not a string (a parse error, -32700)',
      '{"jsonrpc":"2.0","id":6,"method":5}',
      6,
      { code: -32700, message: 'invalid method name' },
    ],
    [
      'a jsonrpc value that is not a string (a parse error, -32700)',
      '{"jsonrpc":2,"id":7,"method":"getHealth"}',
      7,
      { code: -32700, message: 'invalid version key' },
    ],
    [
      'an empty method name',
      '{"jsonrpc":"2.0","id":8,"method":""}',
      8,
      { code: -32600, message: 'empty method name' },
    ],
    ['a body that is not an object', '5', null, { code: -32700, message: 'request is not a JSON object' }],
    [
      'a null body (Go decodes it as an empty object)',
      'null',
      null,
      { code: -32600, message: 'invalid version marker' },
    ],
  ];
  for (const [name, body, id, error] of cases) {
    it(`${name} → ${error.code} "${error.message}"`, async () => {
      const answer = await send(rpc.url, body);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ jsonrpc: '2.0', id, error });
    });
  }

  it('a bad envelope is answered even without an id (a notification does not silence it)', async () => {
    const answer = await send(rpc.url, '{"jsonrpc":"1.0","method":"getHealth"}');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'invalid version marker' },
    });
  });
});

describe('malformed JSON (reference §1 "Malformed JSON body")', () => {
  const bodies = [
    ['a truncated object', '{'],
    ['text that is not JSON', 'not json'],
    ['an empty body', ''],
    ['trailing bytes after a request', `${call(1, 'getHealth')} trailing`],
  ];
  for (const [name, body] of bodies) {
    it(`${name} → the specification's -32700 object on HTTP 200 (never a 500)`, async () => {
      const answer = await send(rpc.url, body);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'invalid request value' },
      });
    });
  }

  it("with parseErrors: 'stellar-rpc' the same bodies get the real server's 500 \"[-32700] invalid request value\"", async () => {
    const wire = await start(stubHandlers(), { parseErrors: 'stellar-rpc' });
    try {
      for (const [, body] of bodies) {
        const answer = await send(wire.url, body);
        expect(answer.status).toBe(500);
        expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
        expect(answer.text).toBe('[-32700] invalid request value\n');
      }
    } finally {
      await wire.close();
    }
  });
});

describe('notifications and batches (reference §1 "Batch")', () => {
  it('a notification runs and gets HTTP 204 with no body', async () => {
    notified.length = 0;
    const answer = await send(rpc.url, note('getNetwork'));
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(notified).toEqual(['getNetwork']);
  });

  it('an explicit null id is a notification too', async () => {
    const answer = await send(rpc.url, '{"jsonrpc":"2.0","id":null,"method":"getHealth"}');
    expect(answer.status).toBe(204);
  });

  it('a batch of mixed calls and notifications answers every call in an array, notifications get no entry', async () => {
    notified.length = 0;
    const body = `[${[
      call(1, 'getHealth'),
      note('getNetwork'),
      call('two', 'getLatestLedger'),
      call(3, 'getTransaction', {}),
      note('getNetwork'),
      call(4, 'getAccount'),
    ].join(',')}]`;
    const answer = await send(rpc.url, body);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual([
      { jsonrpc: '2.0', id: 1, result: healthy },
      { jsonrpc: '2.0', id: 'two', result: example('getLatestLedger') },
      {
        jsonrpc: '2.0',
        id: 3,
        error: { code: -32602, message: 'invalid parameters', data: 'params.hash is required' },
      },
      { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'method not found', data: 'getAccount' } },
    ]);
    expect(notified).toEqual(['getNetwork', 'getNetwork']);
  });

  it('a one-element batch is answered with a one-element array', async () => {
    const answer = await send(rpc.url, `[${call(1, 'getHealth')}]`);
    expect(JSON.parse(answer.text)).toEqual([{ jsonrpc: '2.0', id: 1, result: healthy }]);
  });

  it('statically invalid elements are answered first, with their ids (bridge.go answers them ahead of the rest)', async () => {
    const body = `[${call(1, 'getHealth')},{"jsonrpc":"1.0","id":2,"method":"getHealth"},5,${call(3, 'getHealth')}]`;
    const ids = (JSON.parse((await send(rpc.url, body)).text) as Array<{ id: unknown }>).map((a) => a.id);
    expect(ids).toEqual([2, null, 1, 3]);
  });

  it('duplicate ids in one batch are each answered', async () => {
    const answer = JSON.parse(
      (await send(rpc.url, `[${call(1, 'getHealth')},${call(1, 'getHealth')}]`)).text,
    );
    expect(answer).toHaveLength(2);
  });

  it('[] gets HTTP 204 with no body', async () => {
    const answer = await send(rpc.url, '[]');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
  });

  it('an all-notification batch gets HTTP 204 after every element has run', async () => {
    notified.length = 0;
    const answer = await send(rpc.url, `[${note('getNetwork')},${note('getNetwork')},${note('getNetwork')}]`);
    expect(answer.status).toBe(204);
    expect(notified).toHaveLength(3);
  });
});

describe('HTTP method and content type (reference §1 "HTTP method", "Content-Type")', () => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    it(`${method} gets 405 with Accept-Post: application/json and no body`, async () => {
      const answer = await send(rpc.url, '{}', { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('accept-post')).toBe('application/json');
      expect(answer.text).toBe('');
    });
  }

  for (const [name, contentType, text] of [
    ['no content type', null, 'content-type must be application/json\n'],
    ['text/plain', 'text/plain', 'content-type must be application/json\n'],
    [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded',
      'content-type must be application/json\n',
    ],
    ['a charset other than utf-8', 'application/json; charset=iso-8859-1', 'invalid content-type charset\n'],
  ] as const) {
    it(`${name} gets 415 with a plain-text reason`, async () => {
      const answer = await send(rpc.url, call(1, 'getHealth'), { contentType });
      expect(answer.status).toBe(415);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.text).toBe(text);
    });
  }

  for (const contentType of [
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/json;charset=utf8',
  ]) {
    it(`${contentType} is accepted`, async () => {
      expect((await send(rpc.url, call(1, 'getHealth'), { contentType })).status).toBe(200);
    });
  }

  it('a CORS preflight from any origin is allowed (reference §1 "CORS")', async () => {
    const response = await fetch(rpc.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
  });
});
