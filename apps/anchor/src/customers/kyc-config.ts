/**
 * What the anchor asks of its customers (the KYC file, `kyc.yaml`):
 *
 * - `types`: per customer `type` (sep6, sep31-sender, …) the SEP-9 fields `required` and
 *   `optional`; `default_type` applies when a request names no type.
 * - `transaction_rules`: extra required fields when a `transaction_id` is given and the
 *   transaction's value in USD is above `above_usd`. A transaction whose amount the anchor does
 *   not know gets every rule (the strictest requirements).
 * - `review_seconds`: how long new information stays PROCESSING before it is decided.
 * - `min_age`: customers younger than this (by `birth_date`) are REJECTED.
 * - `verification`: fields confirmed with a code sent back as `<field>_verification`; `code` is
 *   a fixed code for development (without it each code is random and only logged).
 * - `transactions`: transactions whose amount the anchor knows, loaded at start.
 */

import { isRecord } from '@starspec/runtime';
import { parse } from 'yaml';
import { type FieldName, isFieldName } from '../sep9/fields.js';
import type { KnownTransaction } from '../storage/store.js';

export interface CustomerType {
  required: FieldName[];
  optional: FieldName[];
}

export interface TransactionRule {
  aboveUsd: string;
  required: FieldName[];
}

export interface KycConfig {
  defaultType: string;
  types: ReadonlyMap<string, CustomerType>;
  transactionRules: readonly TransactionRule[];
  reviewSeconds: number;
  minAge: number;
  verification: { fields: readonly FieldName[]; code?: string };
  transactions: readonly KnownTransaction[];
}

export class KycFileError extends Error {}

type Dict = Record<string, unknown>;
const isDict: (v: unknown) => v is Dict = isRecord;

function fail(where: string, message: string): never {
  throw new KycFileError(`KYC file: ${where}: ${message}`);
}

function dict(value: unknown, where: string): Dict {
  if (value === undefined || value === null) return {};
  if (!isDict(value)) fail(where, 'expected a mapping');
  return value;
}

function fieldList(value: unknown, where: string): FieldName[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) fail(where, 'expected a list of SEP-9 field names');
  return value.map((name, i) => {
    if (typeof name !== 'string' || !isFieldName(name)) {
      fail(`${where}[${i}]`, `${JSON.stringify(name)} is not a SEP-9 field this anchor knows`);
    }
    return name;
  });
}

function whole(value: unknown, where: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(where, 'expected a whole number >= 0');
  return value;
}

export function parseKycConfig(yamlText: string): KycConfig {
  let doc: unknown;
  try {
    doc = parse(yamlText);
  } catch (error) {
    throw new KycFileError(`KYC file: not valid YAML: ${(error as Error).message}`);
  }
  const root = dict(doc, '(top level)');
  const types = new Map<string, CustomerType>();
  for (const [name, raw] of Object.entries(dict(root.types, 'types'))) {
    const t = dict(raw, `types.${name}`);
    const required = fieldList(t.required, `types.${name}.required`);
    const optional = fieldList(t.optional, `types.${name}.optional`).filter((f) => !required.includes(f));
    types.set(name, { required, optional });
  }
  if (types.size === 0) fail('types', 'at least one customer type is needed');
  const defaultType = typeof root.default_type === 'string' ? root.default_type : [...types.keys()][0];
  if (defaultType === undefined || !types.has(defaultType))
    fail('default_type', `no type ${String(root.default_type)}`);

  const rules = Array.isArray(root.transaction_rules) ? root.transaction_rules : [];
  const transactionRules = rules.map((raw, i): TransactionRule => {
    const r = dict(raw, `transaction_rules[${i}]`);
    const above = typeof r.above_usd === 'number' ? String(r.above_usd) : r.above_usd;
    if (typeof above !== 'string' || !/^\d+(\.\d+)?$/.test(above)) {
      fail(`transaction_rules[${i}].above_usd`, 'expected a decimal amount');
    }
    return { aboveUsd: above, required: fieldList(r.required, `transaction_rules[${i}].required`) };
  });

  const verification = dict(root.verification, 'verification');
  const code = verification.code;
  if (code !== undefined && (typeof code !== 'string' || !/^\w{4,12}$/.test(code))) {
    fail('verification.code', 'expected 4 to 12 letters or digits, as a string');
  }

  const transactions = (Array.isArray(root.transactions) ? root.transactions : []).map((raw, i) => {
    const t = dict(raw, `transactions[${i}]`);
    const amount = typeof t.amount === 'number' ? String(t.amount) : t.amount;
    if (typeof t.id !== 'string' || typeof t.asset !== 'string' || typeof amount !== 'string') {
      fail(`transactions[${i}]`, 'expected id, amount and asset');
    }
    return { id: t.id, amount, asset: t.asset };
  });

  return {
    defaultType,
    types,
    transactionRules,
    reviewSeconds: whole(root.review_seconds, 'review_seconds', 0),
    minAge: whole(root.min_age, 'min_age', 18),
    verification: {
      fields: fieldList(verification.fields, 'verification.fields'),
      ...(typeof code === 'string' ? { code } : {}),
    },
    transactions,
  };
}
