import { describe, expect, it } from 'vitest';
import { formatErrors, fromAjvErrors, renderError } from '../src/index.js';

describe('renderError', () => {
  it('error-object style is {error}', () => {
    expect(renderError('error-object', 'bad_request', "query parameter 'type' is required")).toEqual({
      status: 400,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { error: "query parameter 'type' is required" },
    });
  });

  it('problem style names the invalid field and the reason', () => {
    const answer = renderError('problem', 'bad_request', 'bad limit', [
      { path: '/query/limit', message: 'must be <= 200', keyword: 'maximum' },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(answer.body).toEqual({
      type: 'https://stellar.org/horizon-errors/bad_request',
      title: 'Bad Request',
      status: 400,
      detail: 'The request you sent was invalid in some way.',
      extras: { invalid_field: 'limit', reason: "query parameter 'limit' must be <= 200" },
    });
  });

  it("problem style gives the contract's own reason when the failure has one", () => {
    const answer = renderError('problem', 'bad_request', 'bad limit', [
      { path: '/query/limit', message: 'must be <= 200', keyword: 'maximum', reason: 'over the max' },
    ]);
    expect(answer.body).toMatchObject({ extras: { invalid_field: 'limit', reason: 'over the max' } });
  });

  it('problem style keeps the message as detail when no field is named', () => {
    expect(renderError('problem', 'not_found', 'no endpoint at /x').body).toMatchObject({
      detail: 'no endpoint at /x',
    });
  });
});

describe('fromAjvErrors', () => {
  it('points required and additionalProperties errors at the property', () => {
    const errors = fromAjvErrors([
      {
        instancePath: '/query',
        schemaPath: '#/required',
        keyword: 'required',
        params: { missingProperty: 'a/b' },
      },
      {
        instancePath: '',
        schemaPath: '#/additionalProperties',
        keyword: 'additionalProperties',
        params: { additionalProperty: 'x' },
      },
    ]);
    expect(errors.map((e) => e.path)).toEqual(['/query/a~1b', '/x']);
  });

  it('drops the branch errors of oneOf and keeps one line per problem', () => {
    const errors = fromAjvErrors([
      {
        instancePath: '/q',
        schemaPath: '#/oneOf/0/required',
        keyword: 'required',
        params: { missingProperty: 'a' },
      },
      {
        instancePath: '/q',
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        params: {},
        message: 'must match exactly one schema',
      },
      {
        instancePath: '/q',
        schemaPath: '#/oneOf',
        keyword: 'oneOf',
        params: {},
        message: 'must match exactly one schema',
      },
    ]);
    expect(errors).toEqual([{ path: '/q', message: 'must match exactly one schema', keyword: 'oneOf' }]);
  });

  it('formatErrors names the parameter', () => {
    expect(
      formatErrors([
        { path: '/query/memo_type', message: 'must be one of: id, hash, text', keyword: 'enum' },
        { path: '/body/first_name', message: 'must be string', keyword: 'type' },
      ]),
    ).toBe(
      "query parameter 'memo_type' must be one of: id, hash, text; body field 'first_name' must be string",
    );
  });
});
