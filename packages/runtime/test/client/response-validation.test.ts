// The answer checks of a generated fetch client, over a one-operation contract whose answers are
// judged by a stand-in for its compiled validators.
import { describe, expect, it } from 'vitest';
import {
  type AnswerChecks,
  answerCheckingMiddleware,
  answerChecks,
  assertAnswer,
  type ContractMeta,
  JSON_MEDIA_TYPE,
  type ReadOptions,
  ResponseValidationError,
  readModeOf,
} from '../../src/client.js';

const contract: ContractMeta = {
  title: 'Things',
  version: '1.0.0',
  securitySchemes: {},
  operations: {
    getThing: {
      operationId: 'getThing',
      method: 'get',
      path: '/things/{id}',
      parameters: [],
      constraints: [],
      requestBody: null,
      responses: { 200: { mediaTypes: ['application/json'] } },
      security: null,
    },
  },
};

/** A thing has a string `id`; read strictly, nothing else. */
const answers = {
  calls: [] as Array<{ status: number | string; mode: unknown }>,
  response(_operationId: 'getThing', status: number | string, body: unknown, options?: ReadOptions) {
    answers.calls.push({ status, mode: options?.mode });
    const thing = body as Record<string, unknown> | undefined;
    const errors = [];
    if (typeof thing?.id !== 'string')
      errors.push({ path: '/id', message: 'is required', keyword: 'required' });
    if (options?.mode === 'strict' && thing && Object.keys(thing).some((k) => k !== 'id'))
      errors.push({ path: '/extra', message: 'is not allowed here', keyword: 'unknownMember' });
    return { ok: errors.length === 0, errors };
  },
};
const checks = answerChecks(contract, answers);
const load = async (): Promise<AnswerChecks<'getThing'>> => checks;
const json = (body: unknown, status = 200, type = 'application/json') =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': type },
  });

describe('readModeOf', () => {
  it.each([
    { given: undefined, want: undefined },
    { given: {}, want: undefined },
    { given: { validateResponses: true }, want: 'tolerant' },
    { given: { strict: true }, want: 'strict' },
    { given: { validateResponses: false, strict: true }, want: 'strict' },
  ])('$given → $want', ({ given, want }) => {
    expect(readModeOf(given)).toBe(want);
  });
});

describe('JSON_MEDIA_TYPE', () => {
  it.each([
    { given: 'application/json', want: true },
    { given: 'application/problem+json; charset=utf-8', want: true },
    { given: 'Application/HAL+JSON', want: true },
    { given: 'application/jsonp', want: false },
    { given: 'text/json', want: false },
  ])('$given → $want', ({ given, want }) => {
    expect(JSON_MEDIA_TYPE.test(given)).toBe(want);
  });
});

describe('answerChecks', () => {
  it('finds the operation by method and path template', () => {
    expect(checks.operationIdOf('GET', '/things/{id}')).toBe('getThing');
    expect(checks.operationIdOf('POST', '/things/{id}')).toBeUndefined();
  });

  it('leaves an undeclared status to the caller when tolerant, judges it otherwise', () => {
    answers.calls.length = 0;
    expect(checks.answerErrors('getThing', 500, {}, 'tolerant')).toBeUndefined();
    expect(answers.calls).toEqual([]);
    expect(checks.answerErrors('getThing', 500, {}, 'strict')).toHaveLength(1);
    expect(checks.answerErrors('getThing', 200, { id: 'a', more: 1 }, 'tolerant')).toBeUndefined();
    expect(checks.answerErrors('getThing', 200, { id: 'a', more: 1 }, 'strict')).toEqual([
      { path: '/extra', message: 'is not allowed here', keyword: 'unknownMember' },
    ]);
  });
});

describe('assertAnswer', () => {
  it('resolves for an answer inside the contract and leaves the body unread', async () => {
    const response = json({ id: 'a' });
    await expect(assertAnswer(load, 'getThing', response, 'strict')).resolves.toBeUndefined();
    expect(await response.json()).toEqual({ id: 'a' });
  });

  it('rejects an answer outside the contract with the errors, the mode and the parsed body', async () => {
    const error = await assertAnswer(load, 'getThing', json({ name: 'x' }), 'tolerant').catch((e) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({
      name: 'ResponseValidationError',
      operationId: 'getThing',
      status: 200,
      mode: 'tolerant',
      body: { name: 'x' },
      message: 'the 200 answer to getThing is outside the contract: /id is required',
    });
  });

  it('rejects a JSON answer that does not parse, quoting its text', async () => {
    const error = await assertAnswer(load, 'getThing', new Response('{', jsonHeaders()), 'strict').catch(
      (e) => e,
    );
    expect(error).toMatchObject({
      body: '{',
      errors: [{ path: '', message: 'is not JSON', keyword: 'json' }],
    });
    expect(error.message).toBe('the 200 answer to getThing is outside the contract: the body is not JSON');
  });

  it('does not judge a body in another media type', async () => {
    const html = new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } });
    await expect(assertAnswer(load, 'getThing', html, 'strict')).resolves.toBeUndefined();
  });
});

describe('answerCheckingMiddleware', () => {
  const request = (method: string) => new Request('http://localhost/things/1', { method });

  it('checks the answers of the contract’s operations and passes other requests through', async () => {
    const middleware = answerCheckingMiddleware(load, 'strict');
    const schemaPath = '/things/{id}';
    await expect(
      middleware.onResponse({ request: request('GET'), response: json({ id: 'a' }), schemaPath }),
    ).resolves.toBeUndefined();
    await expect(
      middleware.onResponse({ request: request('GET'), response: json({ id: 1 }), schemaPath }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(
      middleware.onResponse({ request: request('DELETE'), response: json({ id: 1 }), schemaPath }),
    ).resolves.toBeUndefined();
  });
});

function jsonHeaders() {
  return { status: 200, headers: { 'content-type': 'application/json' } };
}
