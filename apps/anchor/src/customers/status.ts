/**
 * The status rule. It is evaluated on every GET /customer, for the requested `type` and
 * `transaction_id`, from what is on file and the clock:
 *
 * Each provided field has a status:
 *   REJECTED               its value fails the field's check (e.g. not an email address, a
 *                          document past its expiry date); `error` says why;
 *   VERIFICATION_REQUIRED  a field confirmed by code (email, phone) whose code has not come back;
 *   PROCESSING             provided less than `review_seconds` ago;
 *   ACCEPTED               otherwise.
 *
 * The customer's status, over the fields its type (and transaction) require or allow:
 *   REJECTED    a refusal was decided and its review time has passed (a customer younger than
 *               `min_age`); final: the customer cannot be updated any more;
 *   NEEDS_INFO  a required field is missing or REJECTED, or a field awaits its code;
 *   PROCESSING  otherwise, while a field is PROCESSING or a refusal is under review;
 *   ACCEPTED    otherwise.
 *
 * So a customer moves NEEDS_INFO → PROCESSING → ACCEPTED | REJECTED, and an ACCEPTED one can
 * go back to NEEDS_INFO when a type or a transaction asks for more, or a document expires.
 */
import type { components } from '@starspec/callbacks';
import { type Catalog, choiceLabels, format, type MessageKey } from '../i18n/index.js';
import { FIELDS, type FieldErrorKey, type FieldName, isChoiceField, isFieldName } from '../sep9/fields.js';
import type { CustomerRecord, StoredField } from '../storage/store.js';
import type { KycConfig } from './kyc-config.js';

type Customer = components['schemas']['Customer'];
type FieldDescriptor = components['schemas']['FieldDescriptor'];
type ProvidedFieldDescriptor = components['schemas']['ProvidedFieldDescriptor'];
type FieldStatus = NonNullable<ProvidedFieldDescriptor['status']>;

export interface Requirements {
  required: FieldName[];
  optional: FieldName[];
}

/** YYYY-MM-DD of an instant, in UTC. */
export const dateOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Why a value fails its field's check, or undefined. */
export function fieldProblem(name: FieldName, field: StoredField, today: string): FieldErrorKey | undefined {
  const spec = FIELDS[name];
  if (spec.type === 'binary') return (field.content?.length ?? 0) === 0 ? 'empty_file' : undefined;
  if (spec.choices && !spec.choices.includes(field.value)) return 'invalid_choice';
  return spec.check?.(field.value, today);
}

export function fieldStatus(
  name: FieldName,
  field: StoredField,
  kyc: KycConfig,
  now: number,
): { status: FieldStatus; problem?: FieldErrorKey } {
  const problem = fieldProblem(name, field, dateOf(now));
  if (problem) return { status: 'REJECTED', problem };
  if (kyc.verification.fields.includes(name) && !field.verified) return { status: 'VERIFICATION_REQUIRED' };
  if (now < field.providedAt + kyc.reviewSeconds * 1000) return { status: 'PROCESSING' };
  return { status: 'ACCEPTED' };
}

/** The age in whole years on `today` of someone born on `birth` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) >= birth.slice(5) ? years : years - 1;
}

/** The refusal a customer's information calls for, if any (decided when it is stored). */
export function rejectionReason(
  fields: Record<string, StoredField>,
  kyc: KycConfig,
  now: number,
): string | null {
  const birth = fields.birth_date;
  if (birth && fieldProblem('birth_date', birth, dateOf(now)) === undefined) {
    if (ageOn(birth.value, dateOf(now)) < kyc.minAge) return 'underage';
  }
  return null;
}

function describe(name: FieldName, catalog: Catalog, optional: boolean): FieldDescriptor {
  const descriptor: FieldDescriptor = {
    type: FIELDS[name].type,
    description: catalog.fields[name],
    optional,
  };
  if (isChoiceField(name)) descriptor.choices = choiceLabels(name, catalog);
  return descriptor;
}

function problemText(name: FieldName, problem: FieldErrorKey, catalog: Catalog): string {
  const choices = isChoiceField(name) ? choiceLabels(name, catalog).join(', ') : '';
  return format(catalog.errors[problem], { choices });
}

/** The GET /customer answer for a customer (or none yet), given what is required. */
export function customerView(
  record: CustomerRecord | undefined,
  requirements: Requirements,
  kyc: KycConfig,
  catalog: Catalog,
  now: number,
): Customer {
  const relevant = new Set<FieldName>([...requirements.required, ...requirements.optional]);
  const fields: Record<string, FieldDescriptor> = {};
  const provided: Record<string, ProvidedFieldDescriptor> = {};
  const stored = record?.fields ?? {};

  let missingRequired = false;
  let rejectedField = false;
  let awaitingCode = false;
  let processing = false;

  for (const [name, field] of Object.entries(stored)) {
    if (!isFieldName(name)) continue;
    const state = fieldStatus(name, field, kyc, now);
    const optional = !requirements.required.includes(name);
    const entry: ProvidedFieldDescriptor = { ...describe(name, catalog, optional), status: state.status };
    if (state.problem) entry.error = problemText(name, state.problem, catalog);
    provided[name] = entry;
    if (!relevant.has(name)) continue;
    if (state.status === 'REJECTED') {
      if (!optional) rejectedField = true;
      fields[name] = describe(name, catalog, optional);
    }
    if (state.status === 'VERIFICATION_REQUIRED') awaitingCode = true;
    if (state.status === 'PROCESSING') processing = true;
  }
  for (const name of relevant) {
    if (stored[name] !== undefined) continue;
    const optional = !requirements.required.includes(name);
    if (!optional) missingRequired = true;
    fields[name] = describe(name, catalog, optional);
  }

  const view: Customer = { status: 'NEEDS_INFO' };
  if (record) view.id = record.id;
  const hasProvided = Object.keys(provided).length > 0;

  if (record?.rejection && now >= record.rejection.at) {
    view.status = 'REJECTED';
    if (hasProvided) view.provided_fields = provided;
    view.message = format(catalog.messages[`rejected_${record.rejection.reason}` as MessageKey] ?? '', {
      age: kyc.minAge,
    });
    return view;
  }
  let message: MessageKey;
  if (missingRequired || rejectedField || awaitingCode) {
    view.status = 'NEEDS_INFO';
    message = rejectedField ? 'fix_rejected' : missingRequired ? 'needs_info' : 'needs_verification';
  } else if (processing || record?.rejection) {
    view.status = 'PROCESSING';
    message = 'processing';
  } else {
    view.status = 'ACCEPTED';
    message = 'accepted';
  }
  if (Object.keys(fields).length > 0) view.fields = fields;
  if (hasProvided) view.provided_fields = provided;
  if (record) view.message = catalog.messages[message];
  return view;
}
