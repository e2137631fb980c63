// NEEDS_INFO → PROCESSING → ACCEPTED | REJECTED, by the documented rule, scenario by scenario.
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseKycConfig } from '../../src/customers/kyc-config.js';
import { ACCOUNT, customers, KYC_YAML, startAnchor, type TestAnchor } from '../support/anchor.js';

interface Expectation {
  http?: number;
  status?: string;
  fields?: string[];
  provided?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
  error?: string;
}
interface Step {
  get?: Record<string, string>;
  put?: Record<string, string>;
  wait?: number;
  wait_days?: number;
  expect?: Expectation;
}
const scenarios = parse(readFileSync(new URL('./transitions.yaml', import.meta.url), 'utf8')) as {
  name: string;
  steps: Step[];
}[];

let t: TestAnchor;
let api: ReturnType<typeof customers>;
beforeAll(async () => {
  t = await startAnchor();
  api = customers(t.base);
});
afterEach(() => expect(t.errors).toEqual([]));
afterAll(() => t.close());

describe('status transitions', () => {
  it.each(scenarios.map((s, index) => ({ ...s, memo: String(index + 1) })))(
    '$name',
    async ({ steps, memo }) => {
      const who = { account: ACCOUNT, memo, memo_type: 'id' };
      for (const [index, step] of steps.entries()) {
        const where = `step ${index + 1}`;
        if (step.wait) t.clock.now += step.wait * 1000;
        if (step.wait_days) t.clock.now += step.wait_days * 86_400_000;
        let a: Awaited<ReturnType<typeof api.get>> | undefined;
        if (step.get) a = await api.get({ ...who, ...step.get });
        if (step.put) a = await api.put({ ...who, ...step.put });
        if (!a) continue;
        const e = step.expect ?? {};
        expect(a.status, `${where}: ${JSON.stringify(a.body)}`).toBe(e.http ?? (step.put ? 202 : 200));
        if (e.error) expect(a.body.error, where).toContain(e.error);
        if (e.status) expect(a.body.status, `${where}: ${JSON.stringify(a.body)}`).toBe(e.status);
        if (e.fields) expect(Object.keys(a.body.fields ?? {}), where).toEqual(e.fields);
        for (const [name, status] of Object.entries(e.provided ?? {})) {
          expect(a.body.provided_fields?.[name]?.status, `${where}: ${name}`).toBe(status);
        }
        for (const [name, text] of Object.entries(e.errors ?? {})) {
          expect(a.body.provided_fields?.[name]?.error, `${where}: ${name}`).toContain(text);
        }
        if (e.message) expect(a.body.message, where).toBe(e.message);
        if (a.status === 200 && a.body.status === 'REJECTED') expect(a.body.fields).toBeUndefined();
      }
    },
  );
});

describe('documents and confirmation codes', () => {
  it('accepts identity documents as multipart files, PROCESSING until reviewed', async () => {
    const form = new FormData();
    form.set('account', ACCOUNT);
    form.set('memo', '900');
    form.set('id_type', 'passport');
    form.set(
      'photo_id_front',
      new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }),
      'front.jpg',
    );
    form.set('photo_id_back', new Blob([], { type: 'image/jpeg' }), 'empty.jpg');
    const put = await api.putForm(form);
    expect(put.status).toBe(202);
    const stored = await t.anchor.store.getCustomer(put.body.id);
    expect(stored?.fields.photo_id_front).toMatchObject({ value: 'front.jpg', contentType: 'image/jpeg' });
    expect([...(stored?.fields.photo_id_front?.content ?? [])]).toEqual([0xff, 0xd8, 0xff, 0xe0]);
    const a = await api.get({ id: put.body.id });
    expect(a.body.provided_fields.photo_id_front).toMatchObject({ type: 'binary', status: 'PROCESSING' });
    expect(a.body.provided_fields.photo_id_back).toMatchObject({
      status: 'REJECTED',
      error: 'The file is empty.',
    });
  });

  it('sends a random code when none is configured, and accepts only that one', async () => {
    const kyc = KYC_YAML.replace(/^ {2}code: "123456"$/m, '');
    expect(parseKycConfig(kyc).verification.code).toBeUndefined();
    const own = await startAnchor({ kyc });
    try {
      const ownApi = customers(own.base);
      const put = await ownApi.put({ account: ACCOUNT, email_address: 'x@example.com' });
      expect(own.codes).toHaveLength(1);
      const sent = own.codes[0];
      expect(sent).toMatchObject({ customer: put.body.id, field: 'email_address' });
      expect(sent?.code).toMatch(/^\d{6}$/);
      const wrong = sent?.code === '000000' ? '000001' : '000000';
      expect((await ownApi.put({ id: put.body.id, email_address_verification: wrong })).status).toBe(400);
      expect((await ownApi.put({ id: put.body.id, email_address_verification: sent?.code })).status).toBe(
        202,
      );
      const a = await ownApi.get({ id: put.body.id });
      expect(a.body.provided_fields.email_address.status).toBe('PROCESSING');
    } finally {
      await own.close();
    }
  });

  it('refuses a code for a field that was never given', async () => {
    const a = await api.put({ account: ACCOUNT, memo: '901', mobile_number_verification: '123456' });
    expect(a.status).toBe(400);
    expect(a.body.error).toContain('there is no mobile_number to confirm');
  });
});
