/**
 * The SEP-9 fields the anchor understands: their kind, their allowed values, and the checks a
 * provided value must pass. A value that fails its check is kept but reported in
 * `provided_fields` as REJECTED with an `error`, and asked for again in `fields`.
 */
import { isIP } from 'node:net';

export const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'additional_name',
  'address_country_code',
  'state_or_province',
  'city',
  'postal_code',
  'address',
  'mobile_number',
  'email_address',
  'birth_date',
  'birth_place',
  'birth_country_code',
  'bank_name',
  'bank_account_number',
  'bank_account_type',
  'bank_number',
  'bank_phone_number',
  'bank_branch_number',
  'external_transfer_memo',
  'clabe_number',
  'cbu_number',
  'cbu_alias',
  'mobile_money_number',
  'mobile_money_provider',
  'crypto_address',
  'crypto_memo',
  'tax_id',
  'tax_id_name',
  'occupation',
  'employer_name',
  'employer_address',
  'language_code',
  'id_type',
  'id_country_code',
  'id_issue_date',
  'id_expiration_date',
  'id_number',
  'ip_address',
  'sex',
  'referral_id',
] as const;

export const BINARY_FIELDS = [
  'photo_id_front',
  'photo_id_back',
  'notary_approval_of_photo_id',
  'photo_proof_residence',
  'photo_proof_of_income',
  'proof_of_liveness',
] as const;

export type FieldName = (typeof TEXT_FIELDS)[number] | (typeof BINARY_FIELDS)[number];
export const FIELD_NAMES: readonly FieldName[] = [...TEXT_FIELDS, ...BINARY_FIELDS];

export const CHOICES = {
  bank_account_type: ['checking', 'savings'],
  id_type: ['passport', 'drivers_license', 'id_card'],
  sex: ['male', 'female', 'other'],
} as const satisfies Partial<Record<FieldName, readonly string[]>>;

export type ChoiceField = keyof typeof CHOICES;

/** Keys of the per-field error messages (see the i18n catalogs). */
export type FieldErrorKey =
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_country'
  | 'invalid_date'
  | 'date_not_past'
  | 'document_expired'
  | 'invalid_language'
  | 'invalid_occupation'
  | 'invalid_clabe'
  | 'invalid_cbu'
  | 'invalid_ip'
  | 'invalid_choice'
  | 'empty_file';

export interface FieldSpec {
  type: 'string' | 'binary' | 'number' | 'date';
  choices?: readonly string[];
  /** Checks a value (already normalised); `today` is YYYY-MM-DD (UTC). */
  check?: (value: string, today: string) => FieldErrorKey | undefined;
}

const pattern =
  (re: RegExp, key: FieldErrorKey) =>
  (value: string): FieldErrorKey | undefined =>
    re.test(value) ? undefined : key;

const E164 = pattern(/^\+[1-9]\d{6,14}$/, 'invalid_phone');
const COUNTRY = pattern(/^[A-Z]{3}$/, 'invalid_country');

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(0);
  date.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return date.toISOString().startsWith(value);
}

const pastDate = (value: string, today: string): FieldErrorKey | undefined => {
  if (!isCalendarDate(value)) return 'invalid_date';
  return value < today ? undefined : 'date_not_past';
};

export const FIELDS: Record<FieldName, FieldSpec> = {
  first_name: { type: 'string' },
  last_name: { type: 'string' },
  additional_name: { type: 'string' },
  address_country_code: { type: 'string', check: COUNTRY },
  state_or_province: { type: 'string' },
  city: { type: 'string' },
  postal_code: { type: 'string' },
  address: { type: 'string' },
  mobile_number: { type: 'string', check: E164 },
  email_address: { type: 'string', check: pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'invalid_email') },
  birth_date: { type: 'date', check: pastDate },
  birth_place: { type: 'string' },
  birth_country_code: { type: 'string', check: COUNTRY },
  bank_name: { type: 'string' },
  bank_account_number: { type: 'string' },
  bank_account_type: { type: 'string', choices: CHOICES.bank_account_type },
  bank_number: { type: 'string' },
  bank_phone_number: { type: 'string', check: E164 },
  bank_branch_number: { type: 'string' },
  external_transfer_memo: { type: 'string' },
  clabe_number: { type: 'string', check: pattern(/^\d{18}$/, 'invalid_clabe') },
  cbu_number: { type: 'string', check: pattern(/^\d{22}$/, 'invalid_cbu') },
  cbu_alias: { type: 'string' },
  mobile_money_number: { type: 'string', check: E164 },
  mobile_money_provider: { type: 'string' },
  crypto_address: { type: 'string' },
  crypto_memo: { type: 'string' },
  tax_id: { type: 'string' },
  tax_id_name: { type: 'string' },
  occupation: { type: 'number', check: pattern(/^\d{1,4}$/, 'invalid_occupation') },
  employer_name: { type: 'string' },
  employer_address: { type: 'string' },
  language_code: { type: 'string', check: pattern(/^[a-z]{2}$/, 'invalid_language') },
  id_type: { type: 'string', choices: CHOICES.id_type },
  id_country_code: { type: 'string', check: COUNTRY },
  id_issue_date: { type: 'date', check: pastDate },
  id_expiration_date: {
    type: 'date',
    check: (value, today) => {
      if (!isCalendarDate(value)) return 'invalid_date';
      return value > today ? undefined : 'document_expired';
    },
  },
  id_number: { type: 'string' },
  ip_address: { type: 'string', check: (value) => (isIP(value) === 0 ? 'invalid_ip' : undefined) },
  sex: { type: 'string', choices: CHOICES.sex },
  referral_id: { type: 'string' },
  photo_id_front: { type: 'binary' },
  photo_id_back: { type: 'binary' },
  notary_approval_of_photo_id: { type: 'binary' },
  photo_proof_residence: { type: 'binary' },
  photo_proof_of_income: { type: 'binary' },
  proof_of_liveness: { type: 'binary' },
};

export function isFieldName(name: string): name is FieldName {
  return Object.hasOwn(FIELDS, name);
}

export function isChoiceField(name: string): name is ChoiceField {
  return Object.hasOwn(CHOICES, name);
}
