/**
 * GET/PUT/DELETE /customer: the four rules of the seed's customer callback, the id an anchor
 * hands out, shared accounts, languages and deletion.
 */
import { randomUUID } from 'node:crypto';
import { fail, skip } from '../../model.js';
import type { CheckContext, CheckDefinition, Recorder } from '../../runner.js';
import { randomAccountId } from '../../strkey.js';
import { type Answer, type CallbacksState, call, isRecord } from './state.js';

/** Plausible SEP-9 values, for the fields a PUT provides. */
export const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  first_name: 'Ana',
  last_name: 'Silva',
  additional_name: 'Maria',
  address: 'Rua Augusta 100',
  city: 'Lisbon',
  postal_code: '1100-053',
  state_or_province: 'Lisboa',
  address_country_code: 'PRT',
  birth_place: 'Porto, Portugal',
  birth_country_code: 'PRT',
  occupation: '2512',
  employer_name: 'Example Lda',
  bank_name: 'Example Bank',
  bank_account_number: '000123456789',
  bank_account_type: 'checking',
  bank_number: '021000021',
  tax_id: '123456789',
  tax_id_name: 'NIF',
  id_type: 'passport',
  id_number: 'FA0123456',
  id_country_code: 'PRT',
  language_code: 'pt',
  sex: 'female',
  birth_date: '1990-05-17',
  email_address: 'ana.silva@example.com',
  mobile_number: '+351912345678',
};

interface Registration {
  answer: Answer;
  fields: Record<string, Record<string, unknown>>;
}

const RULE_1 =
  'rule 1: no customer is registered for the parameters sent, so the anchor answers the fields required to register it';
const RULE_2 =
  'rule 2: with no parameters, 200 with status NEEDS_INFO and the fields required to register a customer';

/** The registration answer (GET /customer without parameters), when it is one. */
function asRegistration(answer: Answer): Registration | undefined {
  if (answer.status !== 200 || !isRecord(answer.body)) return undefined;
  const { status, fields } = answer.body;
  if (status !== 'NEEDS_INFO' || !isRecord(fields) || Object.keys(fields).length === 0) return undefined;
  return { answer, fields: fields as Registration['fields'] };
}

function registrationAnswer(state: CallbacksState, t: Recorder): Promise<Answer> {
  return state.probes.use(t, 'customer:registration', (r) =>
    call(state, r, 'getCustomer', { path: '/customer' }),
  );
}

/** The registration fields, or a skip when the anchor did not answer them (that check fails). */
async function registration(state: CallbacksState, t: Recorder): Promise<Registration> {
  const found = asRegistration(await registrationAnswer(state, t));
  if (!found) {
    skip(
      'needs the registration fields, which GET /customer without parameters did not answer (see customer.registration-fields)',
    );
  }
  return found;
}

const isRequired = (descriptor: Record<string, unknown>) => descriptor.optional !== true;

/** The field a PUT provides: a required text field with a sample value. */
function fieldToProvide(reg: Registration): string {
  const entries = Object.entries(reg.fields);
  const usable = ([name, d]: [string, Record<string, unknown>]) =>
    SAMPLE_VALUES[name] !== undefined && (d.type === 'string' || d.type === 'date' || d.type === undefined);
  const pick =
    entries.find((e) => usable(e) && isRequired(e[1]) && !/email|mobile/.test(e[0])) ??
    entries.find((e) => usable(e) && isRequired(e[1])) ??
    entries.find(usable);
  if (!pick) {
    skip(
      `none of the registration fields (${entries.map(([n]) => n).join(', ')}) is a SEP-9 text field the suite can fill in`,
    );
  }
  return pick[0];
}

function idOf(answer: Answer): string | undefined {
  return isRecord(answer.body) && typeof answer.body.id === 'string' && answer.body.id !== ''
    ? answer.body.id
    : undefined;
}

interface Created {
  account: string;
  memo?: string;
  field: string;
  id: string;
  answer: Answer;
}

const SAVED = [200, 201, 202];

/** PUT /customer for a fresh account; fails the check unless the anchor answers an id. */
async function createCustomer(
  state: CallbacksState,
  t: Recorder,
  reg: Registration,
  memo?: string,
): Promise<Created> {
  const account = randomAccountId();
  const field = fieldToProvide(reg);
  const body: Record<string, string> = { account, [field]: SAMPLE_VALUES[field] as string };
  if (memo !== undefined) Object.assign(body, { memo, memo_type: 'id' });
  const answer = await call(state, t, 'putCustomer', { method: 'PUT', path: '/customer', body });
  const id = idOf(answer);
  if (!SAVED.includes(answer.status) || id === undefined) {
    fail(
      'PUT /customer did not answer the new customer’s id',
      answer.exchange,
      'a new customer is stored: 200, 201 or 202 with a non-empty `id` (the platform reads only `id` and hands it to the wallet)',
      `${answer.status}${id === undefined ? ' without an id' : ''}`,
    );
  }
  return { account, field, id, answer, ...(memo !== undefined ? { memo } : {}) };
}

function created(state: CallbacksState, t: Recorder): Promise<Created> {
  return state.probes.use(t, 'customer:created', async (r) =>
    createCustomer(state, r, await registration(state, r)),
  );
}

const fieldNames = (answer: Answer) =>
  isRecord(answer.body) && isRecord(answer.body.fields) ? Object.keys(answer.body.fields).sort() : [];

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** The answer for an unknown customer is the registration answer (rule 1). */
function expectRegistration(answer: Answer, reg: Registration, rule: string, what: string): void {
  const expected = Object.keys(reg.fields).sort();
  const found = asRegistration(answer);
  if (!found) {
    fail(
      `${what}: the anchor did not answer the registration fields`,
      answer.exchange,
      rule,
      describe(answer),
    );
  }
  const names = fieldNames(answer);
  if (!sameNames(names, expected)) {
    fail(
      `${what}: the fields differ from those of GET /customer without parameters`,
      answer.exchange,
      `${rule}: the same fields as without parameters (${expected.join(', ')})`,
      `fields ${names.join(', ')}`,
    );
  }
}

function describe(answer: Answer): string {
  if (!isRecord(answer.body)) return `${answer.status} ${JSON.stringify(answer.body) ?? 'without a body'}`;
  const { status, fields, id } = answer.body;
  const parts = [`${answer.status}`];
  if (status !== undefined) parts.push(`status ${JSON.stringify(status)}`);
  if (id !== undefined) parts.push(`id ${JSON.stringify(id)}`);
  parts.push(isRecord(fields) ? `fields ${Object.keys(fields).join(', ') || '(none)'}` : 'no fields');
  return parts.join(', ');
}

async function expectCustomer(
  state: CallbacksState,
  t: CheckContext,
  query: Record<string, string>,
  id: string,
  how: string,
): Promise<Answer> {
  const answer = await call(state, t, 'getCustomer', { path: '/customer', query });
  if (answer.status !== 200 || idOf(answer) !== id) {
    fail(
      `GET /customer ${how} did not answer the customer`,
      answer.exchange,
      `rule 3: the customer exists, so 200 with its status and id ${id}`,
      describe(answer),
    );
  }
  return answer;
}

export const customerChecks: CheckDefinition<CallbacksState>[] = [
  {
    id: 'customer.registration-fields',
    title: 'GET /customer without parameters answers the fields required to register (rule 2)',
    async run(state, t) {
      const answer = await registrationAnswer(state, t);
      if (!asRegistration(answer)) {
        fail('no registration fields without parameters', answer.exchange, RULE_2, describe(answer));
      }
    },
  },
  {
    id: 'customer.unknown-account',
    title: 'An account with no customer gets the registration fields (rule 1)',
    async run(state, t) {
      const reg = await registration(state, t);
      const answer = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { account: randomAccountId() },
      });
      expectRegistration(answer, reg, RULE_1, 'an unknown account');
    },
  },
  {
    id: 'customer.unknown-id',
    title: 'An id the anchor never issued gets 404 (contract) or the registration fields (rule 1)',
    async run(state, t) {
      const reg = await registration(state, t);
      const answer = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { id: `conformance-${randomUUID()}` },
      });
      if (answer.status === 404) return; // the contract: an id never issued is a 404 {error}
      expectRegistration(answer, reg, `${RULE_1} (or, as the contract says, 404 {error})`, 'an unknown id');
    },
  },
  {
    id: 'customer.put.returns-id',
    title: 'PUT /customer stores a new customer and answers its id',
    async run(state, t) {
      await created(state, t);
    },
  },
  {
    id: 'customer.status-after-put',
    title: 'After PUT /customer, GET by id and by account answers the customer’s status and id (rule 3)',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const customer = await created(state, t);
      await expectCustomer(state, t, { id: customer.id }, customer.id, `?id=${customer.id}`);
      await expectCustomer(state, t, { account: customer.account }, customer.id, 'by account');
    },
  },
  {
    id: 'customer.missing-fields',
    title: 'A customer who has not given every required field gets NEEDS_INFO with those fields (rule 4)',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await created(state, t);
      const missing = Object.entries(reg.fields)
        .filter(([name, d]) => name !== customer.field && isRequired(d))
        .map(([name]) => name);
      if (missing.length === 0) {
        skip(
          `the anchor requires only ${customer.field} to register, so nothing is left missing after providing it`,
        );
      }
      const answer = await expectCustomer(state, t, { id: customer.id }, customer.id, `?id=${customer.id}`);
      const names = fieldNames(answer);
      const absent = missing.filter((name) => !names.includes(name));
      const status = isRecord(answer.body) ? answer.body.status : undefined;
      if (status !== 'NEEDS_INFO' || absent.length > 0) {
        fail(
          'the fields still required are not answered',
          answer.exchange,
          `rule 4: after only ${customer.field} was provided, status NEEDS_INFO with the required fields ${missing.join(', ')} in \`fields\``,
          describe(answer),
        );
      }
    },
  },
  {
    id: 'customer.shared-account-memo',
    title: 'Customers of a shared account are told apart by memo',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await createCustomer(state, t, reg, '1001');
      const query = { account: customer.account, memo_type: 'id' };
      await expectCustomer(state, t, { ...query, memo: '1001' }, customer.id, 'by account and memo 1001');
      const other = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { ...query, memo: '2002' },
      });
      if (other.status !== 200 || idOf(other) === customer.id) {
        fail(
          'another memo of the same account answered the first customer',
          other.exchange,
          `rule 1: no customer is registered under memo 2002 of ${customer.account}, so 200 with the registration fields and not the id ${customer.id} of memo 1001`,
          describe(other),
        );
      }
      expectRegistration(other, reg, RULE_1, 'another memo of a shared account');
    },
  },
  {
    id: 'customer.lang',
    title: '`lang` changes the descriptions when the anchor supports the language, never the fields',
    needsBehaviour: 'answers that depend on `lang`',
    async run(state, t) {
      const english = await call(state, t, 'getCustomer', { path: '/customer', query: { lang: 'en' } });
      const base = asRegistration(english);
      if (!base) {
        fail('no registration fields with lang=en', english.exchange, RULE_2, describe(english));
      }
      const declared = state.langs !== undefined;
      const langs = (state.langs ?? ['es', 'pt', 'fr', 'de']).filter((l) => l !== 'en');
      const localised: string[] = [];
      for (const lang of langs) {
        const answer = await call(state, t, 'getCustomer', { path: '/customer', query: { lang } });
        const reg = asRegistration(answer);
        if (!reg || !sameNames(fieldNames(answer), Object.keys(base.fields).sort())) {
          fail(
            `lang=${lang} changed what is required`,
            answer.exchange,
            `the registration fields of lang=en (${Object.keys(base.fields).join(', ')}), with descriptions in ${lang} or in English`,
            describe(answer),
          );
        }
        const differs = Object.entries(reg.fields).some(
          ([name, d]) => JSON.stringify(d) !== JSON.stringify(base.fields[name]),
        );
        if (differs) localised.push(lang);
        else if (declared) {
          fail(
            `lang=${lang} answered the English descriptions`,
            answer.exchange,
            `descriptions in ${lang}, a language given with --langs as supported`,
            'the same descriptions as lang=en',
          );
        }
      }
      if (localised.length === 0) {
        skip(
          `the anchor answered the English descriptions for ${langs.join(', ')}: it supports none of them (name supported languages with --langs to require them)`,
        );
      }
      t.note(`descriptions localised for ${localised.join(', ')}`);
    },
  },
  {
    id: 'customer.delete',
    title: 'DELETE /customer/{id} removes the customer',
    needsBehaviour: 'customers stored by PUT',
    async run(state, t) {
      const reg = await registration(state, t);
      const customer = await createCustomer(state, t, reg);
      const path = `/customer/${encodeURIComponent(customer.id)}`;
      const deleted = await call(state, t, 'deleteCustomer', { method: 'DELETE', path });
      if (deleted.status !== 200 && deleted.status !== 204) {
        fail(
          'DELETE did not delete the customer',
          deleted.exchange,
          'DELETE /customer/{id} of an existing customer answers 200 or 204',
          `${deleted.status}`,
        );
      }
      const byId = await call(state, t, 'getCustomer', { path: '/customer', query: { id: customer.id } });
      if (
        byId.status !== 404 &&
        !(byId.status === 200 && idOf(byId) !== customer.id && asRegistration(byId))
      ) {
        fail(
          'the deleted customer is still answered by id',
          byId.exchange,
          'after DELETE the id is unknown: 404 {error}, or the registration fields without that id',
          describe(byId),
        );
      }
      const byAccount = await call(state, t, 'getCustomer', {
        path: '/customer',
        query: { account: customer.account },
      });
      if (idOf(byAccount) === customer.id) {
        fail(
          'the deleted customer is still answered by account',
          byAccount.exchange,
          `after DELETE no customer is registered for ${customer.account}: the registration fields (rule 1)`,
          describe(byAccount),
        );
      }
      expectRegistration(byAccount, reg, RULE_1, 'the account of a deleted customer');
    },
  },
];
