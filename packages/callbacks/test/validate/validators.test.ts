import { describe, expect, it } from 'vitest';
import { contract, document, validate } from '../../src/index.js';

type Json = Record<string, unknown>;
const doc = document as Json;

function resolve(value: unknown): Json {
  let current = value as Json;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], doc) as Json;
  }
  return current;
}

/** Every example attached to a request body or response in the contract, with what it belongs to. */
function mediaExamples() {
  const out: Array<{
    where: string;
    operationId: string;
    status?: string;
    mediaType: string;
    value: unknown;
  }> = [];
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const operation = op as Json;
      const operationId = operation.operationId as string;
      const body = operation.requestBody ? resolve(operation.requestBody) : undefined;
      for (const [mediaType, media] of Object.entries((body?.content as Json) ?? {})) {
        for (const [name, example] of Object.entries(((media as Json).examples as Json) ?? {})) {
          out.push({
            where: `${method} ${path} body ${mediaType} ${name}`,
            operationId,
            mediaType,
            value: resolve(example).value,
          });
        }
      }
      for (const [status, raw] of Object.entries((operation.responses as Json) ?? {})) {
        const response = resolve(raw);
        for (const [mediaType, media] of Object.entries((response.content as Json) ?? {})) {
          for (const [name, example] of Object.entries(((media as Json).examples as Json) ?? {})) {
            out.push({
              where: `${method} ${path} ${status} ${name}`,
              operationId,
              status,
              mediaType,
              value: resolve(example).value,
            });
          }
        }
      }
    }
  }
  return out;
}

describe('the contract examples pass the generated validators', () => {
  const examples = mediaExamples();
  it('has several examples per operation', () => {
    for (const [operationId, operation] of Object.entries(contract.operations)) {
      const withBody = Object.entries(operation.responses).some(
        ([s, r]) => s.startsWith('2') && r.mediaTypes.length > 0,
      );
      if (!withBody) continue;
      expect(
        examples.filter((e) => e.operationId === operationId && e.status?.startsWith('2')).length,
      ).toBeGreaterThan(0);
    }
    expect(examples.length).toBeGreaterThanOrEqual(20);
  });

  it.each(examples.filter((e) => e.status))('$where', (example) => {
    expect(validate.response(example.operationId as never, example.status as string, example.value)).toEqual({
      ok: true,
      errors: [],
    });
  });

  it.each(examples.filter((e) => !e.status && e.mediaType === 'application/json'))('$where', (example) => {
    expect(
      validate.request(example.operationId as never, { body: example.value, contentType: example.mediaType })
        .ok,
    ).toBe(true);
  });
});

describe('validate.schema', () => {
  it('locates errors by JSON pointer', () => {
    const result = validate.schema('RateResponse', {
      rate: { price: 1, sell_amount: '1', fee: { total: '1' } },
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => e.path).sort()).toEqual([
      '/rate/buy_amount',
      '/rate/fee/asset',
      '/rate/price',
    ]);
  });

  it('checks enums and nested maps', () => {
    const result = validate.schema('Customer', {
      status: 'PENDING',
      fields: { first_name: { type: 'text', description: 'First name' } },
    });
    expect(result.errors).toEqual([
      {
        path: '/status',
        message: 'must be one of: ACCEPTED, PROCESSING, NEEDS_INFO, REJECTED',
        keyword: 'enum',
      },
      {
        path: '/fields/first_name/type',
        message: 'must be one of: string, binary, number, date',
        keyword: 'enum',
      },
    ]);
  });

  it('refuses an unknown schema name', () => {
    expect(() => validate.schema('Nope' as never, {})).toThrow(TypeError);
  });
});

describe('validate.request', () => {
  const rate = { type: 'indicative', sell_asset: 'iso4217:USD', buy_asset: 'stellar:native' };

  it('enforces exactly one amount', () => {
    expect(validate.request('getRate', { query: { ...rate, sell_amount: '1' } }).ok).toBe(true);
    expect(validate.request('getRate', { query: { ...rate, buy_amount: '1' } }).ok).toBe(true);
    for (const query of [rate, { ...rate, sell_amount: '1', buy_amount: '1' }]) {
      expect(validate.request('getRate', { query }).errors).toEqual([
        {
          path: '/query',
          message: 'Exactly one of `sell_amount` and `buy_amount` is sent.',
          keyword: 'constraint',
        },
      ]);
    }
  });

  it('enforces at most one delivery method', () => {
    const query = { ...rate, sell_amount: '1', sell_delivery_method: 'WIRE' };
    expect(validate.request('getRate', { query }).ok).toBe(true);
    expect(
      validate.request('getRate', { query: { ...query, buy_delivery_method: 'PIX' } }).errors[0]?.keyword,
    ).toBe('constraint');
  });

  it('applies defaults in place', () => {
    const query: Record<string, unknown> = {};
    expect(validate.request('getCustomer', { query }).ok).toBe(true);
    expect(query).toEqual({ lang: 'en' });
  });

  it('requires path parameters', () => {
    expect(validate.request('deleteCustomer', { path: {} }).errors).toEqual([
      { path: '/path/id', message: 'is required', keyword: 'required' },
    ]);
  });

  it('refuses a body media type the operation does not accept', () => {
    const result = validate.request('putCustomer', { body: 'a=b', contentType: 'text/plain' });
    expect(result.errors[0]?.path).toBe('/body');
  });
});

describe('validate.response', () => {
  it('knows which statuses the contract declares', () => {
    expect(validate.response('getRate', 500, { error: 'x' }).ok).toBe(false);
    expect(validate.response('deleteCustomer', 204, undefined).ok).toBe(true);
    expect(validate.response('deleteCustomer', 204, { id: 'x' }).ok).toBe(false);
  });

  it('checks the error shape', () => {
    expect(validate.response('getRate', 400, { error: 'bad' }).ok).toBe(true);
    expect(validate.response('getRate', 400, { message: 'bad' }).errors[0]?.path).toBe('/error');
  });
});
