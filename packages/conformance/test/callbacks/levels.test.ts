// What the platform tolerates is a warning, what breaks it a failure: a back-end that prices a
// request with both delivery methods (which the platform never sends) and writes field types in
// upper case (which the platform reads) passes with warnings; --strict fails it.
import { describe, expect, it } from 'vitest';
import { listChecks } from '../../src/index.js';
import { failures, outcomes, runAgainstServer } from './support.js';

const TOLERATED = ['accept-both-methods', 'upper-case-field-types'];

describe('a correct back-end with deviations the platform tolerates', () => {
  it('passes with warnings', async () => {
    const report = await runAgainstServer({ breaks: TOLERATED });
    expect(failures(report)).toEqual({});
    expect(report.ok).toBe(true);
    const warned = report.checks.filter((c) => c.status === 'warn');
    expect(warned.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'bad-request.rate.both-delivery-methods',
        'customer.registration-fields',
        'customer.unknown-account',
        'customer.status-after-put',
      ]),
    );
    // Every problem found is of level should, and says why the platform copes.
    for (const check of warned) {
      for (const evidence of check.evidence) expect(evidence.level).toBe('should');
    }
    const upper = warned.find((c) => c.id === 'customer.unknown-account');
    expect(upper?.message).toMatch(/\/fields\/\w+\/type must be one of: string, binary, number, date/);
    expect(upper?.message).toContain('Gson reads Field.Type.STRING from "STRING"');
    // Checks that look at no customer fields are untouched.
    expect(outcomes(report)['rate.firm.has-id']).toMatch(/^pass/);
  });

  it('fails in a strict run', async () => {
    const report = await runAgainstServer({ breaks: TOLERATED, suite: { strict: true } });
    expect(report).toMatchObject({ ok: false, strict: true });
    expect(report.summary.warned).toBe(0);
    expect(Object.keys(failures(report))).toEqual(
      expect.arrayContaining(['bad-request.rate.both-delivery-methods', 'customer.unknown-account']),
    );
  });
});

describe('contract problems, graded by what the platform makes of them', () => {
  it.each([
    // Gson reads "STRING" as Field.Type.STRING: the wallet still gets a type.
    ['upper-case-field-types', 'customer.unknown-account', 'warn'],
    // A member the contract does not declare: Gson skips it.
    ['extra-members', 'customer.unknown-account', 'warn'],
    // "String" matches neither the serialized nor the constant name: the wallet gets no type.
    ['mixed-case-field-types', 'customer.unknown-account', 'fail'],
    // Sep12Status has no VERIFIED: the wallet gets no status.
    ['unknown-status', 'customer.status-after-put', 'fail'],
    // Sep12Service.putCustomer answers the wallet only the id.
    ['put-without-id', 'customer.put.returns-id', 'fail'],
    // An error answer without `error`: the platform still answers by the status code.
    ['missing-type-message', 'bad-request.rate.missing-type', 'warn'],
  ])('%s: %s is a %s', async (broken, check, status) => {
    const report = await runAgainstServer({ breaks: [broken], suite: { only: [check] } });
    expect(outcomes(report)[check]).toMatch(new RegExp(`^${status}`));
  });
});

describe('levels', () => {
  it('every check has one, and the should-checks are those the platform does not depend on', () => {
    const should = listChecks('callbacks')
      .filter((c) => c.level === 'should')
      .map((c) => c.id);
    expect(should).toEqual([
      'customer.registration-fields',
      'customer.lang',
      'rate.firm.honours-expire-after',
      'platform.rate.sell-asset.configured',
      'bad-request.rate.missing-type',
      'bad-request.rate.unknown-type',
      'bad-request.rate.malformed-asset',
      'bad-request.rate.non-positive-amount',
      'bad-request.rate.both-amounts',
      'bad-request.rate.no-amount',
      'bad-request.rate.both-delivery-methods',
      'bad-request.customer.bad-memo-type',
      'bad-request.customer.invalid-json',
    ]);
  });
});
