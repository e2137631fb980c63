/**
 * The requests and answers the customer checks share: the registration answer, customers
 * created with PUT, and how an answer is compared with the seed's rules.
 */
import { fail, skip } from '../../model.js';
import type { CheckContext, Recorder } from '../../runner.js';
import { randomAccountId } from '../../strkey.js';
import { type Answer, type CallbacksState, call, isRecord } from './state.js';
import { platformFieldType } from './tolerance.js';

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

export interface Registration {
  answer: Answer;
  fields: Record<string, Record<string, unknown>>;
}

export const RULE_1 =
  'rule 1: no customer is registered for the parameters sent, so the anchor answers the fields required to register it';
export const RULE_2 =
  'rule 2: with no parameters, 200 with status NEEDS_INFO and the fields required to register a customer';

/** The answer as a registration answer (NEEDS_INFO with fields), when it is one. */
export function asRegistration(answer: Answer): Registration | undefined {
  if (answer.status !== 200 || !isRecord(answer.body)) return undefined;
  const { status, fields } = answer.body;
  if (status !== 'NEEDS_INFO' || !isRecord(fields) || Object.keys(fields).length === 0) return undefined;
  return { answer, fields: fields as Registration['fields'] };
}

/**
 * The answer for an account no customer has: what the platform asks when a wallet's user
 * registers (Sep12Service fills `account` from the SEP-10 token, so it never asks without one).
 */
export function registrationAnswer(state: CallbacksState, t: Recorder): Promise<Answer> {
  return state.probes.use(t, 'customer:registration', (r) =>
    call(state, r, 'getCustomer', { path: '/customer', query: { account: randomAccountId() } }),
  );
}

/** The registration fields, or a skip when the anchor did not answer them (that check fails). */
export async function registration(state: CallbacksState, t: Recorder): Promise<Registration> {
  const found = asRegistration(await registrationAnswer(state, t));
  if (!found) {
    skip(
      'needs the registration fields, which GET /customer for an unknown account did not answer (see customer.unknown-account)',
    );
  }
  return found;
}

export const isRequired = (descriptor: Record<string, unknown>) => descriptor.optional !== true;

/** The field a PUT provides: a required text field with a sample value. */
function fieldToProvide(reg: Registration): string {
  const entries = Object.entries(reg.fields);
  const usable = ([name, d]: [string, Record<string, unknown>]) => {
    const type = d.type === undefined ? 'string' : platformFieldType(d.type);
    return SAMPLE_VALUES[name] !== undefined && (type === 'string' || type === 'date');
  };
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

export function idOf(answer: Answer): string | undefined {
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
export async function createCustomer(
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

export function created(state: CallbacksState, t: Recorder): Promise<Created> {
  return state.probes.use(t, 'customer:created', async (r) =>
    createCustomer(state, r, await registration(state, r)),
  );
}

export const fieldNames = (answer: Answer) =>
  isRecord(answer.body) && isRecord(answer.body.fields) ? Object.keys(answer.body.fields).sort() : [];

export const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((n, i) => n === b[i]);

/** The answer for an unknown customer is the registration answer (rule 1). */
export function expectRegistration(answer: Answer, reg: Registration, rule: string, what: string): void {
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
      `${what}: the fields differ from those for an unknown account`,
      answer.exchange,
      `${rule}: the same fields as for any unknown account (${expected.join(', ')})`,
      `fields ${names.join(', ')}`,
    );
  }
}

export function describe(answer: Answer): string {
  if (!isRecord(answer.body)) return `${answer.status} ${JSON.stringify(answer.body) ?? 'without a body'}`;
  const { status, fields, id } = answer.body;
  const parts = [`${answer.status}`];
  if (status !== undefined) parts.push(`status ${JSON.stringify(status)}`);
  if (id !== undefined) parts.push(`id ${JSON.stringify(id)}`);
  parts.push(isRecord(fields) ? `fields ${Object.keys(fields).join(', ') || '(none)'}` : 'no fields');
  return parts.join(', ');
}

export async function expectCustomer(
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
